import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/errors.ts';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { resetPassword } from '../api/account-api.ts';
import { useAccountForm } from '../use-account-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { Outcome } from './token-validation.tsx';

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.resetPasswordFormSchema);
}

/**
 * /auth/reset-password?token=…: a new password with repeat and strength hints. A used or unknown link and an
 * expired one (1 h) each get their own screen with a way to ask for a new link; success leads to sign-in.
 * `welcome` (`&welcome=1`, the link of the welcome mail a user created by an admin gets, valid 7 days) words the
 * screens as choosing a first password rather than resetting one.
 */
export function ResetPasswordForm({
  token,
  welcome = false,
}: {
  token: string | null;
  welcome?: boolean;
}) {
  const { t } = useTranslation();
  /** The welcome variant's key where there is one. */
  const text = (
    key: 'title' | 'submit' | 'done_title' | 'done_text' | 'invalid_text' | 'expired_text',
  ) => t(`reset_password.${welcome ? `welcome_${key}` : key}`);
  const form = useAccountForm({
    initial: { password: '', passwordRepeat: '' },
    labels: {
      password: t('reset_password.new_password'),
      passwordRepeat: t('reset_password.new_password_repeat'),
    },
    loadSchema,
    prepare: (values) => ({ token: token ?? '', ...values }),
    send: resetPassword,
    errorKey: 'reset_password.error',
  });
  const { mutation } = form;

  const requestAgain = (
    <Button component={Link} to="/auth/forgotten-password" fullWidth>
      {t('reset_password.request_new_link')}
    </Button>
  );

  const tokenCode = isApiError(mutation.error) ? mutation.error.code : null;
  if (!token || tokenCode === 'TOKEN_INVALID' || tokenCode === 'TOKEN_EXPIRED') {
    const expired = tokenCode === 'TOKEN_EXPIRED';
    return (
      <Outcome title={t(expired ? 'reset_password.expired_title' : 'reset_password.invalid_title')}>
        <Text>{text(expired ? 'expired_text' : 'invalid_text')}</Text>
        {requestAgain}
      </Outcome>
    );
  }

  if (mutation.isSuccess) {
    return (
      <Outcome ok title={text('done_title')}>
        <Text>{text('done_text')}</Text>
        <Button component={Link} to="/auth/login" fullWidth>
          {t('token_validation.continue_to_sign_in')}
        </Button>
      </Outcome>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {text('title')}
      </Title>
      <SubmitForm
        {...form.submitProps}
        submitLabel={text('submit')}
        submitLayout="full"
        footer={
          <Anchor component={Link} to="/auth/login" size="sm">
            {t('auth_links.back_to_sign_in')}
          </Anchor>
        }
      >
        <NewPasswordFields
          password={form.field('password')}
          repeat={form.field('passwordRepeat')}
        />
      </SubmitForm>
    </Stack>
  );
}
