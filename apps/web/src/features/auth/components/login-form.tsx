import { wrappingButtonClassNames } from '../../../shared/ui/wrapping-button.ts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser, LoginForm } from '@ec/contract';
import { ApiError, isApiError, NetworkError } from '../../../shared/api/errors.ts';
import { IconAlertTriangle } from '../../../shared/ui/icons.ts';
import { signIn } from '../api/auth-api.ts';
import { resendVerification } from '../api/account-api.ts';
import { fieldErrorsFromSchema, type FieldErrors } from '../../../shared/forms/form-errors.ts';

type Field = keyof LoginForm;

/**
 * The contract's request schema (zod and every schema: ~30 KB gzip), loaded when the user first reaches into the
 * form (focus, pointer, key): it stays out of what a browser fetches for the sign-in page (budget 180 KB, measured
 * as Chromium loads the page), and is in place long before anyone submits (submit waits for it otherwise).
 */
function loadLoginSchema() {
  return import('@ec/contract').then((contract) => contract.loginFormSchema);
}

/**
 * The sign-in form: e-mail and password, checked with the contract's schema before sending; the server's
 * message (e.g. login.invalid_credentials) is shown translated. Typed values stay after a failure.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: AuthUser) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const mutation = useMutation({
    mutationFn: (form: LoginForm) => signIn(queryClient, form),
    onSuccess: (user) => onSignedIn(user),
    onError: (error) => {
      if (error instanceof ApiError) setFieldErrors(pickFields(error.fields));
    },
  });

  const [schemaRequested, setSchemaRequested] = useState(false);
  const prefetchSchema = () => {
    if (schemaRequested) return;
    setSchemaRequested(true);
    // A failure here is retried on submit.
    loadLoginSchema().catch(() => undefined);
  };

  const labels: Record<Field, string> = { email: t('login.email'), password: t('login.password') };
  const fieldError = (field: Field) => {
    const error = fieldErrors[field];
    return error ? t(error.key, { field: labels[field], ...error.values }) : undefined;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = { email: values.email.trim(), password: values.password };
    // If the schema cannot load (offline), the server's validation still answers with field errors.
    const schema = await loadLoginSchema().catch(() => null);
    const parsed = schema?.safeParse(form);
    if (parsed && !parsed.success) {
      setFieldErrors(fieldErrorsFromSchema<Field>(parsed.error, form));
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed?.data ?? form);
  }

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={prefetchSchema}
      onPointerDown={prefetchSchema}
      onKeyDown={prefetchSchema}
      noValidate
      aria-describedby={mutation.isError ? 'login-error' : undefined}
    >
      <Stack gap="md">
        {mutation.isError && (
          <Alert
            id="login-error"
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            {submitErrorText(mutation.error, t)}
            {isApiError(mutation.error) && mutation.error.code === 'EMAIL_NOT_VERIFIED' && (
              <ResendFromLogin email={mutation.variables?.email ?? values.email} />
            )}
          </Alert>
        )}
        <TextInput
          label={labels.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={values.email}
          onChange={update('email')}
          error={fieldError('email')}
        />
        <PasswordInput
          label={labels.password}
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={update('password')}
          error={fieldError('password')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function pickFields(fields: Record<string, string>): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const [path, key] of Object.entries(fields)) {
    // The server names fields by their path in the body (`data.email`).
    const name = path.split('.').pop();
    if (name === 'email' || name === 'password') result[name] = { key };
  }
  return result;
}

function submitErrorText(
  error: Error,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (error instanceof ApiError) {
    return t(error.message, { ...error.params, defaultValue: t('login.error') });
  }
  if (error instanceof NetworkError) return t(error.messageKey);
  return t('login.error');
}

/**
 * Sign-in with the right password on an unverified account: offers a new verification link for the address
 * typed, right there (the same neutral call as /auth/verify-email).
 */
function ResendFromLogin({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: () => resendVerification({ email }) });
  if (resend.isSuccess) {
    return (
      <Text size="sm" mt="xs" role="status">
        {t('verify_email.sent', { email })}
      </Text>
    );
  }
  return (
    <>
      <Button
        variant="light"
        size="xs"
        mt="xs"
        classNames={wrappingButtonClassNames}
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {t('verify_email.resend')}
      </Button>
      {resend.isError && (
        <Text size="sm" mt="xs">
          {submitErrorText(resend.error, t)}
        </Text>
      )}
    </>
  );
}
