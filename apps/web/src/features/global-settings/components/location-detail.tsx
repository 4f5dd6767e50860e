import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Location } from '@ec/contract';
import { countryName } from '../../../shared/intl/countries.ts';
import {
  ConnectionBadge,
  locationControllersQueryOptions,
} from '../../../entities/controller/index.ts';
import { companyLocationGroupsQueryOptions } from '../../../entities/location-group/index.ts';
import { locationQueryOptions } from '../../../entities/location/index.ts';
import { userQueryOptions } from '../../../entities/user/index.ts';
import { IconUsers } from '../icons.ts';
import { companyPath, controllerPath, locationPath } from '../paths.ts';
import { addressLine } from './company-locations.tsx';
import { EmptyState, ErrorState, Facts, LoadingState, NotFoundState } from './states.tsx';
import classes from './global-settings.module.css';

/** Loads a location of the company in the path; another company's location is "not found" here. */
export function useCompanyLocation(companyId: number | null, locationId: number | null) {
  const query = useQuery({
    ...locationQueryOptions(locationId ?? 0),
    enabled: companyId !== null && locationId !== null,
  });
  const foreign = query.data !== undefined && query.data.companyId !== companyId;
  return { query, foreign };
}

function OwnerText({ ownerId }: { ownerId: number | null }) {
  const { t } = useTranslation();
  const owner = useQuery({ ...userQueryOptions(ownerId ?? 0), enabled: ownerId !== null });
  if (ownerId === null) return <>{t('global_settings.no_owner')}</>;
  if (owner.isPending) return <>…</>;
  if (owner.isError) return <>{t('global_settings.controllers.owner_unknown', { id: ownerId })}</>;
  return <>{`${owner.data.fullName || owner.data.email} (${owner.data.email})`}</>;
}

function Controllers({ location }: { location: Location }) {
  const { t } = useTranslation();
  const query = useQuery(locationControllersQueryOptions(location.id));
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        errorKey="global_settings.controllers.load_error"
      />
    );
  }
  if (query.data.length === 0)
    return <EmptyState title={t('global_settings.controllers.none_here')} />;
  return (
    <ul className={classes.list}>
      {query.data.map((controller) => (
        <li key={controller.id} className={classes.row}>
          <div className={classes.rowMain}>
            <Anchor
              component={Link}
              to={controllerPath(location.companyId, controller.id)}
              fw={600}
            >
              {controller.alias ?? controller.serial}
            </Anchor>
            <Text size="sm" c="dimmed" className={classes.mono}>
              {controller.serial}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {t(`global_settings.controllers.setup_types.${controller.setupType}`)}
            </Badge>
            <ConnectionBadge connected={controller.connected} />
          </Group>
        </li>
      ))}
    </ul>
  );
}

/**
 * A location in global settings (spec 000 §2 location-groups/:gid/locations/:locationId): its data, group, owner
 * and controllers, with links to its users, its own pages and Manage Location.
 */
export function GlobalLocationDetail({
  companyId,
  locationId,
}: {
  companyId: number | null;
  locationId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const { query, foreign } = useCompanyLocation(companyId, locationId);
  const groups = useQuery({
    ...companyLocationGroupsQueryOptions(companyId ?? 0),
    enabled: companyId !== null,
  });
  if (companyId === null || locationId === null || foreign) return <NotFoundState />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const location = query.data;
  const group = groups.data?.find((g) => g.id === location.groupId);
  const none = t('global_settings.not_set');
  const address = addressLine(location.address);

  return (
    <Stack className={classes.page}>
      <Title order={1} className={classes.title}>
        {location.name}
      </Title>
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={`${locationPath(companyId, location.groupId, location.id)}/users`}
          variant="light"
          leftSection={<IconUsers size={16} aria-hidden />}
        >
          {t('route_titles.manage_users')}
        </Button>
        <Button component={Link} to={`/locations/${location.id}`} variant="default">
          {t('global_settings.location.open')}
        </Button>
        {location.permissions.edit && (
          <Button component={Link} to={`/locations/${location.id}/manage`} variant="default">
            {t('nav.manage_location')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="location-details">
        <Title order={2} size="h4" mb="sm" id="location-details">
          {t('global_settings.location.details')}
        </Title>
        <Facts
          items={[
            [
              t('global_settings.location.group'),
              <Anchor component={Link} to={companyPath(companyId, 'location-groups')}>
                {group?.name ?? '…'}
              </Anchor>,
            ],
            [t('global_settings.location.owner'), <OwnerText ownerId={location.ownerId} />],
            [
              t('global_settings.settings.country'),
              location.country ? countryName(location.country.code, i18n.language) : none,
            ],
            [t('global_settings.location.timezone'), location.timezone],
            [
              t('global_settings.location.spot_region'),
              location.spotRegion
                ? `${location.spotRegion.code} (${location.spotRegion.type})`
                : none,
            ],
            [
              t('global_settings.location.coordinates'),
              location.coordinates
                ? `${location.coordinates.latitude.toFixed(6)}, ${location.coordinates.longitude.toFixed(6)}`
                : none,
            ],
            [t('global_settings.location.address'), address ?? none],
          ]}
        />
      </Paper>
      <section aria-labelledby="location-controllers">
        <Title order={2} size="h4" mb="sm" id="location-controllers">
          {t('route_titles.oem_devices')}
        </Title>
        <Controllers location={location} />
      </section>
    </Stack>
  );
}
