import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCoordinate } from '@ec/domain';
import type { Location } from '@ec/contract';
import { countryName } from '../../../shared/intl/countries.ts';
import type { Icon } from '../../../shared/ui/icons.ts';
import { IconSettings } from '../../../shared/ui/icons.ts';
import { spotMarketRegionsQueryOptions } from '../../reference/index.ts';
import { locationControllersQueryOptions } from '../../../entities/controller/index.ts';
import {
  locationStructureQueryOptions,
  locationUsersQueryOptions,
} from '../../../entities/location/index.ts';
import { IconCpu, IconCurrencyEuro, IconFolder, IconUsers } from '../icons.ts';
import { manageHref } from '../location-paths.ts';
import { useManagedLocation } from './manage-frame.tsx';
import classes from './manage-overview.module.css';

/** A location's address on one line (street and number, post code and city), or null when it has none. */
export function formatAddress(address: Location['address']): string | null {
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postCode, address.city].filter(Boolean).join(' ');
  const line = [street, city].filter(Boolean).join(', ');
  return line || null;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SectionCard({
  to,
  icon: SectionIcon,
  title,
  text,
}: {
  to: string;
  icon: Icon;
  title: string;
  text: ReactNode;
}) {
  return (
    <Paper component={Link} to={to} withBorder radius="md" p="md" className={classes.card}>
      <Group gap="xs" wrap="nowrap">
        <SectionIcon size={20} aria-hidden />
        <Text fw={600}>{title}</Text>
      </Group>
      <Text size="sm" c="dimmed" component="div">
        {text}
      </Text>
    </Paper>
  );
}

/** Facts of a section card once loaded, joined by a middle dot; a dash while loading or when loading failed. */
function facts(parts: (string | null)[]): string {
  return parts.some((p) => p === null) ? '–' : parts.join(' · ');
}

/**
 * The Manage Location index (spec 000 §2 `manage`): the location's settings at a glance and a card for each
 * section, with what it holds (users and invitations, device groups and devices, controllers).
 */
export function ManageOverview() {
  const { t, i18n } = useTranslation();
  const { location, base } = useManagedLocation();
  const regions = useQuery(spotMarketRegionsQueryOptions());
  const users = useQuery(locationUsersQueryOptions(location.id));
  const structure = useQuery(locationStructureQueryOptions(location.id));
  const controllers = useQuery(locationControllersQueryOptions(location.id));

  const notSet = (
    <Text span c="dimmed">
      {t('location_manage.not_set')}
    </Text>
  );
  const region = location.spotRegion;
  const regionName =
    region && regions.data?.find((r) => r.code === region.code && r.type === region.type)?.name;
  const address = formatAddress(location.address);
  const devicesCount =
    structure.data &&
    structure.data.ungrouped.length +
      structure.data.deviceGroups.reduce((sum, g) => sum + g.devices.length, 0);
  const pendingInvites = users.data?.invitations.filter((i) => i.status === 'pending').length;
  const counted = (key: string, count: number | undefined) =>
    count === undefined ? null : t(key, { count });

  return (
    <Stack gap="xl">
      <section aria-labelledby="location-details">
        <Title order={2} size="h4" mb="sm" id="location-details">
          {t('location_manage.details')}
        </Title>
        <Paper withBorder radius="md" p="md">
          <dl className={classes.details}>
            <Detail label={t('location_manage.fields.name')}>{location.name}</Detail>
            <Detail label={t('location_manage.fields.country')}>
              {location.country ? countryName(location.country.code, i18n.language) : notSet}
            </Detail>
            <Detail label={t('location_manage.fields.spot_region')}>
              {region ? (regionName ? `${regionName} (${region.code})` : region.code) : notSet}
            </Detail>
            <Detail label={t('location_manage.fields.timezone')}>
              {location.timezone.replaceAll('_', ' ')}
            </Detail>
            <Detail label={t('location_manage.fields.address')}>{address ?? notSet}</Detail>
            <Detail label={t('location_manage.fields.coordinates')}>
              {location.coordinates
                ? `${formatCoordinate(location.coordinates.latitude)}, ${formatCoordinate(location.coordinates.longitude)}`
                : notSet}
            </Detail>
            {location.eicCode && (
              <Detail label={t('location_manage.fields.eic_code')}>{location.eicCode.eic}</Detail>
            )}
            {location.agileRegion && (
              <Detail label={t('location_manage.fields.agile_region')}>
                {location.agileRegion.regionCode}
              </Detail>
            )}
          </dl>
        </Paper>
      </section>
      <section aria-labelledby="location-sections">
        <Title order={2} size="h4" mb="sm" id="location-sections">
          {t('location_manage.sections_title')}
        </Title>
        <div className={classes.sections}>
          <SectionCard
            to={manageHref(base, 'settings')}
            icon={IconSettings}
            title={t('route_titles.manage_settings')}
            text={t('location_manage.sections.settings_text')}
          />
          <SectionCard
            to={manageHref(base, 'users')}
            icon={IconUsers}
            title={t('route_titles.manage_users')}
            text={facts([
              counted('location_manage.sections.users_count', users.data?.users.length),
              counted('location_manage.sections.invitations_count', pendingInvites),
            ])}
          />
          <SectionCard
            to={manageHref(base, 'structure')}
            icon={IconFolder}
            title={t('route_titles.manage_structure')}
            text={facts([
              counted('location_manage.sections.groups_count', structure.data?.deviceGroups.length),
              counted('location_manage.structure.devices_count', devicesCount),
            ])}
          />
          <SectionCard
            to={manageHref(base, 'oem-devices')}
            icon={IconCpu}
            title={t('route_titles.oem_devices')}
            text={facts([counted('location_manage.controllers.count', controllers.data?.length)])}
          />
          <SectionCard
            to={manageHref(base, 'pricing')}
            icon={IconCurrencyEuro}
            title={t('route_titles.pricing')}
            text={t('location_manage.sections.pricing_text')}
          />
        </div>
      </section>
    </Stack>
  );
}
