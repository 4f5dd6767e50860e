import { useMemo, useState, type FormEvent } from 'react';
import { Paper, Select, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail, UpdateCompanyForm } from '@ec/contract';
// Statically: global settings is a lazy route module of its own, and the form shows the number formatted at once.
import * as phoneNumbers from '@ec/contract/phone';
import { ApiError } from '../../../shared/api/errors.ts';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { formattedPhone, phoneForApi } from '../../../shared/forms/phone.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { countriesQueryOptions, CountrySelect } from '../../reference/index.ts';
import { companyLocationGroupsQueryOptions } from '../../../entities/location-group/index.ts';
import { updateCompany } from '../api/global-settings-api.ts';
import { orderTree } from '../group-tree.ts';
import classes from './global-settings.module.css';

/** The company's own fields. */
const COMPANY_FIELDS = ['name', 'countryId', 'contactEmail', 'contactPhone'] as const;
/** The settings fields of spec 001 §3 (text ones; the default group is a select). */
const SETTINGS_TEXT_FIELDS = [
  'productName',
  'platformName',
  'slogan',
  'domain',
  'supportEmail',
  'privacyPolicyUrl',
  'termsUrl',
  'registrationUrl',
] as const;

type TextField = (typeof SETTINGS_TEXT_FIELDS)[number] | 'name' | 'contactEmail' | 'contactPhone';
/** Every field of the form. */
export type CompanyField = TextField | 'countryId' | 'defaultLocationGroupId';

/** The form's values as typed. */
export type CompanyFormValues = Record<TextField, string> & {
  countryId: string | null;
  defaultLocationGroupId: string | null;
};

