import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail, CreateCompanyForm } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import {
  formattedPhone,
  loadPhoneNumbers,
  phoneForApi,
  type PhoneNumbers,
} from '../../../shared/forms/phone.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { countriesQueryOptions, CountrySelect } from '../../reference/index.ts';
import { createCompany } from '../api/companies-api.ts';

type Field = 'name' | 'countryId' | 'contactEmail' | 'contactPhone';
const FIELDS: readonly Field[] = ['name', 'countryId', 'contactEmail', 'contactPhone'];

interface Values {
  name: string;
  /** The chosen country's id as text ('' while none is chosen). */
  countryId: string;
  contactEmail: string;
  contactPhone: string;
}
const EMPTY: Values = { name: '', countryId: '', contactEmail: '', contactPhone: '' };

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.createCompanyFormSchema);
}

/** The form's values as the API takes them: optional contacts left out when empty. */
export function createCompanyPayload(values: Values): Record<Field, unknown> {
  const contactEmail = values.contactEmail.trim();
  const contactPhone = values.contactPhone.trim();
  return {
    name: values.name.trim(),
    countryId: values.countryId === '' ? '' : Number(values.countryId),
    contactEmail: contactEmail === '' ? undefined : contactEmail,
    contactPhone: contactPhone === '' ? undefined : contactPhone,
  };
}

export interface CreateCompanyModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (company: CompanyDetail) => void;
}

/**
 * The create-company modal (spec 000 §2 "Add new", §5): name and country required, contact e-mail and phone
 * optional (the phone read in the chosen country, sent as E.164). Checked with the contract's schema before sending; the server's field errors land on their fields
 * and every typed value stays. Success closes the modal with a toast.
 */
export function CreateCompanyModal({ opened, onClose, onCreated }: CreateCompanyModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  // The phone rules (libphonenumber metadata) load with the modal, not with the page that has the button.
  const [phone, setPhone] = useState<PhoneNumbers>();
  // The same list as the country select: the chosen country's code is the phone's default prefix.
  const countries = useQuery(countriesQueryOptions({ visible: true }));
  const countryCode = (countryId: string) =>
    countries.data?.find((c) => String(c.id) === countryId)?.code;

  const mutation = useMutation({
    mutationFn: (form: CreateCompanyForm) => createCompany(queryClient, form),
    onSuccess: (company) => {
      showToast({ color: 'green', message: t('companies.created', { name: company.name }) });
      setValues(EMPTY);
      setErrors({});
      onCreated?.(company);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(fieldErrorsFromApi(error.fields, FIELDS));
      showToast({ color: 'red', message: submitErrorText(error, t, 'companies.create_error') });
    },
  });
  const { reset } = mutation;
  // Field errors speak for themselves next to their fields; anything else is said above the form.
  const formError =
    mutation.isError &&
    !(mutation.error instanceof ApiError && Object.keys(mutation.error.fields).length > 0);

  useEffect(() => {
    if (!opened) return;
    loadSchema().catch(() => undefined);
    loadPhoneNumbers().then(setPhone, () => undefined);
  }, [opened]);

  const labels: Record<Field, string> = {
    name: t('companies.name'),
    countryId: t('companies.country'),
    contactEmail: t('companies.contact_email'),
    contactPhone: t('companies.contact_phone'),
  };
  const error = (field: Field) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const text = (field: Exclude<Field, 'countryId'>) => (event: ChangeEvent<HTMLInputElement>) =>
    set(field, event.currentTarget.value);

  // A valid number is shown in international format as soon as the field is left.
  const formatPhoneField = () => {
    if (!phone) return;
    setValues((current) => ({
      ...current,
      contactPhone: formattedPhone(phone, current.contactPhone, countryCode(current.countryId)),
    }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [result, phoneNumbers] = await Promise.all([
      validateForm<CreateCompanyForm, Field>(loadSchema, createCompanyPayload(values)),
      loadPhoneNumbers(),
    ]);
    // The numbering plan of the chosen country, like the server (which stores the E.164 form).
    const phoneResult = phoneForApi(
      phoneNumbers,
      values.contactPhone,
      countryCode(values.countryId),
    );
    if (!result.ok || !phoneResult.ok) {
      setErrors({
        ...(phoneResult.ok ? {} : { contactPhone: phoneResult.error }),
        ...(result.ok ? {} : result.errors),
      });
      reset();
      return;
    }
    setErrors({});
    mutation.mutate({ ...result.data, contactPhone: phoneResult.value ?? undefined });
  }

  const close = () => {
    if (mutation.isPending) return;
    setErrors({});
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('companies.create_title')} centered>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-describedby={formError ? errorId : undefined}
      >
        <Stack gap="md">
          {formError && (
            <FormAlert kind="error" id={errorId}>
              {submitErrorText(mutation.error, t, 'companies.create_error')}
            </FormAlert>
          )}
          <TextInput
            label={labels.name}
            name="name"
            required
            data-autofocus
            value={values.name}
            onChange={text('name')}
            error={error('name')}
          />
          <CountrySelect
            label={labels.countryId}
            name="countryId"
            required
            valueKind="id"
            visibleOnly
            value={values.countryId || null}
            onChange={(value) => set('countryId', value ?? '')}
            error={error('countryId')}
          />
          <TextInput
            label={labels.contactEmail}
            name="contactEmail"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.contactEmail}
            onChange={text('contactEmail')}
            error={error('contactEmail')}
          />
          <TextInput
            label={labels.contactPhone}
            name="contactPhone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={values.contactPhone}
            onChange={text('contactPhone')}
            onBlur={formatPhoneField}
            error={error('contactPhone')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('companies.create_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
