import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ControllerSummary } from '@ec/contract';
import {
  ConnectionBadge,
  locationControllersQueryOptions,
} from '../../../entities/controller/index.ts';
import { controllerHref } from '../location-paths.ts';
import { formatDateTime } from './format.ts';
import { useManagedLocation } from './manage-frame.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import classes from './controllers.module.css';

/** `firmware 2.4.1 · hardware rev C`, or null when there is nothing to say. */
export function formatPairs(pairs: Record<string, string>): string | null {
  const entries = Object.entries(pairs);
  return entries.length === 0 ? null : entries.map(([k, v]) => `${k} ${v}`).join(' · ');
}

/** A term and its description in a controller's facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function ControllerCard({ controller, base }: { controller: ControllerSummary; base: string }) {
  const { t, i18n } = useTranslation();
  const title = controller.alias ?? controller.serial;
  const versions = formatPairs(controller.versions);
  return (
    <Paper component="li" withBorder radius="md" p="md" className={classes.card}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={controllerHref(base, controller.id)} fw={600}>
          {title}
        </Anchor>
        <ConnectionBadge connected={controller.connected} />
      </Group>
      <dl className={classes.facts}>
        <Fact label={t('location_manage.controllers.alias')}>
          {controller.alias ?? (
            <Text span c="dimmed" size="sm">
              {t('location_manage.controllers.no_alias')}
            </Text>
          )}
        </Fact>
        <Fact label={t('location_manage.controllers.serial')}>
          <span className={classes.mono}>{controller.serial}</span>
        </Fact>
        <Fact label={t('location_manage.controllers.unit_id')}>
          <span className={classes.mono}>{controller.unitId}</span>
        </Fact>
        <Fact label={t('location_manage.controllers.setup_type')}>
          {t(`location_manage.controllers.setup_types.${controller.setupType}`)}
        </Fact>
        <Fact label={t('location_manage.controllers.versions')}>
          {versions ?? t('location_manage.not_set')}
        </Fact>
        <Fact label={t('location_manage.controllers.devices')}>{controller.devicesCount}</Fact>
        <Fact label={t('location_manage.controllers.last_seen')}>
          {controller.lastSeenAt
            ? formatDateTime(controller.lastSeenAt, i18n.language)
            : t('location_manage.controllers.never_seen')}
        </Fact>
      </dl>
    </Paper>
  );
}

/** The location's controllers ("oem devices", spec 000 §2 manage/oem-devices). */
export function ControllersList() {
  const { t } = useTranslation();
  const { location, base } = useManagedLocation();
  const query = useQuery(locationControllersQueryOptions(location.id));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState title={t('location_manage.controllers.empty')}>
        {t('location_manage.controllers.empty_text')}
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('location_manage.controllers.count', { count: query.data.length })}
      </Text>
      <ul className={classes.grid}>
        {query.data.map((controller) => (
          <ControllerCard key={controller.id} controller={controller} base={base} />
        ))}
      </ul>
    </Stack>
  );
}
