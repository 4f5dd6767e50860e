import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocationSearchItem } from '@ec/contract';
import { companyLocationsQueryOptions } from '../../../entities/location/index.ts';
import { IconMapPin } from '../icons.ts';
import { locationPath } from '../paths.ts';
import { CompanyListPage } from './company-list-page.tsx';
import classes from './global-settings.module.css';

/** A postal address on one line, or null when no part is set. */
export function addressLine(address: LocationSearchItem['address']): string | null {
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postCode, address.city].filter(Boolean).join(' ');
  const line = [street, city].filter(Boolean).join(', ');
  return line || null;
}

function LocationRow({ location, companyId }: { location: LocationSearchItem; companyId: number }) {
  const { t } = useTranslation();
  const address = addressLine(location.address);
  return (
    <li className={classes.row}>
      <div className={classes.rowMain}>
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={16} aria-hidden />
          <Anchor
            component={Link}
            to={locationPath(companyId, location.group.id, location.id)}
            fw={600}
            className={classes.text}
          >
            {location.name}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" className={classes.text}>
          {[location.group.name, address].filter(Boolean).join(' · ')}
        </Text>
        <Text size="sm" c="dimmed" className={classes.text}>
          {location.owner
            ? t('global_settings.locations.owned_by', {
                name: location.owner.fullName || location.owner.email,
              })
            : t('global_settings.no_owner')}
        </Text>
      </div>
      <Badge variant="light" color={location.controllersCount > 0 ? 'blue' : 'gray'}>
        {t('global_settings.controllers_count', { count: location.controllersCount })}
      </Badge>
    </li>
  );
}

/** A company's locations (spec 000 §2 settings/global companies/:id/locations), searchable and paged. */
export function CompanyLocations({ companyId }: { companyId: number | null }) {
  const { t } = useTranslation();
  return (
    <CompanyListPage
      companyId={companyId}
      title={t('route_titles.locations')}
      keys="global_settings.locations"
      listQuery={companyLocationsQueryOptions}
      renderRow={(location, id) => (
        <LocationRow key={location.id} location={location} companyId={id} />
      )}
    />
  );
}
