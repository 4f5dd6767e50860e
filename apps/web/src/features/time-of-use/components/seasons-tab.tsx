import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TimePlanDto, TimePlanSeasonDto, TimePlanSeasonForm } from '@ec/contract';
import { seasonDayIndex } from '@ec/domain';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { deleteSeason, saveSeason } from '../../../entities/time-plan/index.ts';
import { seasonDate } from '../model/format.ts';
import { IconPlus, IconTrash } from '../icons.ts';
import classes from './time-of-use.module.css';

type Field = 'title' | 'from' | 'to';
type Errors = Partial<Record<Field, string>>;

/** The season's fields as typed; each error is a catalog key. */
function seasonErrors(values: TimePlanSeasonForm): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.title.trim() === '') errors.title = 'validation.required';
  for (const field of ['from', 'to'] as const) {
    if (values[field] === '') errors[field] = 'validation.required';
    else if (seasonDayIndex(values[field]) === null)
      errors[field] = 'time_of_use.seasons.month_day';
  }
  return errors;
}

/**
 * One season's form: title and its inclusive MM-DD range. A new season (no `season`) is saved on its own — its slots
 * can be edited once it is saved (spec 001 §4), which the form says.
 */
function SeasonForm({
  plan,
  season,
  editable,
  onSaved,
}: {
  plan: TimePlanDto;
  season: TimePlanSeasonDto | null;
  editable: boolean;
  onSaved?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const empty = { title: '', from: '', to: '' };
  const [values, setValues] = useState<TimePlanSeasonForm>(
    season ? { title: season.title, from: season.from, to: season.to } : empty,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [deleting, setDeleting] = useState(false);
  const labels: Record<Field, string> = {
    title: t('time_of_use.seasons.title'),
    from: t('time_of_use.seasons.from'),
    to: t('time_of_use.seasons.to'),
  };
  const changed =
    season === null
      ? values.title !== '' || values.from !== '' || values.to !== ''
      : values.title !== season.title || values.from !== season.from || values.to !== season.to;

  const save = useMutation({
    mutationFn: (form: TimePlanSeasonForm) =>
      saveSeason(queryClient, plan.id, season?.id ?? null, form),
    onSuccess: () => {
      showToast({ color: 'green', message: t('time_of_use.save_success') });
      if (season === null) setValues(empty);
      onSaved?.();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const next: Errors = {};
        for (const [path, key] of Object.entries(error.fields)) {
          const name = path.split('.').pop() as Field;
          if (name in labels) next[name] = key;
        }
        setErrors(next);
      }
      showToast({ color: 'red', message: submitErrorText(error, t, 'time_of_use.save_error') });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSeason(queryClient, plan.id, season?.id ?? 0),
    onSuccess: () => {
      setDeleting(false);
      showToast({ color: 'green', message: t('time_of_use.delete_success') });
    },
    onError: (error) => {
      showToast({
        color: 'red',
        message: isConflict(error)
          ? submitErrorText(error, t, 'time_of_use.delete_error')
          : t('time_of_use.delete_error'),
      });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = { title: values.title.trim(), from: values.from.trim(), to: values.to.trim() };
    const found = seasonErrors(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(form);
  }
  const error = (field: Field) => {
    const key = errors[field];
    return key ? t(key, { field: labels[field] }) : undefined;
  };
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const formError =
    save.isError && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={season ? season.title : t('time_of_use.seasons.new')}
    >
      <Stack gap={6} className={classes.seasonForm}>
        {season === null ? (
          <Text fw={600} size="sm">
            {t('time_of_use.seasons.new')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('time_of_use.seasons.range', {
              from: seasonDate(season.from, i18n.language),
              to: seasonDate(season.to, i18n.language),
            })}
          </Text>
        )}
        {formError && (
          <FormAlert kind="error">
            {submitErrorText(save.error, t, 'time_of_use.save_error')}
          </FormAlert>
        )}
        <div className={classes.itemRow}>
          <TextInput
            label={labels.title}
            value={values.title}
            required
            readOnly={!editable}
            maxLength={100}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={error('title')}
          />
          <TextInput
            label={labels.from}
            placeholder={t('time_of_use.seasons.month_day_placeholder')}
            value={values.from}
            required
            readOnly={!editable}
            maxLength={5}
            w={110}
            onChange={(e) => set('from', e.currentTarget.value)}
            error={error('from')}
          />
          <TextInput
            label={labels.to}
            placeholder={t('time_of_use.seasons.month_day_placeholder')}
            value={values.to}
            required
            readOnly={!editable}
            maxLength={5}
            w={110}
            onChange={(e) => set('to', e.currentTarget.value)}
            error={error('to')}
          />
          {editable && (
            <Button
              type="submit"
              variant={season ? 'default' : 'filled'}
              loading={save.isPending}
              disabled={!changed}
              leftSection={season ? undefined : <IconPlus size={18} aria-hidden />}
            >
              {season ? t('common.save') : t('time_of_use.seasons.add')}
            </Button>
          )}
          {editable && season && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('time_of_use.seasons.delete', { title: season.title })}
              onClick={() => setDeleting(true)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </div>
        {changed && (
          <Badge variant="light" color="orange" style={{ alignSelf: 'flex-start' }}>
            {t('time_of_use.seasons.unsaved')}
          </Badge>
        )}
      </Stack>
      {season && (
        <ConfirmModal
          opened={deleting}
          title={t('time_of_use.seasons.delete_title')}
          confirmLabel={t('time_of_use.delete')}
          loading={remove.isPending}
          error={
            remove.isError ? submitErrorText(remove.error, t, 'time_of_use.delete_error') : null
          }
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            setDeleting(false);
            remove.reset();
          }}
        >
          {t('time_of_use.seasons.delete_text', { title: season.title })}
        </ConfirmModal>
      )}
    </form>
  );
}

function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The plan's seasons: each saved on its own; together they must cover the whole year once. */
export function SeasonsTab({ plan, editable }: { plan: TimePlanDto; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('time_of_use.seasons.hint')}
      </Text>
      {plan.seasons.length === 0 && <Text size="sm">{t('time_of_use.seasons.empty')}</Text>}
      {plan.seasons.map((season) => (
        <SeasonForm
          key={`${season.id}:${season.title}:${season.from}:${season.to}`}
          plan={plan}
          season={season}
          editable={editable}
        />
      ))}
      {editable && <SeasonForm plan={plan} season={null} editable />}
    </Stack>
  );
}
