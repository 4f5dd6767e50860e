import { useId, useState, type FormEvent } from 'react';
import { Button, ColorInput, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TimePlanCreateForm, TimePlanDto, TimePlanUpdateForm } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { companiesQueryOptions } from '../../../entities/company/index.ts';
import { createTimePlan, updateTimePlan } from '../../../entities/time-plan/index.ts';
import { CountrySelect } from '../../reference/index.ts';

type Field = 'title' | 'color' | 'countryCode' | 'companyId' | 'holidays';
const FIELDS: readonly Field[] = ['title', 'color', 'countryCode', 'companyId', 'holidays'];
/** The owner select's value of a predefined plan (super admins). */
const PREDEFINED = 'predefined';

interface Values {
  title: string;
  color: string;
  countryCode: string | null;
  /** PREDEFINED, a company id as text, or '' while none is chosen. */
  owner: string;
  holidaysAsSunday: boolean;
}

function loadCreateSchema() {
  return import('@ec/contract').then((contract) => contract.timePlanCreateFormSchema);
}
function loadUpdateSchema() {
  return import('@ec/contract').then((contract) => contract.timePlanUpdateFormSchema);
}

/**
 * Creates a time plan (title, colour, country, owner, holidays as Sunday) or changes an existing plan's header.
 * The owner: super admins choose "Predefined" or a company, aggregators one of their companies.
 */
export function PlanFormModal({
  opened,
  onClose,
  plan,
  superAdmin,
  defaultCompanyId,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** The plan whose header is changed; absent: a new plan. */
  plan?: TimePlanDto;
  superAdmin: boolean;
  defaultCompanyId: number | null;
  onSaved: (plan: TimePlanDto) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const initial: Values = plan
    ? {
        title: plan.title,
        color: plan.color,
        countryCode: plan.countryCode,
        owner: plan.companyId === null ? PREDEFINED : String(plan.companyId),
        holidaysAsSunday: plan.holidays === 'AS_SUNDAY',
      }
    : {
        title: '',
        color: '#1c7ed6',
        countryCode: null,
        owner: superAdmin ? PREDEFINED : defaultCompanyId === null ? '' : String(defaultCompanyId),
        holidaysAsSunday: true,
      };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const companies = useQuery({ ...companiesQueryOptions(), enabled: opened && !plan });

  const mutation = useMutation({
    mutationFn: (form: TimePlanCreateForm | TimePlanUpdateForm) =>
      plan
        ? updateTimePlan(queryClient, plan.id, form as TimePlanUpdateForm)
        : createTimePlan(queryClient, form as TimePlanCreateForm),
    onSuccess: (saved) => {
      showToast({ color: 'green', message: t('time_of_use.save_success') });
      setErrors({});
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(fieldErrorsFromApi(error.fields, FIELDS));
      showToast({ color: 'red', message: submitErrorText(error, t, 'time_of_use.save_error') });
    },
  });
  const formError =
    mutation.isError &&
    !(mutation.error instanceof ApiError && Object.keys(mutation.error.fields).length > 0);

  const labels: Record<Field, string> = {
    title: t('time_of_use.plan.title'),
    color: t('time_of_use.plan.color'),
    countryCode: t('time_of_use.plan.country'),
    companyId: t('time_of_use.plan.owner'),
    holidays: t('time_of_use.plan.holidays_as_sunday'),
  };
  const error = (field: Field) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };
  function set<K extends keyof Values>(key: K, value: Values[K], field: Field) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, field));
  }

  const ownerOptions = [
    ...(superAdmin ? [{ value: PREDEFINED, label: t('time_of_use.plan.predefined') }] : []),
    ...(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const header = {
      title: values.title.trim(),
      color: values.color.trim().toLowerCase(),
      countryCode: values.countryCode,
      holidays: values.holidaysAsSunday ? ('AS_SUNDAY' as const) : ('NONE' as const),
    };
    if (plan) {
      const result = await validateForm<TimePlanUpdateForm, Exclude<Field, 'companyId'>>(
        loadUpdateSchema,
        header,
      );
      if (!result.ok) return setErrors(result.errors);
      mutation.mutate(result.data);
      return;
    }
    if (values.owner === '') {
      setErrors({ companyId: { key: 'validation.required' } });
      return;
    }
    const companyId = values.owner === PREDEFINED ? null : Number(values.owner);
    const result = await validateForm<TimePlanCreateForm, Field>(loadCreateSchema, {
      ...header,
      companyId,
    });
    if (!result.ok) return setErrors(result.errors);
    mutation.mutate(result.data);
  }

  const close = () => {
    if (mutation.isPending) return;
    setErrors({});
    mutation.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={plan ? t('time_of_use.plan.edit_title') : t('time_of_use.plan.create_title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-describedby={formError ? errorId : undefined}
      >
        <Stack gap="md">
          {formError && (
            <FormAlert kind="error" id={errorId}>
              {submitErrorText(mutation.error, t, 'time_of_use.save_error')}
            </FormAlert>
          )}
          <TextInput
            label={labels.title}
            name="title"
            required
            data-autofocus
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value, 'title')}
            error={error('title')}
          />
          <ColorInput
            label={labels.color}
            name="color"
            required
            format="hex"
            value={values.color}
            onChange={(value) => set('color', value, 'color')}
            error={error('color')}
          />
          <CountrySelect
            label={labels.countryCode}
            name="countryCode"
            valueKind="code"
            clearable
            value={values.countryCode}
            onChange={(value) => set('countryCode', value, 'countryCode')}
            error={error('countryCode')}
          />
          {!plan && (
            <Select
              label={labels.companyId}
              name="companyId"
              required
              data={ownerOptions}
              value={values.owner || null}
              onChange={(value) => set('owner', value ?? '', 'companyId')}
              error={error('companyId')}
              allowDeselect={false}
            />
          )}
          <Switch
            label={labels.holidays}
            description={t('time_of_use.plan.holidays_hint')}
            checked={values.holidaysAsSunday}
            onChange={(e) => set('holidaysAsSunday', e.currentTarget.checked, 'holidays')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {plan ? t('common.save') : t('time_of_use.plan.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
