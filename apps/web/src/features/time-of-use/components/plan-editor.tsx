import { useEffect, useState } from 'react';
import { Button, Group, List, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { TimePlanDto } from '@ec/contract';
import { checkCoverage } from '@ec/domain';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { loadedItem } from '../../../shared/ui/states.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import {
  deleteTimePlan,
  saveTimePlanStructure,
  timePlanStructureQueryOptions,
} from '../../../entities/time-plan/index.ts';
import { problemText } from '../model/format.ts';
import {
  draftFromPlan,
  draftSlots,
  isDirty,
  keepSeasons,
  structureForm,
  type PlanDraft,
} from '../model/plan-draft.ts';
import { IconArrowLeft, IconPencil, IconTrash } from '../icons.ts';
import { BlocksTab } from './blocks-tab.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';
import { PlanUsage } from './plan-usage.tsx';
import { SeasonsTab } from './seasons-tab.tsx';
import { SlotsTab } from './slots-tab.tsx';
import { PlanBadges } from './plan-badges.tsx';
import classes from './time-of-use.module.css';

/** How many coverage problems the hint lists before "and N more". */
const PROBLEMS_SHOWN = 6;

/** The texts of a refused save: the server's message and each of its field messages (day and time named). */
function saveErrorTexts(error: unknown, t: (key: string, o?: Record<string, unknown>) => string) {
  const texts = [submitErrorText(error, t, 'time_of_use.save_error')];
  if (error instanceof ApiError) {
    for (const key of Object.values(error.fields)) texts.push(t(key, error.params));
  }
  return [...new Set(texts)];
}

/**
 * One time plan's editor: header (details, delete), tabs Blocks, Seasons and Slots, live coverage hints and Save
 * (PUT /timeplans/:id/structure). Leaving with unsaved changes asks to go back to editing or drop them (spec 001 §4).
 */
export function PlanEditor({
  planId,
  onClose,
  superAdmin,
}: {
  planId: number;
  onClose: () => void;
  superAdmin: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery(timePlanStructureQueryOptions(planId));
  const { item: plan, fallback } = loadedItem(query, {
    notFoundKey: 'time_of_use.not_found',
    errorKey: 'time_of_use.load_error',
  });
  return (
    <Stack gap="md">
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onClose}
        >
          {t('time_of_use.list.back')}
        </Button>
      </div>
      {plan ? <LoadedPlanEditor plan={plan} onClose={onClose} superAdmin={superAdmin} /> : fallback}
    </Stack>
  );
}

