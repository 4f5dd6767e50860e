import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuthUser } from '@ec/contract';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { safeRedirectTarget } from '../../features/auth/redirect-target.ts';
import { loadLocale, storedLocale } from '../../features/i18n/locale.ts';
import { useSiteInfo } from '../../features/site/site-context.tsx';

/** /auth/login: sign in, then go to the page the guard saved (`?redirect=`) or home. */
export function LoginRoute() {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();

  async function onSignedIn(user: AuthUser) {
    // A signed-in user's locale applies unless they picked one with the switcher (spec 001 §4).
    if (!storedLocale() && user.locale !== i18n.language) {
      await loadLocale(user.locale, { queryClient, identifier: site.identifier }).catch(() => {
        // Keep the current language; the switcher can still change it.
      });
    }
    await navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
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
      <LoginForm onSignedIn={(user) => void onSignedIn(user)} />
    </Stack>
  );
}
