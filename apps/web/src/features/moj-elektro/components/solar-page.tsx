import { useCallback, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/states.tsx';
import { fetchSolar } from '../api/moj-elektro-api.ts';
import { useFormats } from '../model/format.ts';
import type { SolarWhatIf } from '../model/types.ts';
import { Chart, useChartOption, type ChartModule } from './lazy-charts.tsx';
import { CalculationError, SelectDeviceState } from './page-states.tsx';
import { Figure, NumberField, numberIn, useWhatIfRun } from './what-if-parts.tsx';
import classes from './moj-elektro.module.css';

/** The monthly chart's bars: production split in used and delivered, then the consumption without and with. */
const SOLAR_SERIES = [
  ['self_consumed', 'production', '#f59f00', 'selfConsumedKwh'],
  ['exported', 'production', '#ffd43b', 'exportedKwh'],
  ['import_before', 'before', '#adb5bd', 'importBeforeKwh'],
  ['import_after', 'after', '#1c7ed6', 'importAfterKwh'],
] as const;

function MonthlyChart({ monthly }: { monthly: SolarWhatIf['monthly'] }) {
  const { t } = useTranslation();
  const f = useFormats();
  const option = useChartOption(
    useCallback(
      (m: ChartModule) => {
        return m.stackedBarOption(
          monthly.map((x) => f.month(x.month)),
          SOLAR_SERIES.map(([key, stack, color, field]) => ({
            name: t(`moj_elektro.solar.${key}`),
            stack,
            color,
            data: monthly.map((x) => Math.round(x[field])),
          })),
          f.kwhRound,
          { name: 'kWh', format: f.axis },
        );
      },
      [monthly, t, f],
    ),
  );
  if (!option) return <LoadingState />;
  return <Chart option={option} label={t('moj_elektro.solar.chart_label')} height={360} />;
}

/** What a solar plant would save (DESIGN-14 §3/§6): peak power, orientation, export price, profile. */
export function SolarPage() {
  const { t } = useTranslation();
  const f = useFormats();
  const [peak, setPeak] = useState('6');
  const [azimuth, setAzimuth] = useState('180');
  const [tilt, setTilt] = useState('30');
  const [price, setPrice] = useState('0.05');
  const [profile, setProfile] = useState<'standard' | 'weather'>('standard');
  const values = {
    peakKw: numberIn(peak, 0.1, 10_000),
    azimuthDeg: numberIn(azimuth, 0, 360),
    tiltDeg: numberIn(tilt, 0, 90),
    exportPrice: numberIn(price, 0, 10),
  };
  const { ready, run, ok, submit } = useWhatIfRun(values, (deviceId, data) =>
    fetchSolar(deviceId, { ...data, profile }),
  );
  if (!ready) return <SelectDeviceState />;
  const result = run.data;
  const error = (field: keyof typeof values) =>
    values[field] === null ? t(`moj_elektro.solar.${field}_error`) : undefined;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <form onSubmit={submit} noValidate aria-label={t('moj_elektro.solar.form')}>
          <Stack gap="sm">
            <div className={classes.cards}>
              <NumberField
                label={t('moj_elektro.solar.peak')}
                unit="kWp"
                value={peak}
                onChange={setPeak}
                error={error('peakKw')}
              />
              <NumberField
                label={t('moj_elektro.solar.azimuth')}
                unit="°"
                value={azimuth}
                onChange={setAzimuth}
                error={error('azimuthDeg')}
              />
              <NumberField
                label={t('moj_elektro.solar.tilt')}
                unit="°"
                value={tilt}
                onChange={setTilt}
                error={error('tiltDeg')}
              />
              <NumberField
                label={t('moj_elektro.solar.export_price')}
                unit="€/kWh"
                value={price}
                onChange={setPrice}
                error={error('exportPrice')}
              />
              <Select
                label={t('moj_elektro.solar.profile')}
                data={[
                  { value: 'standard', label: t('moj_elektro.solar.profile_standard') },
                  { value: 'weather', label: t('moj_elektro.solar.profile_weather') },
                ]}
                value={profile}
                onChange={(v) => setProfile(v === 'weather' ? 'weather' : 'standard')}
                allowDeselect={false}
              />
            </div>
            <Group>
              <Button type="submit" disabled={!ok} loading={run.isPending}>
                {t('moj_elektro.solar.run')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {run.isError && <CalculationError error={run.error} />}
      {result && (
        <Stack gap="md" aria-live="polite">
          <div className={classes.cards}>
            <Figure
              label={t('moj_elektro.solar.production')}
              value={f.kwhRound(result.productionKwh)}
            />
            <Figure
              label={t('moj_elektro.solar.self_consumption')}
              value={f.percent(result.selfConsumptionPct)}
            />
            <Figure
              label={t('moj_elektro.solar.exported')}
              value={f.kwhRound(result.exportedKwh)}
            />
            <Figure
              label={t('moj_elektro.solar.new_bill')}
              value={`${f.money(result.before.optimizedTotal.amount)} → ${f.money(result.after.optimizedTotal.amount)}`}
            />
            <Figure
              label={t('moj_elektro.solar.export_revenue')}
              value={f.money(result.exportRevenue.amount)}
              testId="me-solar-export-revenue"
            />
            <Figure
              label={t('moj_elektro.solar.yearly_saving')}
              value={f.money(result.yearlySaving.amount)}
              testId="me-solar-saving"
            />
            <Figure
              label={t('moj_elektro.what_if.bill_keep_current')}
              value={`${f.money(result.before.total.amount)} → ${f.money(result.after.total.amount)}`}
              testId="me-solar-keep-current"
            />
          </div>
          <Text size="sm" c="dimmed">
            {t('moj_elektro.solar.saving_note')} {t('moj_elektro.what_if.optimal_note')}
          </Text>
          <Paper
            component="section"
            withBorder
            radius="md"
            p="md"
            aria-labelledby="me-solar-monthly"
          >
            <Title order={2} size="h5" id="me-solar-monthly" mb="xs">
              {t('moj_elektro.solar.monthly_title')}
            </Title>
            <MonthlyChart monthly={result.monthly} />
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
