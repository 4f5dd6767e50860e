import type { ReactNode } from 'react';
import { Badge, NativeSelect, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser, UpdateUserForm } from '@ec/contract';
import { adminRoleLabel } from '@ec/domain';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { updateUser } from '../api/account-api.ts';
import { useAccountForm } from '../use-account-form.ts';
import { NameFields } from './account-fields.tsx';
import classes from './user-info.module.css';

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
  const form = useAccountForm({
    initial: {
      firstName: user.firstName,
      lastName: user.lastName,
      countryCode: user.countryCode ?? '',
    },
    labels: {
      firstName: t('register.first_name'),
      lastName: t('register.last_name'),
      countryCode: t('register.country'),
    },
    loadSchema,
    prepare: (values) => ({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      // An account without a country (created by an administrator) keeps none until one is picked.
      ...(values.countryCode ? { countryCode: values.countryCode } : {}),
    }),
    send: (values: UpdateUserForm) => updateUser(queryClient, values),
    errorKey: 'user_settings.save_error',
  });

  return (
    <SubmitForm
      {...form.submitProps}
      success={form.mutation.isSuccess && t('user_settings.saved')}
      submitLabel={t('common.save')}
      submitLayout="start"
    >
      <NameFields first={form.field('firstName')} last={form.field('lastName')} />
      <NativeSelect
        autoComplete="country"
        {...form.field('countryCode')}
        data={[{ value: '', label: t('register.choose_country') }, ...countries]}
      />
    </SubmitForm>
  );
}
