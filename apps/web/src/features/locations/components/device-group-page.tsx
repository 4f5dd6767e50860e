import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryLabel, DeviceStatusBadge } from '../../../entities/device/index.ts';
import {
  locationQueryOptions,
  locationStructureQueryOptions,
} from '../../../entities/location/index.ts';
import { IconFolder } from '../icons.ts';
import { deviceHref, manageHref } from '../location-paths.ts';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from './states.tsx';
import listClasses from './list.module.css';

export interface DeviceGroupPageProps {
  locationId: number;
  base: string;
  groupId: number | null;
}

/**
 * A device group of a location (spec 000 §2 device-groups/:deviceGroupId): its devices with category and status,
 * each linking to its page; users who may edit the location get a link to the structure editor.
 */
export function DeviceGroupPage({ locationId, base, groupId }: DeviceGroupPageProps) {
  const { t } = useTranslation();
  const location = useQuery(locationQueryOptions(locationId));
  const structure = useQuery(locationStructureQueryOptions(locationId));
  const notFoundKey = 'location_manage.structure.group_not_found';

  if (groupId === null) return <NotFoundState messageKey={notFoundKey} />;
  if (structure.isPending) return <LoadingState />;
  if (structure.isError) {
    return (
      <ErrorState
        error={structure.error}
        onRetry={() => void structure.refetch()}
        notFoundKey="location_manage.not_found"
      />
    );
  }
  const group = structure.data.deviceGroups.find((g) => g.id === groupId);
  if (!group) return <NotFoundState messageKey={notFoundKey} />;

  return (
    <Stack gap="lg" maw={880}>
      <div>
        {location.data && (
          <Text size="sm" c="dimmed" className={listClasses.text}>
            {location.data.name}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap">
          <IconFolder size={26} aria-hidden />
          <Title order={1} className={listClasses.text}>
            {group.name}
          </Title>
        </Group>
      </div>
      {location.data?.permissions.edit && (
        <div>
          <Button component={Link} to={manageHref(base, 'structure')} variant="light" size="sm">
            {t('location_manage.structure.manage_link')}
          </Button>
        </div>
      )}
      {group.devices.length === 0 ? (
        <EmptyState title={t('location_manage.structure.group_empty')} />
      ) : (
        <ul className={listClasses.list}>
          {group.devices.map((device) => {
            const href = deviceHref(base, device);
            return (
              <Paper component="li" key={device.id} withBorder radius="md" p="sm">
                <div className={listClasses.row}>
                  <div className={listClasses.main}>
                    {href ? (
                      <Anchor component={Link} to={href} fw={500} className={listClasses.text}>
                        {device.name}
                      </Anchor>
                    ) : (
                      <Text fw={500}>{device.name}</Text>
                    )}
                  </div>
                  <Group gap="xs">
                    <CategoryLabel category={device.category} />
                    <DeviceStatusBadge status={device.status} />
                  </Group>
                </div>
              </Paper>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
