import { useCallback } from 'react';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/states.tsx';
import { useFormats } from '../model/format.ts';
import { monthStack, scenarioTotal, type Scenario } from '../model/months.ts';
import type { Calculations } from '../model/types.ts';
import { useCalculations } from './calculations-page.tsx';
import { Chart, useChartOption, type ChartModule } from './lazy-charts.tsx';
import { CalculationError, SelectDeviceState } from './page-states.tsx';

const PARTS = ['energy', 'networkEnergy', 'networkPower', 'excess'] as const;
/** Per scenario a hue; the parts of its stack in shades of it. */
const SHADES: Record<Scenario | 'old', string[]> = {
  new: ['#1864ab', '#1c7ed6', '#4dabf7', '#a5d8ff'],
  optimized: ['#2b8a3e', '#37b24d', '#69db7c', '#b2f2bb'],
  custom: ['#5f3dc4', '#7048e8', '#9775fa', '#d0bfff'],
  old: ['#495057', '#868e96', '#adb5bd', '#dee2e6'],
};

function scenariosOf(calculations: Calculations): (Scenario | 'old')[] {
  return calculations.agreedPowers.custom
    ? ['new', 'optimized', 'custom', 'old']
    : ['new', 'optimized', 'old'];
}

function ComparisonChart({ calculations }: { calculations: Calculations }) {
  const { t } = useTranslation();
  const f = useFormats();
  const option = useChartOption(
    useCallback(
      (m: ChartModule) => {
        const months = calculations.months;
        const series = scenariosOf(calculations).flatMap((scenario) =>
          PARTS.map((part, i) => ({
            name: `${t(`moj_elektro.scenario.${scenario}`)} · ${t(`moj_elektro.parts.${part}`)}`,
            stack: scenario,
            color: SHADES[scenario][i] ?? '#888',
            data: months.map((month) => monthStack(month, scenario)?.[part] ?? null),
          })),
        );
        return m.stackedBarOption(
          months.map((x) => f.month(x.month)),
          series,
          f.money,
          { name: '€', format: f.axis },
        );
      },
      [calculations, t, f],
    ),
  );
  if (!option) return <LoadingState />;
  return <Chart option={option} label={t('moj_elektro.comparison.chart_label')} height={420} />;
}

/** Monthly cost per system (new, optimized, custom, old), stacked by energy / network energy / power / excess. */
export function ComparisonPage() {
  const { t } = useTranslation();
  const f = useFormats();
  // The URL's custom limits (set on the calculations page); a set the server refuses is left out.
  const { ready, query: asked, fallback } = useCalculations({ fallback: true });
  const query = fallback ?? asked;
  if (!ready) return <SelectDeviceState />;
  if (query.isPending) return <LoadingState label={t('moj_elektro.calculations.loading')} />;
  if (query.isError) return <CalculationError error={query.error} />;
  const { calculations } = query.data;
  const scenarios = scenariosOf(calculations);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <ComparisonChart calculations={calculations} />
      </Paper>
      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="me-comparison">
        <Title order={2} size="h5" id="me-comparison" mb="xs">
          {t('moj_elektro.comparison.table_title')}
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table aria-labelledby="me-comparison" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('moj_elektro.calculations.month')}</Table.Th>
                {scenarios.map((s) => (
                  <Table.Th key={s} ta="right">
                    {t(`moj_elektro.scenario.${s}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...calculations.months.map((m) => m.month), null].map((month) => (
                <Table.Tr key={month ?? 'all'} fw={month === null ? 700 : undefined}>
                  <Table.Td>
                    {month === null ? t('moj_elektro.calculations.whole_period') : f.month(month)}
                  </Table.Td>
                  {scenarios.map((s) => {
                    const total = scenarioTotal(calculations.months, s, month);
                    return (
                      <Table.Td key={s} ta="right">
                        {total === null ? '–' : f.money(total)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt="xs">
          {t('moj_elektro.comparison.old_note')}
        </Text>
      </Paper>
    </Stack>
  );
}
