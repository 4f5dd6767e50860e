import { Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { oidcProvidersQueryOptions, oidcStartHref } from '../api/account-api.ts';

/**
 * A "Continue with …" button per configured OpenID Connect provider (GET /api/auth/oidc/providers); nothing at
 * all when none is configured or the list cannot be loaded. A button is a plain link: the browser goes to the
 * provider and comes back signed in, to `redirect`.
 */
export function SocialSignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const { data: providers = [] } = useQuery(oidcProvidersQueryOptions());
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="social-sign-in">
      <Divider label={t('login.or')} labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={oidcStartHref(provider.id, redirect)}
          variant="default"
          fullWidth
        >
          {t('login.continue_with', { provider: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
