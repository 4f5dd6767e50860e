import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { MeterData } from '../model/types.ts';
import classes from './moj-elektro.module.css';

// Only the parts the charts use; this module is its own lazy chunk (ECharts stays out of the other pages).
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  SVGRenderer,
]);

/** Block colours 1..5 (block 1 the dearest: red … block 5 green). */
export const BLOCK_COLORS = ['#e03131', '#f76707', '#f59f00', '#1c7ed6', '#2f9e44'];

/** An ECharts SVG chart of `option`, sized to its container. */
export function EChart({
  option,
  label,
  height = 320,
}: {
  option: object;
  label: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const width = () => element.clientWidth || 600;
    const chart = echarts.init(element, undefined, { renderer: 'svg', width: width(), height });
    chart.setOption(option as echarts.EChartsCoreOption);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => chart.resize({ width: width(), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [option, height]);
  return (
    <div ref={ref} role="img" aria-label={label} className={classes.chart} style={{ height }} />
  );
}

/** Axis labels in the user's language (ECharts itself writes "2,100" in every language; Slovenian writes 2100 and 12.000). */
function axisLabel(format: (value: number) => string) {
  return { formatter: (value: number) => format(value) };
}

/** Days shown at first (the slider reaches the whole range; only the window is drawn). */
const FIRST_WINDOW_MS = 14 * 86_400_000;

/**
 * The 15-minute import power as one step line per tariff block (each in its block's colour, gaps where another
 * block runs), and the export below zero; the last two weeks shown first.
 */
export function meterChartOption(
  data: MeterData,
  labels: { import: string; export: string; block: (n: number) => string },
  formats: {
    time: (ms: number) => string;
    kw: (value: number) => string;
    axis: (value: number) => string;
  },
) {
  const at = (i: number) => data.startMs + (i + 1) * data.stepMs; // interval end
  const blockSeries = [1, 2, 3, 4, 5].map((block) => ({
    name: labels.block(block),
    type: 'line' as const,
    step: 'end' as const,
    showSymbol: false,
    connectNulls: false,
    lineStyle: { width: 1.5, color: BLOCK_COLORS[block - 1] },
    itemStyle: { color: BLOCK_COLORS[block - 1] },
    data: data.importKw.map((v, i) => {
      // The interval before a block change also starts the next block's line (no holes in the profile).
      const own = data.blocks[i] === block;
      const next = data.blocks[i + 1] === block && data.blocks[i] !== block;
      return [at(i), own || next ? v : null];
    }),
  }));
  const lastMs = at(data.importKw.length - 1);
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 56, bottom: 72 },
    legend: { top: 0, type: 'scroll' as const },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (value: unknown) =>
        value === null || value === undefined ? '–' : formats.kw(Number(value)),
    },
    xAxis: {
      type: 'time' as const,
      axisLabel: { formatter: (ms: number) => formats.time(ms), hideOverlap: true },
    },
    yAxis: { type: 'value' as const, name: 'kW', nameGap: 10, axisLabel: axisLabel(formats.axis) },
    dataZoom: [
      { type: 'inside' as const, startValue: lastMs - FIRST_WINDOW_MS, endValue: lastMs },
      {
        type: 'slider' as const,
        height: 20,
        bottom: 8,
        startValue: lastMs - FIRST_WINDOW_MS,
        endValue: lastMs,
        labelFormatter: (ms: number) => formats.time(ms),
      },
    ],
    series: [
      ...blockSeries,
      // The export only where there is any (a meter without production sends zeros).
      ...(data.exportKw && data.totals.exportKwh > 0
        ? [
            {
              name: labels.export,
              type: 'line' as const,
              step: 'end' as const,
              showSymbol: false,
              lineStyle: { width: 1, color: '#7048e8' },
              itemStyle: { color: '#7048e8' },
              data: data.exportKw.map((v, i) => [at(i), v === null ? null : -v]),
            },
          ]
        : []),
    ],
  };
}

/** Bars stacked per group of series (category axis = months). */
export function stackedBarOption(
  categories: string[],
  series: { name: string; stack: string; color: string; data: (number | null)[] }[],
  format: (value: number) => string,
  axis: { name: string; format: (value: number) => string },
) {
  return {
    animation: false,
    grid: { left: 64, right: 16, top: 56, bottom: 32 },
    legend: { top: 0, type: 'scroll' as const },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (value: unknown) => format(Number(value)),
    },
    xAxis: { type: 'category' as const, data: categories },
    yAxis: { type: 'value' as const, name: axis.name, axisLabel: axisLabel(axis.format) },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar' as const,
      stack: s.stack,
      itemStyle: { color: s.color },
      data: s.data,
    })),
  };
}

/** A line through (x, y) points. */
export function lineOption(
  points: [number, number][],
  names: { x: string; y: string; series: string },
  format: (value: number) => string,
  axisFormat: (value: number) => string,
) {
  return {
    animation: false,
    grid: { left: 64, right: 24, top: 32, bottom: 40 },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (value: unknown) => format(Number(value)),
    },
    xAxis: {
      type: 'value' as const,
      name: names.x,
      nameLocation: 'middle' as const,
      nameGap: 26,
      axisLabel: axisLabel(axisFormat),
    },
    yAxis: { type: 'value' as const, name: names.y, axisLabel: axisLabel(axisFormat) },
    series: [{ name: names.series, type: 'line' as const, data: points, smooth: false }],
  };
}
