import type { ReactNode } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlowTotals, LiveFlows } from '@ec/contract';
import type { LiveStreamStatus } from '../../../entities/live/index.ts';
import { formatDecimal, formatEnergy, formatTimeAgo } from '../../../shared/format/energy-units.ts';
import { useNow } from '../../../shared/ui/use-now.ts';
import { presentNodes } from './flow-model.ts';
import classes from './live.module.css';

const STATUS_COLORS: Record<LiveStreamStatus | 'offline', string> = {
  connecting: 'gray',
  live: 'green',
  reconnecting: 'yellow',
  paused: 'gray',
  offline: 'gray',
};

/**
 * The live badge ("Live", "Reconnecting…", "Paused", "Offline") with "updated 5 seconds ago" from the newest
 * reading; a polite live region, so a screen reader hears a change of state, not every tick.
 */
export function LiveStatus({
  status,
  time,
  offline = false,
}: {
  status: LiveStreamStatus;
  /** The newest reading (the flows' time), null when nothing arrived in the last minute. */
  time: string | null;
  offline?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const shown = offline ? 'offline' : status;
  return (
    <Group gap="xs" wrap="wrap">
      <Badge
        color={STATUS_COLORS[shown]}
        variant={shown === 'live' ? 'dot' : 'light'}
        role="status"
      >
        {t(`live.status.${shown}`)}
      </Badge>
      <Text size="xs" c="dimmed" data-testid="live-updated">
        {time
          ? t('live.updated', { ago: formatTimeAgo(i18n.language, time, now) })
          : t('live.no_recent')}
      </Text>
    </Group>
  );
}

/** Today's energy and shares (the location's local day); `footer` below them (the location's cost today). */
export function TodayTotals({ flows, footer }: { flows: LiveFlows; footer?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const totals: FlowTotals = flows.today;
  const nodes = new Set(presentNodes(flows.current));
  const energy = (wh: number) => formatEnergy(locale, wh);
  const pct = (value: number | null) =>
    value === null ? '–' : `${formatDecimal(locale, value, 0)}\u00a0%`;
  const items: { key: string; value: string; show: boolean }[] = [
    { key: 'grid_import', value: energy(totals.gridImportWh), show: true },
    { key: 'grid_export', value: energy(totals.gridExportWh), show: true },
    { key: 'solar', value: energy(totals.solarWh), show: nodes.has('solar') || totals.solarWh > 0 },
    { key: 'consumption', value: energy(totals.consumptionWh), show: true },
    {
      key: 'battery_charge',
      value: energy(totals.batteryChargeWh),
      show: nodes.has('battery') || totals.batteryChargeWh > 0,
    },
    {
      key: 'battery_discharge',
      value: energy(totals.batteryDischargeWh),
      show: nodes.has('battery') || totals.batteryDischargeWh > 0,
    },
    { key: 'self_sufficiency', value: pct(totals.selfSufficiencyPct), show: true },
    { key: 'self_consumption', value: pct(totals.selfConsumptionPct), show: true },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="live-today">
      <Title order={2} size="h4" mb="sm" id="live-today">
        {t('live.today.title')}
      </Title>
      <dl className={classes.totals}>
        {items
          .filter((item) => item.show)
          .map((item) => (
            <div key={item.key}>
              <dt>{t(`live.today.${item.key}`)}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
      </dl>
      {footer}
    </Paper>
  );
}

/** The overview while it loads: the picture's and the totals' places. */
export function LiveSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t('common.loading')}>
      <Skeleton height={24} width={160} />
      <div className={classes.layout}>
        <Skeleton height={300} radius="md" />
        <Skeleton height={300} radius="md" />
      </div>
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}

/** A page heading: the route's title and what it is about. */
export function LiveHeading({
  title,
  subject,
  aside,
}: {
  title: string;
  subject?: string;
  aside?: ReactNode;
}) {
  return (
    <div className={classes.header}>
      <div>
        <Title order={1} className={classes.wrap}>
          {title}
        </Title>
        {subject && (
          <Text c="dimmed" mt={4} className={classes.wrap}>
            {subject}
          </Text>
        )}
      </div>
      {aside}
    </div>
  );
}
