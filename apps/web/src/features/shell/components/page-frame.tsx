import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSitemap } from '../../../shared/ui/icons.ts';
import classes from './page-frame.module.css';

export interface PageFrameProps {
  /** The page title (translated). */
  title: string;
  /** What the page is about: the location or group name, or a loading/error line. */
  subject?: ReactNode;
  /** Replaces the "no data yet" state (an error or not-found message). */
  children?: ReactNode;
}

/**
 * A page's frame for screens whose content is not built yet: title, the subject (location or group) and a clear
 * "no data yet" state.
 */
export function PageFrame({ title, subject, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} className={classes.wrap}>
          {title}
        </Title>
        {subject && (
          <Text c="dimmed" mt={4} component="div" className={classes.wrap}>
            {subject}
          </Text>
        )}
      </div>
      {children ?? (
        <Paper withBorder radius="md" p="xl" role="status">
          <Stack align="center" gap="xs" ta="center">
            <IconSitemap size={32} aria-hidden opacity={0.7} />
            <Text fw={600}>{t('frame.no_data_title')}</Text>
            <Text size="sm" c="dimmed">
              {t('frame.no_data_text')}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
