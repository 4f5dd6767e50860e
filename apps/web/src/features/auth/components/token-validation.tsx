import type { ReactNode } from 'react';
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VerifyEmailStatus } from '@ec/contract';
import { IconAlertTriangle, IconCheck } from '../../../shared/ui/icons.ts';
import { verifyEmail } from '../api/account-api.ts';
import { ResendVerification } from './resend-verification.tsx';
import classes from './auth-screens.module.css';

/**
 * Uses the token of a verification link once. A query, not an effect: the call happens once per token even when
 * React mounts the screen twice, and the outcome is kept (a second call would answer ALREADY_USED).
 */
function useVerification(token: string | null) {
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: token !== null && token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * /auth/token-validation?token=… (spec 001 §8 token validation): a screen per outcome — verified and already
 * used lead to sign-in, expired offers a new link, a missing or unknown token is "Invalid action requested",
 * and any other failure points to the site's support address.
 */
export function TokenValidation({
  token,
  supportEmail,
}: {
  token: string | null;
  supportEmail: string;
}) {
  const { t } = useTranslation();
  const verification = useVerification(token);
  const outcome: VerifyEmailStatus | 'PENDING' = !token
    ? 'MISSING'
    : verification.isError
      ? 'ERROR'
      : (verification.data ?? 'PENDING');

  if (outcome === 'PENDING') {
    return (
      <Group gap="sm" justify="center" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('token_validation.checking')}</Text>
      </Group>
    );
  }

  const signIn = (
    <Button component={Link} to="/auth/login" fullWidth>
      {t('token_validation.continue_to_sign_in')}
    </Button>
  );

  switch (outcome) {
    case 'VERIFIED':
      return (
        <Outcome ok title={t('token_validation.verified_title')}>
          <Text>{t('token_validation.verified_text')}</Text>
          {signIn}
        </Outcome>
      );
    case 'ALREADY_USED':
      return (
        <Outcome ok title={t('token_validation.used_title')}>
          <Text>{t('token_validation.used_text')}</Text>
          {signIn}
        </Outcome>
      );
    case 'EXPIRED':
      return (
        <Outcome title={t('token_validation.expired_title')}>
          <Text>{t('token_validation.expired_text')}</Text>
          <ResendVerification />
        </Outcome>
      );
    case 'MISSING':
      return (
        <Outcome title={t('token_validation.missing_title')}>
          <Text>{t('token_validation.missing_text')}</Text>
          <Anchor component={Link} to="/auth/login">
            {t('auth_links.back_to_sign_in')}
          </Anchor>
        </Outcome>
      );
    default:
      return (
        <Outcome title={t('token_validation.error_title')}>
          <Text>{t('token_validation.error_text')}</Text>
          <Button component="a" href={`mailto:${supportEmail}`} variant="default" fullWidth>
            {t('token_validation.contact_support', { email: supportEmail })}
          </Button>
        </Outcome>
      );
  }
}

/** One outcome: an icon, a heading and what to do next. */
export function Outcome({
  ok = false,
  title,
  children,
}: {
  ok?: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <div className={classes.outcomeHeader} data-ok={ok || undefined}>
        {ok ? <IconCheck size={28} aria-hidden /> : <IconAlertTriangle size={28} aria-hidden />}
        <Title order={1} size="h2">
          {title}
        </Title>
      </div>
      {children}
    </Stack>
  );
}
