import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSitemap } from '../../../shared/ui/icons.ts';

/** The menu area before the organisation tree exists (a later issue loads it from GET /api/menu). */
export function EmptyMenu() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <IconSitemap size={32} aria-hidden opacity={0.7} />
      <Text size="sm">{t('nav.menu_empty')}</Text>
    </Stack>
  );
}
