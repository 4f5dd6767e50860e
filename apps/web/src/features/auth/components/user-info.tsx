import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser, UpdateUserForm } from '@ec/contract';
import { adminRoleLabel } from '@ec/domain';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { updateUser } from '../api/account-api.ts';
import classes from './user-info.module.css';

type Field = 'firstName' | 'lastName' | 'countryCode';

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.updateUserFormSchema);
}

export interface UserInfoProps {
  user: AuthUser;
  productName: string;
  languageName: string;
  countries: readonly { value: string; label: string }[];
}

/**
 * /user/info: the account's fields (spec 001 §3 User: name, e-mail, role — the super admin as "<product> OEM" —,
 * language, country, verified flag, account type, marketing consent), with name and country editable.
 */
export function UserInfo({ user, productName, languageName, countries }: UserInfoProps) {
  const { t } = useTranslation();
  const role = adminRoleLabel(user.role, productName);
  const consent =
    user.marketingConsent === null
      ? t('user_info.not_answered')
      : t(user.marketingConsent ? 'common.yes' : 'common.no');
  const rows: [string, ReactNode][] = [
    [t('login.email'), user.email],
    [t('home.role'), role.kind === 'text' ? role.text : t(role.key, { productName })],
    [t('common.language'), languageName],
    [
      t('user_info.verified'),
      <Badge key="verified" color={user.verified ? 'green' : 'yellow'} variant="light">
        {t(user.verified ? 'user_info.verified_yes' : 'user_info.verified_no')}
      </Badge>,
    ],
    [t('user_info.account_type'), t(`user_info.type_${user.type.toLowerCase()}`)],
    [t('privacy_settings.marketing_label'), consent],
  ];
  return (
    <Stack gap="xl" maw={560}>
      <dl className={classes.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ProfileForm user={user} countries={countries} />
    </Stack>
  );
}

function ProfileForm({
  user,
  countries,
}: {
  user: AuthUser;
  countries: UserInfoProps['countries'];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: user.firstName,
    lastName: user.lastName,
    countryCode: user.countryCode ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const save = useMutation({
    mutationFn: (form: UpdateUserForm) => updateUser(queryClient, form),
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(fieldErrorsFromApi(error.fields, ['firstName', 'lastName', 'countryCode']));
    },
  });

  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, []);

  const labels: Record<Field, string> = {
    firstName: t('register.first_name'),
    lastName: t('register.last_name'),
    countryCode: t('register.country'),
  };
  const error = (field: Field) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };
  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      // An account without a country (created by an administrator) keeps none until one is picked.
      ...(values.countryCode ? { countryCode: values.countryCode } : {}),
    };
    const result = await validateForm<UpdateUserForm, Field>(
      loadSchema,
      form as Record<Field, string>,
    );
    if (!result.ok) {
      setErrors(result.errors);
      save.reset();
      return;
    }
    setErrors({});
    save.mutate(result.data);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={save.isError ? errorId : undefined}
    >
      <Stack gap="md">
        {save.isError && (
          <FormAlert kind="error" id={errorId}>
            {submitErrorText(save.error, t, 'user_settings.save_error')}
          </FormAlert>
        )}
        {save.isSuccess && <FormAlert kind="success">{t('user_settings.saved')}</FormAlert>}
        <TextInput
          label={labels.firstName}
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={set('firstName')}
          error={error('firstName')}
        />
        <TextInput
          label={labels.lastName}
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={set('lastName')}
          error={error('lastName')}
        />
        <NativeSelect
          label={labels.countryCode}
          name="countryCode"
          autoComplete="country"
          value={values.countryCode}
          onChange={set('countryCode')}
          error={error('countryCode')}
          data={[{ value: '', label: t('register.choose_country') }, ...countries]}
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
