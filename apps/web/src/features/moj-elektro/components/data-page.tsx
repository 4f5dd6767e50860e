import { useCallback, useMemo } from 'react';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';
import { readingsQueryOptions } from '../api/moj-elektro-api.ts';
import { useFormats } from '../model/format.ts';
import type { MeterData } from '../model/types.ts';
import { Chart, useChartOption, type ChartModule } from './lazy-charts.tsx';
import { CalculationError, SelectDeviceState } from './page-states.tsx';
import { useMeFilters } from './use-filters.ts';
import classes from './moj-elektro.module.css';

/** Month → the peak kW of blocks 1..5 (null where the block had no interval). */
export function peaksByMonth(data: MeterData): { month: string; peaks: (number | null)[] }[] {
  const months = new Map<string, (number | null)[]>();
  for (const peak of data.monthlyPeaks) {
    const row = months.get(peak.month) ?? [null, null, null, null, null];
    row[peak.block - 1] = peak.peakKw;
    months.set(peak.month, row);
  }
  return [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, peaks]) => ({ month, peaks }));
}

function MeterChart({ data }: { data: MeterData }) {
  const { t, i18n } = useTranslation();
  const f = useFormats();
  const option = useChartOption(
    useCallback(
      (m: ChartModule) => {
        const date = new Intl.DateTimeFormat(i18n.language, {
          day: 'numeric',
          month: 'short',
          timeZone: 'Europe/Ljubljana',
        });
        return m.meterChartOption(
          data,
          {
            import: t('moj_elektro.data.import'),
            export: t('moj_elektro.data.export'),
            block: (n) => t('moj_elektro.block', { block: n }),
          },
          { time: (ms) => date.format(new Date(ms)), kw: f.kw, axis: f.axis },
        );
      },
      [data, t, i18n.language, f],
    ),
  );
  if (!option) return <LoadingState />;
  return <Chart option={option} label={t('moj_elektro.data.chart_label')} height={360} />;
}

/** The metering data (spec 000 §2 "data"): the 15-minute power by block, and each month's peak per block. */
export function DataPage() {
  const { t } = useTranslation();
  const f = useFormats();
  const filters = useMeFilters();
  const query = useQuery({
    ...readingsQueryOptions(filters.device?.id ?? 0, {
      from: filters.filters.from,
      to: filters.filters.to,
      tariffYear: filters.filters.tariffYear,
    }),
    enabled: filters.rangeReady,
  });
  const peaks = useMemo(() => (query.data ? peaksByMonth(query.data) : []), [query.data]);
  if (!filters.rangeReady) return <SelectDeviceState />;
  if (query.isPending) return <LoadingState label={t('moj_elektro.data.loading')} />;
  if (query.isError) return <CalculationError error={query.error} />;
  const data = query.data;
  if (data.importKw.every((v) => v === null))
    return <EmptyState title={t('moj_elektro.data.empty')} />;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text size="sm">
            {t('moj_elektro.data.totals', {
              import: f.kwhRound(data.totals.importKwh),
              export: f.kwhRound(data.totals.exportKwh),
            })}
          </Text>
          <MeterChart data={data} />
        </Stack>
      </Paper>
      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="me-peaks">
        <Title order={2} size="h5" id="me-peaks" mb="xs">
          {t('moj_elektro.data.peaks_title')}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table aria-labelledby="me-peaks" striped className={classes.costTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('moj_elektro.calculations.month')}</Table.Th>
                {[1, 2, 3, 4, 5].map((b) => (
                  <Table.Th key={b} ta="right">
                    {t('moj_elektro.block', { block: b })}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {peaks.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Td>{f.month(row.month)}</Table.Td>
                  {row.peaks.map((peak, i) => (
                    <Table.Td key={`${row.month}-${i + 1}`} ta="right">
                      {peak === null ? '–' : f.kw(peak)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
