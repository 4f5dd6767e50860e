import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors.ts';
import { EmptyState } from '../../../shared/ui/states.tsx';

/** "Select a device and enter input data before calculating" (spec 001 §5). */
export function SelectDeviceState() {
  const { t } = useTranslation();
  return <EmptyState title={t('moj_elektro.calculations.select_device')} />;
}

/**
 * A failed calculation: the server's own message (a rule — no data, no country — or a source that is down, such as
 * the weather history), else "Error fetching data".
 */
export function CalculationError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const own =
    isApiError(error) &&
    (error.status === 422 || error.status === 503) &&
    error.message.startsWith('moj_elektro.');
  return (
    <Alert color={own ? 'yellow' : 'red'} role="alert">
      <Text size="sm">{own ? t(error.message) : t('moj_elektro.calculations.error_fetching')}</Text>
    </Alert>
  );
}
