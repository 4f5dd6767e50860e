import type { ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '../../../shared/ui/icons.ts';

export interface ErrorScreenProps {
  title: string;
  message: string;
  actionLabel: string;
  onAction: () => void;
  /** Extra content under the message (details, links). */
  children?: ReactNode;
  /** Fill the viewport (start-up) instead of the content area. */
  fullPage?: boolean;
}

/** A failure with one way forward (retry, reload). The title is the page's h1; the action gets focus. */
export function ErrorScreen({
  title,
  message,
  actionLabel,
  onAction,
  children,
  fullPage = false,
}: ErrorScreenProps) {
  return (
    <Center mih={fullPage ? '100dvh' : 320} p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={480} w="100%" role="alert">
        <Stack align="center" gap="md" ta="center">
          <IconAlertTriangle size={40} aria-hidden color="var(--mantine-color-red-6)" />
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{message}</Text>
          {children}
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onAction} autoFocus>
            {actionLabel}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
