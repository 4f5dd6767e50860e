import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthUser } from '@ec/contract';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { safeRedirectTarget } from '../../features/auth/redirect-target.ts';
import { confirmationQuery } from '../../features/confirmation/confirmation-params.ts';
import { loadLocale, storedLocale } from '../../features/i18n/locale.ts';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import { IconAlertTriangle } from '../../shared/ui/icons.ts';

/** The social sign-in failures the callback reports with `?oidcError=` (the contract's OIDC_ERROR_CODES). */
const OIDC_ERRORS = ['UNKNOWN_PROVIDER', 'CANCELLED', 'EMAIL_NOT_VERIFIED', 'FAILED'];

/**
 * Where to go after signing in: the page the guard saved (`?redirect=`), else home — with the confirmation
 * parameters when the sign-in link itself carried them (spec 001 §2).
 */
export function afterSignInTarget(searchParams: URLSearchParams): string {
  const redirect = searchParams.get('redirect');
  if (redirect) return safeRedirectTarget(redirect);
  return `/${confirmationQuery(searchParams)}`;
}

/**
 * /auth/login: sign in with a password or a configured social provider, then go to the page the guard saved.
 * Links to the forgotten-password and registration screens.
 */
export function LoginRoute() {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const target = afterSignInTarget(searchParams);
  const oidcError = searchParams.get('oidcError');

  async function onSignedIn(user: AuthUser) {
    // A signed-in user's locale applies unless they picked one with the switcher (spec 001 §4).
    if (!storedLocale() && user.locale !== i18n.language) {
      await loadLocale(user.locale, { queryClient, identifier: site.identifier }).catch(() => {
        // Keep the current language; the switcher can still change it.
      });
    }
    await navigate(target, { replace: true });
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('login.subtitle', { platformName: site.platformName })}
        </Text>
      </div>
      {oidcError !== null && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
        >
          {t(`oidc.errors.${OIDC_ERRORS.includes(oidcError) ? oidcError : 'FAILED'}`)}
        </Alert>
      )}
      <LoginForm onSignedIn={(user) => void onSignedIn(user)} />
      <Anchor component={Link} to="/auth/forgotten-password" size="sm">
        {t('auth_links.forgotten_password')}
      </Anchor>
      <SocialSignIn redirect={target} />
      <Group gap={6}>
        <Text size="sm">{t('auth_links.no_account')}</Text>
        <Anchor component={Link} to="/auth/register" size="sm">
          {t('auth_links.register')}
        </Anchor>
      </Group>
    </Stack>
  );
}
