import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Box, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SpotMarketDays } from '@ec/contract';
import { SpotRegionSelect, type SpotRegionValue } from '../../reference/index.ts';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert.tsx';
import { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';
import { spotMarketQueryOptions } from '../api/spot-market-queries.ts';
import { addDays, localDate, spotDay, type SpotDay } from '../lib/spot-days.ts';
import classes from './spot-market.module.css';

// ECharts is loaded only when a chart is shown (its own chunk).
const SpotPriceChart = lazy(async () => ({
  default: (await import('./spot-price-chart.tsx')).SpotPriceChart,
}));

function useFormats(currency: string) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const mwh = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const kwh = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 5,
    });
    return {
      mwh: (value: number) => mwh.format(value),
      kwh: (perMwh: number) => `${kwh.format(perMwh / 1000)}/kWh`,
    };
  }, [locale, currency]);
}

function DayPrices({
  title,
  day,
  currency,
  dateLabel,
  missing,
}: {
  title: string;
  day: SpotDay;
  currency: string;
  dateLabel: string;
  missing: React.ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  const formatMwh = useCallback((value: number) => format.mwh(value), [format]);
  const unit = t('spot_market.price_mwh', { currency });
  const id = `spot-day-${day.date}`;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {dateLabel}
          </Text>
        </Group>
        {day.hours.length === 0 ? (
          missing
        ) : (
          <>
            <Group gap="md" wrap="wrap">
              {day.cheapest && (
                <Badge color="green" variant="light" size="lg" tt="none">
                  {t('spot_market.cheapest')}: {day.cheapest.label} ·{' '}
                  {format.mwh(day.cheapest.pricePerMwh)} {unit}
                </Badge>
              )}
              {day.dearest && (
                <Badge color="red" variant="light" size="lg" tt="none">
                  {t('spot_market.dearest')}: {day.dearest.label} ·{' '}
                  {format.mwh(day.dearest.pricePerMwh)} {unit}
                </Badge>
              )}
            </Group>
            <Suspense fallback={<Loader size="sm" />}>
              <SpotPriceChart
                day={day}
                unit={unit}
                format={formatMwh}
                label={t('spot_market.chart_label', { day: dateLabel })}
              />
            </Suspense>
            <Table.ScrollContainer minWidth={300}>
              <Table striped={false} aria-label={t('spot_market.table_label', { day: dateLabel })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('spot_market.hour')}</Table.Th>
                    <Table.Th ta="right">{unit}</Table.Th>
                    <Table.Th ta="right">{t('spot_market.price_kwh')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {day.hours.map((hour) => {
                    const mark =
                      hour === day.cheapest
                        ? 'cheapest'
                        : hour === day.dearest
                          ? 'dearest'
                          : undefined;
                    return (
                      <Table.Tr
                        key={hour.startMs}
                        className={mark ? classes[mark] : undefined}
                        data-mark={mark}
                      >
                        <Table.Td>
                          {hour.label}
                          {mark && (
                            <Text span size="xs" ml="xs" c={mark === 'cheapest' ? 'green' : 'red'}>
                              {t(`spot_market.${mark}`)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{format.mwh(hour.pricePerMwh)}</Table.Td>
                        <Table.Td ta="right">{format.kwh(hour.pricePerMwh)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Days({ data, now }: { data: SpotMarketDays; now: number }) {
  const { t, i18n } = useTranslation();
  const today = localDate(now, data.timeZone);
  const tomorrow = addDays(today, 1);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'full',
    timeZone: 'UTC',
  });
  const label = (date: string) => dateFormat.format(new Date(`${date}T12:00:00Z`));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('spot_market.time_zone', { timeZone: data.timeZone })}
      </Text>
      <div className={classes.days}>
        <DayPrices
          title={t('spot_market.today')}
          day={spotDay(data.prices, today, data.timeZone)}
          currency={data.currency}
          dateLabel={label(today)}
          missing={<EmptyState title={t('spot_market.no_prices')} />}
        />
        <DayPrices
          title={t('spot_market.tomorrow')}
          day={spotDay(data.prices, tomorrow, data.timeZone)}
          currency={data.currency}
          dateLabel={label(tomorrow)}
          missing={
            <Alert color="gray" variant="light" data-testid="tomorrow-not-available">
              {t('spot_market.not_yet_available')}
            </Alert>
          }
        />
      </div>
    </Stack>
  );
}

/**
 * The spot-market screen (spec 001 §2): a region's day-ahead prices today and tomorrow in the zone's time zone, as
 * a chart and an hourly table in {currency}/MWh and per kWh, the cheapest and dearest hour marked; tomorrow shows
 * "not yet available" until its prices are published (spec 001 §9: after 14:00).
 */
export function SpotMarket({
  initialRegion,
  subject,
  now = Date.now,
}: {
  /** What the page is about, under its title (the location's name on a location's page). */
  subject?: React.ReactNode;
  /** The location's spot region, else the user's; null lets the user pick. */
  initialRegion: SpotRegionValue | null;
  /** The clock (tests). */
  now?: () => number;
}) {
  const { t } = useTranslation();
  const [region, setRegion] = useState<SpotRegionValue | null>(initialRegion);
  const nowMs = now();
  // The zone's today and tomorrow lie within UTC's yesterday … the day after tomorrow for every zone we list.
  const utcToday = new Date(nowMs).toISOString().slice(0, 10);
  const prices = useQuery({
    ...spotMarketQueryOptions(
      region ?? { type: 'EIC', code: '' },
      addDays(utcToday, -1),
      addDays(utcToday, 2),
    ),
    enabled: region !== null,
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('route_titles.spot_market')}</Title>
        {subject && (
          <Text c="dimmed" mt={4} component="div">
            {subject}
          </Text>
        )}
        <Text c="dimmed">{t('spot_market.intro')}</Text>
      </div>
      <Box maw={420}>
        <SpotRegionSelect label={t('spot_market.region')} value={region} onChange={setRegion} />
      </Box>
      {region === null ? (
        <EmptyState title={t('spot_market.no_region')} />
      ) : prices.isPending ? (
        <LoadingState label={t('spot_market.loading')} />
      ) : prices.isError ? (
        <LoadErrorAlert
          title={t('spot_market.load_error')}
          retry={{ error: prices.error, onRetry: () => void prices.refetch() }}
        />
      ) : (
        <Days data={prices.data} now={nowMs} />
      )}
    </Stack>
  );
}
