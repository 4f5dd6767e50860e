import { lazy, Suspense } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { withChunkTimeout } from '../../shared/lazy/chunk-load.ts';
import { IconHome, IconMapQuestion } from '../../shared/ui/icons.ts';
import { FullPageLoader } from '../start/full-page-loader.tsx';

// The layouts stay route modules of their own (lazy), also when the not-found page borrows them.
const AuthLayout = lazy(
  withChunkTimeout(async () => ({
    default: (await import('../layouts/auth-layout.tsx')).AuthLayout,
  })),
);
const MainLayout = lazy(
  withChunkTimeout(async () => ({
    default: (await import('../layouts/main-layout.tsx')).MainLayout,
  })),
);

/** The not-found content (spec 000 §2): "lost", "missing page", a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" ta="center" py="xl">
      <IconMapQuestion size={56} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={1}>{t('not_found.title')}</Title>
      <Text c="dimmed">{t('not_found.message')}</Text>
      <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
        {t('not_found.home_link')}
      </Button>
    </Stack>
  );
}

/** What the catch-all route's loader tells the page. */
export interface NotFoundData {
  signedIn: boolean;
}

/** Any unknown path: the not-found page inside the frame that fits the visitor (signed in or not). */
export function NotFoundRoute() {
  const { signedIn } = useLoaderData() as NotFoundData;
  const Layout = signedIn ? MainLayout : AuthLayout;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Layout>
        <NotFoundPage />
      </Layout>
    </Suspense>
  );
}
