import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangePasswordForm as ChangeValues } from '@ec/contract';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { changePassword } from '../api/account-api.ts';
import { useAccountForm } from '../use-account-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY: ChangeValues = { currentPassword: '', newPassword: '', newPasswordRepeat: '' };

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.changePasswordFormSchema);
}

/**
 * /user/change-password (spec 001 §5): current, new and repeated password with strength hints. A different repeat
 * reads "New password repeat is not valid." — checked here and by the server. Success clears the form; the
 * server ends the user's other sessions.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const form = useAccountForm({
    initial: EMPTY,
    labels: {
      currentPassword: t('change_password.current_password'),
      newPassword: t('change_password.new_password'),
      newPasswordRepeat: t('change_password.new_password_repeat'),
    },
    loadSchema,
    send: changePassword,
    errorKey: 'change_password.error',
    onSuccess: () => form.setValues(EMPTY),
  });

  return (
    <SubmitForm
      {...form.submitProps}
      success={form.mutation.isSuccess && t('change_password.done')}
      submitLabel={t('change_password.submit')}
      submitLayout="start"
    >
      <PasswordInput autoComplete="current-password" required {...form.field('currentPassword')} />
      <NewPasswordFields
        password={form.field('newPassword')}
        repeat={form.field('newPasswordRepeat')}
        email={email}
      />
    </SubmitForm>
  );
}
