import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submitErrorText } from '../forms/submit-error.ts';
import { IconAlertTriangle } from './icons.ts';

/**
 * A list that failed to load: the title, and with `retry` the reason (the server's message) and Try again.
 * Without `retry` (e.g. the company does not exist) the title says it all.
 */
export function LoadErrorAlert({
  title,
  retry,
}: {
  title: string;
  retry?: { error: unknown; onRetry: () => void };
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
    >
      {retry && (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{submitErrorText(retry.error, t, 'errors.INTERNAL')}</Text>
          <Button size="xs" variant="light" onClick={retry.onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      )}
    </Alert>
  );
}
