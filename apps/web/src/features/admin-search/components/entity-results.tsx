import { useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ControllerSearchItem, DeviceSearchItem, LocationSearchItem } from '@ec/contract';
import IconUserCircle from '@tabler/icons-react/dist/esm/icons/IconUserCircle.mjs';
import { ConnectionBadge } from '../../../entities/controller/index.ts';
import { DeviceStatusBadge } from '../../../entities/device/index.ts';
import { DeviceCategoryIcon } from '../../../shared/ui/device-category-icon.tsx';
import { Facts } from './result-list.tsx';
import { SetOwnerModal } from './set-owner-modal.tsx';
import classes from './search-results.module.css';

function LocationLink({ location }: { location: { id: number; name: string } }) {
  return (
    <Anchor component={Link} to={`/locations/${location.id}`} inherit>
      {location.name}
    </Anchor>
  );
}

/** `Street 1, 4260 Bled`, leaving out what is missing. */
export function addressLine(address: LocationSearchItem['address']): string {
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postCode, address.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}

/** A location found by the admin search. */
export function LocationResult({ location }: { location: LocationSearchItem }) {
  const { t } = useTranslation();
  const address = addressLine(location.address);
  return (
    <div className={classes.main}>
      <Text fw={600} className={classes.title}>
        <LocationLink location={location} />
      </Text>
      <Facts
        items={[
          [t('admin_search.company'), location.company.name],
          [t('admin_search.group'), location.group.name],
          address !== '' && [t('admin_search.address'), address],
          [t('admin_search.owner'), location.owner?.fullName ?? t('admin_search.no_owner')],
          [t('route_titles.oem_devices'), location.controllersCount],
        ]}
      />
    </div>
  );
}

/** A controller ("oem device") found by the admin search, with "Set owner" for admins. */
export function ControllerResult({ controller }: { controller: ControllerSearchItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = controller.alias || controller.serial;
  return (
    <div className={classes.row}>
      <div className={classes.main}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} className={classes.title}>
            {title}
          </Text>
          <ConnectionBadge connected={controller.connected} />
        </Group>
        <Facts
          items={[
            [t('admin_search.serial'), controller.serial],
            [t('admin_search.unit_id'), controller.unitId],
            [t('admin_search.setup_type'), t(`admin_search.setup_types.${controller.setupType}`)],
            [t('admin_search.company'), controller.company.name],
            [
              t('route_titles.location'),
              controller.location ? (
                <LocationLink location={controller.location} />
              ) : (
                t('admin_search.no_location')
              ),
            ],
            [t('admin_search.owner'), controller.owner?.fullName ?? t('admin_search.no_owner')],
            [t('route_titles.search_devices'), controller.devicesCount],
          ]}
        />
      </div>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconUserCircle size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={t('admin_search.set_owner_for', { name: title })}
      >
        {t('admin_search.set_owner')}
      </Button>
      <SetOwnerModal controller={controller} opened={open} onClose={() => setOpen(false)} />
    </div>
  );
}

/** A device found by the admin search. */
export function DeviceResult({ device }: { device: DeviceSearchItem }) {
  const { t } = useTranslation();
  return (
    <div className={classes.main}>
      <Group gap="xs" wrap="wrap">
        <DeviceCategoryIcon category={device.category} />
        <Text fw={600} className={classes.title}>
          {device.name}
        </Text>
        <DeviceStatusBadge status={device.status} />
      </Group>
      <Facts
        items={[
          [t('admin_search.category'), t(`device_category.${device.category}`)],
          [t('admin_search.company'), device.company.name],
          [t('route_titles.location'), <LocationLink key="l" location={device.location} />],
          device.deviceGroup !== null && [t('route_titles.device_group'), device.deviceGroup.name],
          [
            t('route_titles.oem_device'),
            device.controller
              ? device.controller.alias || device.controller.serial
              : t('admin_search.no_controller'),
          ],
          device.manufacturer !== null || device.model !== null
            ? [
                t('admin_search.model'),
                [device.manufacturer, device.model].filter(Boolean).join(' '),
              ]
            : false,
        ]}
      />
    </div>
  );
}
