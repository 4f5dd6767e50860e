import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Connected or not, as the controller last told the cloud (every screen that lists controllers shows this). */
export function ConnectionBadge({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={connected ? 'green' : 'gray'} variant="light">
      {t(`controller_connection.${connected ? 'connected' : 'disconnected'}`)}
    </Badge>
  );
}