function LoadedPlanEditor({
  plan,
  onClose,
  superAdmin,
}: {
  plan: TimePlanDto;
  onClose: () => void;
  superAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [baseline, setBaseline] = useState(plan);
  const [draft, setDraft] = useState<PlanDraft>(() => draftFromPlan(plan));
  const [tab, setTab] = useState<string | null>(plan.seasons.length > 0 ? 'slots' : 'seasons');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const editable = plan.editable;

  // A new answer of the server (a season saved, the header changed): unsaved blocks and slots stay.
  if (plan !== baseline) {
    setBaseline(plan);
    setDraft((current) =>
      isDirty(current, baseline) ? keepSeasons(current, plan.seasons) : draftFromPlan(plan),
    );
  }
  const dirty = isDirty(draft, plan);

  const save = useMutation({
    mutationFn: () =>
      saveTimePlanStructure(queryClient, plan.id, structureForm(draft, plan.seasons)),
    onSuccess: (saved) => {
      setBaseline(saved);
      setDraft(draftFromPlan(saved));
      showToast({ color: 'green', message: t('time_of_use.save_success') });
    },
    onError: (error) => {
      showToast({ color: 'red', message: submitErrorText(error, t, 'time_of_use.save_error') });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteTimePlan(queryClient, plan.id),
    onSuccess: () => {
      setDeleting(false);
      setLeaving(true);
      showToast({ color: 'green', message: t('time_of_use.delete_success') });
    },
    onError: (error) => {
      // A plan in use: 409 with the server's message instead of the generic one (spec 001 §7, §8).
      showToast({
        color: 'red',
        message:
          error instanceof ApiError && error.status === 409
            ? submitErrorText(error, t, 'time_of_use.delete_error')
            : t('time_of_use.delete_error'),
      });
    },
  });
  useEffect(() => {
    if (leaving) onClose();
  }, [leaving, onClose]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving &&
      !save.isPending &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const seasonTitle = (id: number) => plan.seasons.find((s) => s.id === id)?.title ?? '';
  const problems = checkCoverage({
    seasons: plan.seasons,
    slots: draftSlots(draft).map((slot, id) => ({ ...slot, id })),
  });
  const emptyTitle = draft.blocks.some((b) => b.title.trim() === '');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <span className={classes.planSwatch} style={{ background: plan.color }} aria-hidden />
            <Title order={1} size="h2">
              {plan.title}
            </Title>
          </Group>
          <PlanBadges plan={plan} />
        </Stack>
        {editable && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('time_of_use.plan.edit_title')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('time_of_use.plan.delete')}
            </Button>
          </Group>
        )}
      </Group>

      {plan.inUse && <PlanUsage planId={plan.id} />}

      <Paper withBorder radius="md" p="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="blocks">{t('time_of_use.tabs.blocks')}</Tabs.Tab>
            <Tabs.Tab value="seasons">{t('time_of_use.tabs.seasons')}</Tabs.Tab>
            <Tabs.Tab value="slots">{t('time_of_use.tabs.slots')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="blocks">
            <BlocksTab draft={draft} onChange={setDraft} editable={editable} />
          </Tabs.Panel>
          <Tabs.Panel value="seasons">
            <SeasonsTab plan={plan} editable={editable} />
          </Tabs.Panel>
          <Tabs.Panel value="slots">
            <SlotsTab plan={plan} draft={draft} onChange={setDraft} editable={editable} />
          </Tabs.Panel>
        </Tabs>
      </Paper>

      <section aria-label={t('time_of_use.coverage.title')}>
        {problems.length === 0 ? (
          <Text size="sm" c="green.8" role="status">
            {t('time_of_use.coverage.complete')}
          </Text>
        ) : (
          <Stack gap={4} role="status">
            <Text size="sm" fw={600}>
              {t('time_of_use.coverage.incomplete')}
            </Text>
            <List size="sm">
              {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                <List.Item key={index}>
                  {problemText(problem, seasonTitle, t, i18n.language)}
                </List.Item>
              ))}
            </List>
            {problems.length > PROBLEMS_SHOWN && (
              <Text size="sm" c="dimmed">
                {t('time_of_use.coverage.more', { count: problems.length - PROBLEMS_SHOWN })}
              </Text>
            )}
          </Stack>
        )}
      </section>

      {save.isError && (
        <FormAlert kind="error" title={t('time_of_use.save_error')}>
          <List size="sm">
            {saveErrorTexts(save.error, t).map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </FormAlert>
      )}

      {editable && (
        <Group justify="flex-end" gap="sm" className={classes.saveBar}>
          {dirty && (
            <Text size="sm" c="orange.8" mr="auto">
              {t('time_of_use.unsaved')}
            </Text>
          )}
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setDraft(draftFromPlan(plan));
              save.reset();
            }}
          >
            {t('time_of_use.discard')}
          </Button>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!dirty || emptyTitle || plan.seasons.length === 0}
          >
            {t('common.save')}
          </Button>
        </Group>
      )}

      {editing && (
        <PlanFormModal
          opened
          plan={plan}
          superAdmin={superAdmin}
          defaultCompanyId={plan.companyId}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      <ConfirmModal
        opened={deleting}
        title={t('time_of_use.plan.delete_title')}
        confirmLabel={t('time_of_use.delete')}
        loading={remove.isPending}
        error={remove.isError ? submitErrorText(remove.error, t, 'time_of_use.delete_error') : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          setDeleting(false);
          remove.reset();
        }}
      >
        {t('time_of_use.plan.delete_text', { title: plan.title })}
      </ConfirmModal>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('time_of_use.leave.title')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Text size="sm">{t('time_of_use.leave.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              {t('time_of_use.leave.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('time_of_use.leave.drop')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
