// Loading, failed, not-found and empty states shared by the organisation screens.
import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { submitErrorText } from '../forms/submit-error.ts';
import { IconAlertTriangle, IconMapQuestion } from './icons.ts';

/** A section or page that is loading. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" role="status" py="md">
      <Loader size="sm" aria-hidden />
      <Text size="sm" c="dimmed">
        {label ?? t('common.loading')}
      </Text>
    </Group>
  );
}

/**
 * A failed load: a 404 (missing, or not visible to this user — the server does not tell them apart) says the
 * item was not found; anything else says loading failed, with Try again.
 */
export function ErrorState({
  error,
  onRetry,
  notFoundKey,
  errorKey,
}: {
  error: unknown;
  onRetry?: () => void;
  /** Shown for a 404. */
  notFoundKey: string;
  /** Shown for other failures without a message of their own. */
  errorKey: string;
}) {
  const { t } = useTranslation();
  if (isApiError(error, 404)) return <NotFoundState messageKey={notFoundKey} />;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{submitErrorText(error, t, errorKey)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The item does not exist, or the user may not see it. */
export function NotFoundState({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" icon={<IconMapQuestion size={20} aria-hidden />} role="alert">
      {t(messageKey)}
    </Alert>
  );
}

/** Nothing to list. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" role="status">
      <Stack gap={4} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed" component="div">
            {children}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A detail page's item, or what to show instead of it. */
export type LoadedItem<T> = { item: T; fallback: null } | { item: null; fallback: ReactElement };

/**
 * The item a detail page is about, from its query. While it loads, after a failed load (a 404 reads as not
 * found, see ErrorState, with Try again otherwise) and when `belongs` says it is another company's or location's
 * (not shown under this path), `fallback` is the state to show instead.
 */
export function loadedItem<T>(
  query: UseQueryResult<T>,
  keys: { notFoundKey: string; errorKey: string },
  belongs: (item: T) => boolean = () => true,
): LoadedItem<T> {
  if (query.isPending) return { item: null, fallback: <LoadingState /> };
  if (query.isError) {
    return {
      item: null,
      fallback: (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundKey={keys.notFoundKey}
          errorKey={keys.errorKey}
        />
      ),
    };
  }
  if (!belongs(query.data))
    return { item: null, fallback: <NotFoundState messageKey={keys.notFoundKey} /> };
  return { item: query.data, fallback: null };
}