/** The form's values for a company (the phone in international format). */
export function formValuesOf(company: CompanyDetail): CompanyFormValues {
  const s = company.settings;
  return {
    name: company.name,
    countryId: String(company.countryId),
    contactEmail: company.contactEmail ?? '',
    contactPhone:
      company.contactPhone === null ? '' : phoneNumbers.formatPhone(company.contactPhone),
    productName: s.productName ?? '',
    platformName: s.platformName ?? '',
    slogan: s.slogan ?? '',
    domain: s.domain ?? '',
    supportEmail: s.supportEmail ?? '',
    privacyPolicyUrl: s.privacyPolicyUrl ?? '',
    termsUrl: s.termsUrl ?? '',
    registrationUrl: s.registrationUrl ?? '',
    defaultLocationGroupId:
      s.defaultLocationGroupId === null ? null : String(s.defaultLocationGroupId),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** PUT /companies/:id body: the company's fields and every setting (an empty text clears it). */
export function companyPayload(values: CompanyFormValues): UpdateCompanyForm {
  const settings = Object.fromEntries(
    SETTINGS_TEXT_FIELDS.map((field) => [field, orNull(values[field])]),
  ) as Record<(typeof SETTINGS_TEXT_FIELDS)[number], string | null>;
  return {
    name: values.name.trim(),
    ...(values.countryId === null ? {} : { countryId: Number(values.countryId) }),
    contactEmail: orNull(values.contactEmail),
    contactPhone: orNull(values.contactPhone),
    settings: {
      ...settings,
      defaultLocationGroupId:
        values.defaultLocationGroupId === null ? null : Number(values.defaultLocationGroupId),
    },
  };
}

/**
 * Checks the values with the contract's schemas (loaded on demand; messages are catalog keys) and the phone with
 * the numbering plan of the form's country, like the server. Answers the errors and the body to send: the phone in
 * E.164, or left out when it is unchanged and no valid number (stored before numbers were checked), so it does not
 * block saving the rest.
 */
async function checkValues(
  values: CompanyFormValues,
  saved: CompanyFormValues,
  countryCode: string | undefined,
): Promise<{ errors: FieldErrors<CompanyField>; payload: UpdateCompanyForm }> {
  const payload = companyPayload(values);
  const phone = phoneForApi(phoneNumbers, values.contactPhone, countryCode);
  const keepOldPhone = !phone.ok && values.contactPhone === saved.contactPhone;
  if (keepOldPhone) delete payload.contactPhone;
  const { settings, ...own } = payload;
  const [company, more] = await Promise.all([
    validateForm<unknown, CompanyField>(
      async () => (await import('@ec/contract')).updateCompanyFormSchema,
      { ...own, name: values.name.trim() } as Record<CompanyField, unknown>,
    ),
    validateForm<unknown, CompanyField>(
      async () => (await import('@ec/contract')).companySettingsFormSchema,
      (settings ?? {}) as Record<CompanyField, unknown>,
    ),
  ]);
  const errors: FieldErrors<CompanyField> = {
    ...(company.ok ? {} : company.errors),
    ...(more.ok ? {} : more.errors),
  };
  if (values.countryId === null) errors.countryId = { key: 'validation.required' };
  if (!phone.ok && !keepOldPhone) errors.contactPhone ??= phone.error;
  if (phone.ok) payload.contactPhone = phone.value;
  return { errors, payload };
}

/**
 * The company settings (spec 001 §3 Company labels): name, country and contact data, then product name, platform
 * name, slogan, domain, support e-mail, privacy-policy and terms URLs, default location group and registration
 * URL. Saved with PUT /api/companies/:id; field errors from the server land on their fields.
 */
export function CompanySettingsForm({ company }: { company: CompanyDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => formValuesOf(company));
  const [errors, setErrors] = useState<FieldErrors<CompanyField>>({});
  const groups = useQuery(companyLocationGroupsQueryOptions(company.id));
  // The same list as the country select: the chosen country's code is the phone's default prefix.
  const countries = useQuery(countriesQueryOptions());
  const countryCode = (countryId: string | null) =>
    countries.data?.find((c) => String(c.id) === countryId)?.code;
  const groupOptions = useMemo(
    () =>
      orderTree(groups.data ?? [], i18n.language).map((g) => ({
        value: String(g.group.id),
        label: g.path.join(' › '),
      })),
    [groups.data, i18n.language],
  );

  const save = useMutation({
    mutationFn: (payload: UpdateCompanyForm) => updateCompany(queryClient, company.id, payload),
    onSuccess: (saved) => {
      setValues(formValuesOf(saved));
      showToast({ color: 'green', message: t('global_settings.settings.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(
          fieldErrorsFromApi(error.fields, [
            ...COMPANY_FIELDS,
            ...SETTINGS_TEXT_FIELDS,
            'defaultLocationGroupId',
          ]),
        );
      }
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.settings.save_error'),
      });
    },
  });

  const label = (field: CompanyField) => t(`global_settings.settings.${snake(field)}`);
  const message = (field: CompanyField) => {
    const error = errors[field];
    return error ? t(error.key, { field: label(field), ...error.values }) : undefined;
  };
  const set = (field: CompanyField, value: string | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const text = (
    field: TextField,
    extra: { type?: string; description?: string; onBlur?: () => void } = {},
  ) => (
    <TextInput
      name={field}
      label={label(field)}
      required={field === 'name'}
      type={extra.type ?? 'text'}
      description={extra.description}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      onBlur={extra.onBlur}
      error={message(field)}
    />
  );
  // A valid number is shown in international format as soon as the field is left.
  const formatPhoneField = () =>
    setValues((current) => ({
      ...current,
      contactPhone: formattedPhone(
        phoneNumbers,
        current.contactPhone,
        countryCode(current.countryId),
      ),
    }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const saved = formValuesOf(save.data ?? company);
    const { errors: found, payload } = await checkValues(
      values,
      saved,
      countryCode(values.countryId),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(payload);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-settings">
      <SubmitForm
        onSubmit={(event) => void submit(event)}
        pending={save.isPending}
        error={
          save.isError
            ? submitErrorText(save.error, t, 'global_settings.settings.save_error')
            : null
        }
        submitLabel={t('common.save')}
        intro={
          <div>
            <Title order={2} size="h4" id="company-settings">
              {t('global_settings.settings.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('global_settings.settings.text')}
            </Text>
          </div>
        }
      >
        <div className={classes.formGrid}>
          {text('name')}
          <CountrySelect
            valueKind="id"
            name="countryId"
            label={label('countryId')}
            required
            value={values.countryId}
            onChange={(value) => set('countryId', value)}
            error={message('countryId')}
          />
          {text('contactEmail', { type: 'email' })}
          {text('contactPhone', { type: 'tel', onBlur: formatPhoneField })}
          {text('productName')}
          {text('platformName')}
          {text('slogan')}
          {text('domain', { description: t('global_settings.settings.domain_hint') })}
          {text('supportEmail', { type: 'email' })}
          {text('registrationUrl', { type: 'url' })}
          {text('privacyPolicyUrl', { type: 'url' })}
          {text('termsUrl', { type: 'url' })}
          <Select
            name="defaultLocationGroupId"
            label={label('defaultLocationGroupId')}
            description={t('global_settings.settings.default_location_group_hint')}
            data={groupOptions}
            value={values.defaultLocationGroupId}
            onChange={(value) => set('defaultLocationGroupId', value)}
            clearable
            searchable
            disabled={groups.isPending}
            placeholder={groups.isError ? t('global_settings.groups.load_error') : undefined}
            error={message('defaultLocationGroupId')}
            comboboxProps={{ withinPortal: true }}
          />
        </div>
      </SubmitForm>
    </Paper>
  );
}

/** `privacyPolicyUrl` → `privacy_policy_url` (catalog keys are snake case). */
function snake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
