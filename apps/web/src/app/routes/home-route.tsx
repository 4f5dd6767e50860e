import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import classes from './home-route.module.css';

/** / (home): a welcome with the signed-in user's name, role and site, from GET /api/auth/user and site info. */
export function HomeRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const site = useSiteInfo();
  const name = user.fullName || user.firstName || user.email;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.welcome', { name })}</Title>
        <Text c="dimmed" mt={4}>
          {t('home.signed_in_as', { email: user.email })}
        </Text>
      </div>
      <div className={classes.facts}>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('home.role')}
          </Text>
          <Text fw={600} size="lg" data-testid="home-role">
            {t(`roles.${user.role}`, { productName: site.productName })}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('home.site')}
          </Text>
          <Text fw={600} size="lg" data-testid="home-site">
            {site.platformName}
          </Text>
        </Card>
      </div>
    </Stack>
  );
}
