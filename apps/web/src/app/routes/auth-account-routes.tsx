import type { ReactNode } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isLocale } from '@ec/domain';
import { requestPasswordReset } from '../../features/auth/api/account-api.ts';
import { EmailRequestForm } from '../../features/auth/components/email-request-form.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { ResendVerification } from '../../features/auth/components/resend-verification.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { TokenValidation } from '../../features/auth/components/token-validation.tsx';
import { languageName, SUPPORTED_LOCALES } from '../../features/i18n/locale-choice.ts';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import { countryOptions } from '../../shared/intl/countries.ts';

// The public account screens under /auth (spec 000 §2), one lazy module: registration, awaiting verification,
// token validation, resend verification, forgotten and reset password.

function Screen({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/auth/login" size="sm">
      {t('auth_links.back_to_sign_in')}
    </Anchor>
  );
}

/** /auth/register → /auth/awaiting-email-verification with the address. */
export function RegisterRoute() {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const locale = isLocale(i18n.language) ? i18n.language : site.defaultLocale;
  return (
    <Screen
      title={t('register.title')}
      intro={t('register.subtitle', { platformName: site.platformName })}
    >
      <RegisterForm
        identifier={site.identifier}
        privacyHref={site.links.privacyPolicy ?? '/auth/privacy-policy'}
        termsHref={site.links.termsAndConditions}
        countries={countryOptions(locale)}
        languages={SUPPORTED_LOCALES.map((value) => ({ value, label: languageName(value) }))}
        initialLocale={locale}
        onRegistered={(email) =>
          void navigate('/auth/awaiting-email-verification', { state: { email } })
        }
      />
      <Text size="sm">
        {t('auth_links.have_account')}{' '}
        <Anchor component={Link} to="/auth/login">
          {t('login.submit')}
        </Anchor>
      </Text>
    </Screen>
  );
}

function emailFromState(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

/** /auth/awaiting-email-verification: what happens next, and a new link after a cooldown. */
export function AwaitingVerificationRoute() {
  const { t } = useTranslation();
  const email = emailFromState(useLocation().state);
  return (
    <Screen
      title={t('awaiting_verification.title')}
      intro={
        email
          ? t('awaiting_verification.text', { email })
          : t('awaiting_verification.text_no_email')
      }
    >
      <Text size="sm">{t('awaiting_verification.not_received')}</Text>
      <ResendVerification initialEmail={email} />
      <BackToSignIn />
    </Screen>
  );
}

/** /auth/token-validation?token=… (exempt from the set-up redirect: it is public). */
export function TokenValidationRoute() {
  const site = useSiteInfo();
  const [searchParams] = useSearchParams();
  return (
    <TokenValidation token={searchParams.get('token')} supportEmail={site.contact.supportEmail} />
  );
}

/** /auth/verify-email: ask for a new verification link. */
export function VerifyEmailRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Screen title={t('verify_email.title')} intro={t('verify_email.text')}>
      <ResendVerification initialEmail={searchParams.get('email') ?? undefined} />
      <BackToSignIn />
    </Screen>
  );
}

/** /auth/forgotten-password: the same neutral reply whether or not the account exists. */
export function ForgottenPasswordRoute() {
  const { t } = useTranslation();
  return (
    <Screen title={t('forgotten_password.title')} intro={t('forgotten_password.text')}>
      <EmailRequestForm
        submitLabel={t('forgotten_password.submit')}
        send={requestPasswordReset}
        sentText={(email) => t('forgotten_password.sent', { email })}
      />
      <BackToSignIn />
    </Screen>
  );
}

/** /auth/reset-password?token=…: a new password (`&welcome=1`: the first one, from the welcome mail). */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <ResetPasswordForm
      token={searchParams.get('token')}
      welcome={searchParams.get('welcome') === '1'}
    />
  );
}
