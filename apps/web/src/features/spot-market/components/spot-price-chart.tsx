import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { SpotDay } from '../lib/spot-days.ts';
import classes from './spot-market.module.css';

// Only the parts the chart uses (the sign-in bundle stays small; this module is its own lazy chunk).
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

const CHEAP = '#2f9e44';
const DEAR = '#e03131';
const PLAIN = '#4c6ef5';

/**
 * The chart's option: a bar per quarter hour (a step profile), the cheapest and dearest hour coloured. The axis
 * labels use `language`'s separators (ECharts itself writes "-12.5" and "1,200" in every language).
 */
export function spotChartOption(
  day: SpotDay,
  unit: string,
  format: (value: number) => string,
  language = 'en',
) {
  const axis = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const hourOf = (ms: number) => Math.floor(ms / 3_600_000);
  const cheap = day.cheapest ? hourOf(day.cheapest.startMs) : null;
  const dear = day.dearest ? hourOf(day.dearest.startMs) : null;
  return {
    animation: false,
    grid: { left: 48, right: 12, top: 16, bottom: 28 },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (value: unknown) => `${format(Number(value))} ${unit}`,
    },
    xAxis: {
      type: 'category' as const,
      data: day.quarters.map((q) => q.label),
      axisLabel: { interval: 15 },
    },
    yAxis: {
      type: 'value' as const,
      name: unit,
      nameTextStyle: { align: 'left' as const },
      axisLabel: { formatter: (value: number) => axis.format(value) },
    },
    series: [
      {
        type: 'bar' as const,
        barCategoryGap: '0%',
        data: day.quarters.map((q) => ({
          value: q.pricePerMwh,
          itemStyle: {
            color: hourOf(q.startMs) === cheap ? CHEAP : hourOf(q.startMs) === dear ? DEAR : PLAIN,
          },
        })),
      },
    ],
  };
}

/** The day's quarter-hour prices as bars (ECharts, SVG), sized to its container. */
export function SpotPriceChart({
  day,
  unit,
  label,
  format,
}: {
  day: SpotDay;
  unit: string;
  label: string;
  format: (value: number) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const width = () => element.clientWidth || 600;
    const chart = echarts.init(element, undefined, {
      renderer: 'svg',
      width: width(),
      height: 260,
    });
    chart.setOption(spotChartOption(day, unit, format, language));
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => chart.resize({ width: width(), height: 260 }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [day, unit, format, language]);
  return <div ref={ref} role="img" aria-label={label} className={classes.chart} />;
}
