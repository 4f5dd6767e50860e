import { useCallback, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/states.tsx';
import { fetchBattery } from '../api/moj-elektro-api.ts';
import { useFormats } from '../model/format.ts';
import type { BatteryWhatIf } from '../model/types.ts';
import { Chart, useChartOption, type ChartModule } from './lazy-charts.tsx';
import { CalculationError, SelectDeviceState } from './page-states.tsx';
import { Figure, NumberField, numberIn, useWhatIfRun } from './what-if-parts.tsx';
import classes from './moj-elektro.module.css';

function SweepChart({ sweep }: { sweep: NonNullable<BatteryWhatIf['sweep']> }) {
  const { t } = useTranslation();
  const f = useFormats();
  const option = useChartOption(
    useCallback(
      (m: ChartModule) => {
        return m.lineOption(
          sweep.map((p) => [p.capacityKwh, p.yearlySaving.amount]),
          {
            x: 'kWh',
            y: '€',
            series: t('moj_elektro.battery.yearly_saving'),
          },
          f.money,
          f.axis,
        );
      },
      [sweep, t, f],
    ),
  );
  if (!option) return <LoadingState />;
  return <Chart option={option} label={t('moj_elektro.battery.sweep_label')} height={280} />;
}

/** What a battery would save (DESIGN-14 §3/§6): capacity, power and efficiency in; saving, optimum, peaks out. */
export function BatteryPage() {
  const { t } = useTranslation();
  const f = useFormats();
  const [capacity, setCapacity] = useState('10');
  const [power, setPower] = useState('5');
  const [efficiency, setEfficiency] = useState('90');
  const [sweep, setSweep] = useState(true);
  const values = {
    capacityKwh: numberIn(capacity, 0.1, 10_000),
    powerKw: numberIn(power, 0.1, 10_000),
    efficiencyPct: numberIn(efficiency, 50, 100),
  };
  const { ready, run, ok, submit } = useWhatIfRun(values, (deviceId, data) =>
    fetchBattery(deviceId, { ...data, sweep }),
  );
  if (!ready) return <SelectDeviceState />;
  const result = run.data;
  const powers = (values: number[]) => values.map((v) => f.number(v)).join(' / ');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <form onSubmit={submit} noValidate aria-label={t('moj_elektro.battery.form')}>
          <Stack gap="sm">
            <div className={classes.cards}>
              <NumberField
                label={t('moj_elektro.battery.capacity')}
                unit="kWh"
                value={capacity}
                onChange={setCapacity}
                error={
                  values.capacityKwh === null ? t('moj_elektro.battery.capacity_error') : undefined
                }
              />
              <NumberField
                label={t('moj_elektro.battery.power')}
                unit="kW"
                value={power}
                onChange={setPower}
                error={values.powerKw === null ? t('moj_elektro.battery.power_error') : undefined}
              />
              <NumberField
                label={t('moj_elektro.battery.efficiency')}
                unit="%"
                value={efficiency}
                onChange={setEfficiency}
                error={
                  values.efficiencyPct === null
                    ? t('moj_elektro.battery.efficiency_error')
                    : undefined
                }
              />
            </div>
            <Checkbox
              checked={sweep}
              onChange={(e) => setSweep(e.currentTarget.checked)}
              label={t('moj_elektro.battery.sweep')}
            />
            <Group>
              <Button type="submit" disabled={!ok} loading={run.isPending}>
                {t('moj_elektro.battery.run')}
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
              label={t('moj_elektro.battery.yearly_saving')}
              value={f.money(result.yearlySaving.amount)}
              testId="me-battery-saving"
            />
            <Figure
              label={t('moj_elektro.battery.new_optimum')}
              value={`${powers(result.after.optimizedAgreedPowers)} kW`}
            />
            <Figure
              label={t('moj_elektro.battery.bill_before_after')}
              value={`${f.money(result.before.optimizedTotal.amount)} → ${f.money(result.after.optimizedTotal.amount)}`}
            />
            <Figure
              label={t('moj_elektro.what_if.bill_keep_current')}
              value={`${f.money(result.before.total.amount)} → ${f.money(result.after.total.amount)}`}
              testId="me-battery-keep-current"
            />
            <Figure label={t('moj_elektro.battery.cycles')} value={f.number(result.cycles, 0)} />
          </div>
          <Text size="sm" c="dimmed">
            {t('moj_elektro.what_if.optimal_note')}
          </Text>
          <Paper
            component="section"
            withBorder
            radius="md"
            p="md"
            aria-labelledby="me-battery-peaks"
          >
            <Title order={2} size="h5" id="me-battery-peaks" mb="xs">
              {t('moj_elektro.battery.peaks_title')}
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table aria-labelledby="me-battery-peaks">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    {[1, 2, 3, 4, 5].map((b) => (
                      <Table.Th key={b} ta="right">
                        {t('moj_elektro.block', { block: b })}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(['before', 'after'] as const).map((side) => (
                    <Table.Tr key={side}>
                      <Table.Td>{t(`moj_elektro.battery.${side}`)}</Table.Td>
                      {result[side].peakKw.map((peak, i) => (
                        <Table.Td key={`${side}-${i + 1}`} ta="right">
                          {f.kw(peak)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed" mt="xs">
              {t('moj_elektro.battery.energy_note', {
                charged: f.kwhRound(result.chargedKwh),
                discharged: f.kwhRound(result.dischargedKwh),
              })}
            </Text>
          </Paper>
          {result.sweep && result.sweep.length > 0 && (
            <Paper component="section" withBorder radius="md" p="md" aria-labelledby="me-sweep">
              <Title order={2} size="h5" id="me-sweep" mb="xs">
                {t('moj_elektro.battery.sweep_title')}
              </Title>
              <SweepChart sweep={result.sweep} />
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
