import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert.tsx';
import { IconPlus } from '../icons.ts';
import { countryName } from '../../../shared/intl/countries.ts';
import { timePlansQueryOptions } from '../../../entities/time-plan/index.ts';
import { PlanBadges } from './plan-badges.tsx';
import { PlanEditor } from './plan-editor.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';
import classes from './time-of-use.module.css';

/** The query parameter naming the plan open in the editor. */
export const PLAN_PARAM = 'plan';

/** `?plan=` as a plan id (a positive integer), else null (the list is shown). */
function planParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The plans the user sees: predefined ones and their companies', each opening the editor. */
function PlanList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(timePlansQueryOptions());
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <LoadErrorAlert
        title={t('time_of_use.list.load_error')}
        retry={{ error: query.error, onRetry: () => void query.refetch() }}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState title={t('time_of_use.list.empty')}>
        {t('time_of_use.list.empty_hint')}
      </EmptyState>
    );
  }
  return (
    <ul className={classes.planList} aria-label={t('time_of_use.list.title')}>
      {query.data.map((plan) => (
        <li key={plan.id}>
          <UnstyledButton className={classes.planRow} onClick={() => onOpen(plan.id)}>
            <span className={classes.planSwatch} style={{ background: plan.color }} aria-hidden />
            <span className={classes.planMain}>
              <Text fw={600} component="span">
                {plan.title}
              </Text>
              <Text size="sm" c="dimmed" component="span">
                {[
                  plan.countryCode ? countryName(plan.countryCode, i18n.language) : null,
                  t('time_of_use.list.blocks_count', { count: plan.blocksCount }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </span>
            <PlanBadges plan={plan} />
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}

/**
 * /time-of-use (aggregators and super admins, spec 000 §2, §6): the time plans and, with `?plan=ID`, the
 * editor of one plan (blocks, seasons, slots on a week grid).
 */
export function TimeOfUsePage({
  superAdmin,
  companyId,
}: {
  /** Super admins create predefined plans too; aggregators their companies' plans. */
  superAdmin: boolean;
  /** The user's company: the owner a new plan starts with. */
  companyId: number | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const planId = planParam(search.get(PLAN_PARAM));
  const open = (id: number | null) =>
    void navigate(id === null ? '/time-of-use' : `/time-of-use?${PLAN_PARAM}=${id}`);

  if (planId !== null) {
    return (
      <PlanEditor key={planId} planId={planId} onClose={() => open(null)} superAdmin={superAdmin} />
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('route_titles.time_of_use')}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('time_of_use.plan.create_title')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={0}>
        <PlanList onOpen={open} />
      </Paper>
      {creating && (
        <PlanFormModal
          opened
          onClose={() => setCreating(false)}
          superAdmin={superAdmin}
          defaultCompanyId={companyId}
          onSaved={(plan) => {
            setCreating(false);
            open(plan.id);
          }}
        />
      )}
    </Stack>
  );
}
