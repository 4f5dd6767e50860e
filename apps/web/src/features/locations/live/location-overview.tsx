import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type {
  LiveController,
  LocationLive,
  LocationStructure,
  StructureDevice,
} from '@ec/contract';
import { ConnectionBadge } from '../../../entities/controller/index.ts';
import { CategoryLabel } from '../../../entities/device/index.ts';
import { locationLiveQueryOptions, useLocationLiveStream } from '../../../entities/live/index.ts';
import {
  locationQueryOptions,
  locationStructureQueryOptions,
} from '../../../entities/location/index.ts';
import { formatTimeAgo } from '../../../shared/format/energy-units.ts';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { useNow } from '../../../shared/ui/use-now.ts';
import { deviceHref, locationBasePath, manageHref } from '../location-paths.ts';
import { DeviceValues } from './device-values.tsx';
import { EnergyFlow } from './energy-flow.tsx';
import { LiveHeading, LiveSkeleton, LiveStatus, TodayTotals } from './live-parts.tsx';
import { TodayCost } from './today-cost.tsx';
import classes from './live.module.css';

/** Every device of a location's structure. */
function structureDevices(structure: LocationStructure): StructureDevice[] {
  return [...structure.deviceGroups.flatMap((g) => g.devices), ...structure.ungrouped];
}

/** A controller's name as the lists show it. */
function controllerName(controller: LiveController): string {
  return controller.alias ?? controller.unitId;
}

/** "Offline — last seen 3 hours ago" for each controller that is not connected. */
function OfflineNotice({ controllers }: { controllers: LiveController[] }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const offline = controllers.filter((c) => !c.connected);
  if (offline.length === 0) return null;
  return (
    <Alert color="gray" role="status" title={t('live.offline.title')} data-testid="offline-notice">
      <Stack gap={4}>
        {offline.map((controller) => (
          <Text size="sm" key={controller.id}>
            {controller.lastSeenAt
              ? t('live.offline.last_seen', {
                  name: controllerName(controller),
                  ago: formatTimeAgo(i18n.language, controller.lastSeenAt, now),
                })
              : t('live.offline.never_seen', { name: controllerName(controller) })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** A location without a controller: what that means, and where to add one for those who may. */
function NoControllerState({ base, canEdit }: { base: string | null; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" role="status" data-testid="no-controller">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>{t('live.no_controller.title')}</Text>
        <Text size="sm" c="dimmed" maw={520}>
          {t(canEdit ? 'live.no_controller.text_edit' : 'live.no_controller.text_view')}
        </Text>
        {canEdit && base && (
          <Button component={Link} to={manageHref(base, 'oem-devices')} variant="light" mt="xs">
            {t('live.no_controller.action')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The devices with their latest values and their controller's connection. */
function LiveDevices({
  live,
  base,
  structure,
  canEdit,
}: {
  live: LocationLive;
  base: string | null;
  structure: StructureDevice[] | undefined;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const connected = new Map(live.controllers.map((c) => [c.id, c.connected]));
  const href = (id: number): string | null => {
    const device = structure?.find((d) => d.id === id);
    if (!device || !base) return null;
    // A device without a group has its page under its controller, in Manage Location (edit only).
    if (device.deviceGroupId === null && !canEdit) return null;
    return deviceHref(base, device);
  };
  return (
    <section aria-labelledby="live-devices">
      <Title order={2} size="h4" mb="sm" id="live-devices">
        {t('live.devices.title')}
      </Title>
      {live.devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('live.devices.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {live.devices.map((device) => {
            const link = href(device.id);
            const online =
              device.controllerId !== null && connected.get(device.controllerId) === true;
            return (
              <Paper component="li" key={device.id} withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <div className={classes.row}>
                    {link ? (
                      <Anchor component={Link} to={link} fw={500} className={classes.wrap}>
                        {device.name}
                      </Anchor>
                    ) : (
                      <Text fw={500} className={classes.wrap}>
                        {device.name}
                      </Text>
                    )}
                    <Group gap="xs">
                      <CategoryLabel category={device.category} />
                      <ConnectionBadge connected={online} />
                    </Group>
                  </div>
                  <DeviceValues values={device.values} stale={!online} />
                </Stack>
              </Paper>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The location overview (spec 000 §2 locations/:id index): the live energy flow, today's totals and cost, and the devices
 * with their latest values, kept current by the live stream; clear states while loading, on failure (with Try
 * again), for a location without a controller and for an offline controller.
 */
export function LocationOverview({ locationId }: { locationId: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = locationBasePath(pathname);
  const location = useQuery(locationQueryOptions(locationId));
  const live = useQuery(locationLiveQueryOptions(locationId));
  const structure = useQuery(locationStructureQueryOptions(locationId));
  const stream = useLocationLiveStream(locationId, live.isSuccess);
  const title = t('route_titles.location_overview');
  const canEdit = location.data?.permissions.edit ?? false;

  if (live.isPending) {
    return (
      <Stack gap="lg">
        <LiveHeading title={title} subject={location.data?.name} />
        <LiveSkeleton />
      </Stack>
    );
  }
  if (live.isError) {
    return (
      <Stack gap="lg">
        <LiveHeading title={title} subject={location.data?.name} />
        <ErrorState
          error={live.error}
          onRetry={() => void live.refetch()}
          notFoundKey="frame.location_missing"
          errorKey="live.load_error"
        />
      </Stack>
    );
  }

  const data = live.data;
  const hasControllers = data.controllers.length > 0;
  const offline = hasControllers && data.controllers.every((c) => !c.connected);
  const categories = new Set(data.devices.map((d) => d.category));
  return (
    <Stack gap="lg">
      <LiveHeading
        title={title}
        subject={location.data?.name}
        aside={
          hasControllers && (
            <LiveStatus status={stream.status} time={data.flows.time} offline={offline} />
          )
        }
      />
      {!hasControllers ? (
        <NoControllerState base={base} canEdit={canEdit} />
      ) : (
        <>
          <OfflineNotice controllers={data.controllers} />
          <div className={classes.layout}>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="live-flow">
              <Title order={2} size="h4" mb="sm" id="live-flow">
                {t('live.flow.title')}
              </Title>
              <EnergyFlow
                powers={data.flows.current}
                categories={categories}
                moving={!offline && data.flows.time !== null}
                stale={offline}
              />
            </Paper>
            <TodayTotals
              flows={data.flows}
              footer={<TodayCost locationId={locationId} day={data.flows.day} />}
            />
          </div>
          <LiveDevices
            live={data}
            base={base}
            structure={structure.data && structureDevices(structure.data)}
            canEdit={canEdit}
          />
        </>
      )}
    </Stack>
  );
}
