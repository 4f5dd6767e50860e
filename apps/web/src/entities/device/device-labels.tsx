import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceCategory, DeviceStatus } from '@ec/domain';
import { DeviceCategoryIcon } from '../../shared/ui/device-category-icon.tsx';

/** The colour of each device status, wherever a status shows. */
export const DEVICE_STATUS_COLORS: Record<DeviceStatus, string> = {
  OK: 'green',
  WARNING: 'yellow',
  ERROR: 'red',
  OFFLINE: 'gray',
};

/** A device category with its icon (the sidebar's) and its name. */
export function CategoryLabel({ category }: { category: DeviceCategory }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <DeviceCategoryIcon category={category} size={16} />
      <Text size="sm" span>
        {t(`device_category.${category}`)}
      </Text>
    </Group>
  );
}

/** A device's status as a coloured badge. */
export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={DEVICE_STATUS_COLORS[status]} variant="light">
      {t(`device_status.${status}`)}
    </Badge>
  );
}

/** A deleted device's "Deleted" mark, otherwise its status badge. */
export function DeviceStateBadge({
  device,
}: {
  device: { deletedAt: string | null; status: DeviceStatus };
}) {
  const { t } = useTranslation();
  if (device.deletedAt) {
    return (
      <Badge color="red" variant="outline">
        {t('device_state.deleted')}
      </Badge>
    );
  }
  return <DeviceStatusBadge status={device.status} />;
}
