import { useTranslation } from 'react-i18next';
import { resendVerification } from '../api/account-api.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/**
 * Sends a new verification link (POST /api/auth/resend-verification), as often as the cooldown allows. The reply
 * is neutral: it does not reveal whether the address has an unverified account.
 */
export function ResendVerification({ initialEmail }: { initialEmail?: string }) {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      initialEmail={initialEmail}
      submitLabel={t('verify_email.resend')}
      send={resendVerification}
      sentText={(email) => t('verify_email.sent', { email })}
      repeatable
    />
  );
}
