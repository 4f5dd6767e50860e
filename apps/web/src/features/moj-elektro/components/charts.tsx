import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
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
  VisualMapComponent,
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

/** The 15-minute import (and export) power, each point coloured by its tariff block (visualMap pieces). */
export function meterChartOption(
  data: MeterData,
  labels: { import: string; export: string; block: (n: number) => string },
  formatTime: (ms: number) => string,
) {
  const importPoints = data.importKw.map((v, i) => [
    data.startMs + i * data.stepMs,
    v,
    data.blocks[i] ?? 0,
  ]);
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 40, bottom: 64 },
    legend: { top: 0, data: [labels.import, ...(data.exportKw ? [labels.export] : [])] },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (value: unknown) =>
        value === null || value === undefined ? '–' : `${Number(value).toFixed(2)} kW`,
    },
    xAxis: { type: 'time' as const, axisLabel: { formatter: (ms: number) => formatTime(ms) } },
    yAxis: { type: 'value' as const, name: 'kW' },
    dataZoom: [{ type: 'inside' as const }, { type: 'slider' as const, height: 20, bottom: 8 }],
    visualMap: {
      type: 'piecewise' as const,
      seriesIndex: 0,
      dimension: 2,
      orient: 'horizontal' as const,
      top: 18,
      right: 0,
      itemWidth: 10,
      itemHeight: 10,
      pieces: [1, 2, 3, 4, 5].map((block) => ({
        value: block,
        label: labels.block(block),
        color: BLOCK_COLORS[block - 1],
      })),
      outOfRange: { color: '#868e96' },
    },
    series: [
      {
        name: labels.import,
        type: 'line' as const,
        step: 'end' as const,
        showSymbol: false,
        sampling: 'lttb' as const,
        lineStyle: { width: 1 },
        data: importPoints,
      },
      ...(data.exportKw
        ? [
            {
              name: labels.export,
              type: 'line' as const,
              step: 'end' as const,
              showSymbol: false,
              sampling: 'lttb' as const,
              lineStyle: { width: 1, color: '#7048e8' },
              itemStyle: { color: '#7048e8' },
              data: data.exportKw.map((v, i) => [
                data.startMs + i * data.stepMs,
                v === null ? null : -v,
              ]),
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
    yAxis: { type: 'value' as const, name: '€' },
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
) {
  return {
    animation: false,
    grid: { left: 64, right: 24, top: 32, bottom: 40 },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (value: unknown) => format(Number(value)),
    },
    xAxis: { type: 'value' as const, name: names.x, nameLocation: 'middle' as const, nameGap: 26 },
    yAxis: { type: 'value' as const, name: names.y },
    series: [{ name: names.series, type: 'line' as const, data: points, smooth: false }],
  };
}
