import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResetPasswordForm as ResetValues } from '@ec/contract';
import { ApiError, isApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { resetPassword } from '../api/account-api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { Outcome } from './token-validation.tsx';

type Field = 'password' | 'passwordRepeat';

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
  const errorId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', passwordRepeat: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useMutation({
    mutationFn: resetPassword,
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(fieldErrorsFromApi(error.fields, ['password', 'passwordRepeat']));
    },
  });

  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, []);

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

  const labels: Record<Field, string> = {
    password: t('reset_password.new_password'),
    passwordRepeat: t('reset_password.new_password_repeat'),
  };
  const error = (field: Field) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await validateForm<ResetValues, Field | 'token'>(loadSchema, {
      token: token ?? '',
      ...values,
    });
    if (!result.ok) {
      setErrors(result.errors);
      mutation.reset();
      return;
    }
    setErrors({});
    mutation.mutate(result.data);
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {text('title')}
      </Title>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-describedby={mutation.isError ? errorId : undefined}
      >
        <Stack gap="md">
          {mutation.isError && (
            <FormAlert kind="error" id={errorId}>
              {submitErrorText(mutation.error, t, 'reset_password.error')}
            </FormAlert>
          )}
          <NewPasswordFields
            names={{ password: 'password', repeat: 'passwordRepeat' }}
            labels={{ password: labels.password, repeat: labels.passwordRepeat }}
            values={{ password: values.password, repeat: values.passwordRepeat }}
            errors={{ password: error('password'), repeat: error('passwordRepeat') }}
            onPasswordChange={update('password')}
            onRepeatChange={update('passwordRepeat')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {text('submit')}
          </Button>
          <Anchor component={Link} to="/auth/login" size="sm">
            {t('auth_links.back_to_sign_in')}
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
