import { wrappingButtonClassNames } from '../../../shared/ui/wrapping-button.ts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EmailForm } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { retryAfterSeconds, submitErrorText } from '../../../shared/forms/submit-error.ts';
import { useCooldown } from '../../../shared/forms/use-cooldown.ts';

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.emailFormSchema);
}

/** Seconds before the same request may be sent again from this form. */
export const RESEND_COOLDOWN_SECONDS = 60;

export interface EmailRequestFormProps {
  initialEmail?: string;
  submitLabel: string;
  /** Sends the request (neutral answer: the same whether or not the account exists). */
  send: (values: EmailForm) => Promise<void>;
  /** The neutral reply after sending, for the address sent to. */
  sentText: (email: string) => string;
  /** A cooldown after each send ("send again" buttons) instead of replacing the form with the reply. */
  repeatable?: boolean;
}

/**
 * One e-mail field and a button (resend verification, forgotten password). The reply never says whether the
 * address has an account. A 429 shows the translated wait in seconds and holds the button for that long;
 * `repeatable` forms also wait RESEND_COOLDOWN_SECONDS after each send.
 */
export function EmailRequestForm({
  initialEmail = '',
  submitLabel,
  send,
  sentText,
  repeatable = false,
}: EmailRequestFormProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const cooldown = useCooldown();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (_data, values) => {
      setSentTo(values.email);
      if (repeatable) cooldown.start(RESEND_COOLDOWN_SECONDS);
    },
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait) cooldown.start(wait);
      if (error instanceof ApiError) setErrors(fieldErrorsFromApi(error.fields, ['email']));
    },
  });

  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await validateForm<EmailForm, 'email'>(loadSchema, { email: email.trim() });
    if (!result.ok) {
      setErrors(result.errors);
      mutation.reset();
      return;
    }
    setErrors({});
    setSentTo(null);
    mutation.mutate(result.data);
  }

  if (sentTo !== null && !repeatable) {
    return <FormAlert kind="success">{sentText(sentTo)}</FormAlert>;
  }

  const label = t('login.email');
  const fieldError = errors.email
    ? t(errors.email.key, { field: label, ...errors.email.values })
    : undefined;
  const waiting = cooldown.seconds > 0;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={mutation.isError ? errorId : undefined}
    >
      <Stack gap="md">
        {mutation.isError && (
          <FormAlert kind="error" id={errorId}>
            {submitErrorText(mutation.error, t, 'errors.INTERNAL')}
          </FormAlert>
        )}
        {sentTo !== null && <FormAlert kind="success">{sentText(sentTo)}</FormAlert>}
        <TextInput
          label={label}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError}
        />
        <Button
          type="submit"
          fullWidth
          loading={mutation.isPending}
          disabled={waiting}
          classNames={wrappingButtonClassNames}
        >
          {waiting ? t('email_request.wait', { seconds: cooldown.seconds }) : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
