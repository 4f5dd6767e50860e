import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailForm } from '@ec/contract';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { retryAfterSeconds } from '../../../shared/forms/submit-error.ts';
import { useCooldown } from '../../../shared/forms/use-cooldown.ts';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { useAccountForm } from '../use-account-form.ts';
import { EmailField } from './account-fields.tsx';

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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const cooldown = useCooldown();
  const form = useAccountForm({
    initial: { email: initialEmail },
    labels: { email: t('login.email') },
    loadSchema,
    prepare: (values) => ({ email: values.email.trim() }),
    send,
    errorKey: 'errors.INTERNAL',
    onSend: () => setSentTo(null),
    onSuccess: (_data, values) => {
      setSentTo(values.email);
      if (repeatable) cooldown.start(RESEND_COOLDOWN_SECONDS);
    },
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait) cooldown.start(wait);
    },
  });

  if (sentTo !== null && !repeatable) {
    return <FormAlert kind="success">{sentText(sentTo)}</FormAlert>;
  }

  const waiting = cooldown.seconds > 0;

  return (
    <SubmitForm
      {...form.submitProps}
      success={sentTo !== null && sentText(sentTo)}
      submitLabel={waiting ? t('email_request.wait', { seconds: cooldown.seconds }) : submitLabel}
      submitDisabled={waiting}
      submitLayout="full"
      wrapSubmitLabel
    >
      <EmailField
        {...form.field('email')}
        // Typing keeps the address's error until the next try.
        onChange={(event) => form.setValues({ email: event.currentTarget.value })}
      />
    </SubmitForm>
  );
}
