import { describe, expect, it } from 'vitest';
import type { MeterData } from '../model/types.ts';
import { makeFormats } from '../model/format.ts';
import { BLOCK_COLORS, lineOption, meterChartOption, stackedBarOption } from './charts.tsx';

const sl = makeFormats('sl');
const formats = { time: String, kw: sl.kw, axis: sl.axis };

const data: MeterData = {
  from: '2026-01-05',
  to: '2026-01-05',
  tariffYear: null,
  startMs: Date.parse('2026-01-04T23:00:00Z'),
  stepMs: 900_000,
  importKw: [1, 2, 3, 4],
  exportKw: [0, 0.5, 0, null],
  blocks: [3, 3, 2, 2],
  monthlyPeaks: [],
  totals: { importKwh: 2.5, exportKwh: 0.125 },
};

describe('the metering chart', () => {
  it('draws each block as its own coloured line and the export below zero', () => {
    const option = meterChartOption(
      data,
      { import: 'Import', export: 'Export', block: (n) => `Block ${n}` },
      formats,
    );
    const end = (i: number) => data.startMs + (i + 1) * 900_000;
    const series = option.series as unknown as {
      name: string;
      data: [number, number | null][];
      lineStyle: { color: string };
    }[];
    expect(series.map((s) => s.name)).toEqual([
      'Block 1',
      'Block 2',
      'Block 3',
      'Block 4',
      'Block 5',
      'Export',
    ]);
    // Block 3 holds the first two intervals; block 2 starts at the change (no hole) and holds the rest.
    expect(series[2]?.data).toEqual([
      [end(0), 1],
      [end(1), 2],
      [end(2), null],
      [end(3), null],
    ]);
    expect(series[1]?.data).toEqual([
      [end(0), null],
      [end(1), 2],
      [end(2), 3],
      [end(3), 4],
    ]);
    expect(series[0]?.data.every(([, v]) => v === null)).toBe(true);
    expect(series[1]?.lineStyle.color).toBe(BLOCK_COLORS[1]);
    expect(series[5]?.data).toEqual([
      [end(0), -0],
      [end(1), -0.5],
      [end(2), -0],
      [end(3), null],
    ]);
  });

  it('leaves out an export of zeros (a meter without production)', () => {
    const option = meterChartOption(
      { ...data, exportKw: [0, 0, 0, 0], totals: { importKwh: 2.5, exportKwh: 0 } },
      { import: 'Import', export: 'Export', block: (n) => `Block ${n}` },
      formats,
    );
    expect(option.series.map((s) => s.name)).not.toContain('Export');
  });

  it('writes the power in the tooltip and the axis labels in the user’s language', () => {
    const option = meterChartOption(
      data,
      { import: 'Import', export: 'Export', block: (n) => `Block ${n}` },
      formats,
    );
    expect(option.tooltip.valueFormatter(3.456)).toBe('3,46 kW');
    // Slovenian groups from five digits on: 2100, 12.000.
    expect(option.yAxis.axisLabel.formatter(2100)).toBe('2100');
    expect(option.yAxis.axisLabel.formatter(12_000)).toBe('12.000');
    expect(option.yAxis.axisLabel.formatter(0.5)).toBe('0,5');
  });
});

describe('the bar and line charts', () => {
  it('label their axes in the user’s language (ECharts alone writes 2,100 in every language)', () => {
    const bars = stackedBarOption(['jan'], [], sl.money, { name: 'kWh', format: sl.axis });
    expect(bars.yAxis.name).toBe('kWh');
    expect(bars.yAxis.axisLabel.formatter(2100)).toBe('2100');
    expect(bars.yAxis.axisLabel.formatter(12_000)).toBe('12.000');
    const line = lineOption([[2.5, 1200]], { x: 'kWh', y: '€', series: 'S' }, sl.money, sl.axis);
    expect(line.xAxis.axisLabel.formatter(2.5)).toBe('2,5');
    expect(line.yAxis.axisLabel.formatter(1200)).toBe('1200');
    expect(makeFormats('en').axis(1200)).toBe('1,200');
  });
});
