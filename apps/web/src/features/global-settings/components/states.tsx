import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { IconAlertTriangle, IconMapQuestion } from '../../../shared/ui/icons.ts';
import classes from './global-settings.module.css';

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
 * A failed load: a 404 (missing, or not visible: the server does not tell them apart) says so; anything else
 * says loading failed, with Try again.
 */
export function ErrorState({
  error,
  onRetry,
  notFoundKey = 'global_settings.not_found',
  errorKey = 'global_settings.load_error',
}: {
  error: unknown;
  onRetry?: () => void;
  notFoundKey?: string;
  errorKey?: string;
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
export function NotFoundState({
  messageKey = 'global_settings.not_found',
}: {
  messageKey?: string;
}) {
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

/** A definition list of facts (label, value). */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={classes.facts}>
      {items.map(([label, value]) => (
        <FactRow key={label} label={label} value={value} />
      ))}
    </dl>
  );
}

function FactRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
