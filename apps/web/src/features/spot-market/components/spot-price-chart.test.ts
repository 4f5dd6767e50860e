import { describe, expect, it } from 'vitest';
import type { SpotDay } from '../lib/spot-days.ts';
import { spotChartOption } from './spot-price-chart.tsx';

const day: SpotDay = {
  date: '2026-03-01',
  quarters: [
    { startMs: Date.parse('2026-02-28T23:00:00Z'), label: '00:00', pricePerMwh: -12.5 },
    { startMs: Date.parse('2026-02-28T23:15:00Z'), label: '00:15', pricePerMwh: 1250 },
  ],
  hours: [],
  cheapest: null,
  dearest: null,
};

describe('the spot-price chart', () => {
  it('labels the price axis in the user’s language (ECharts alone writes -12.5 and 1,250 everywhere)', () => {
    const sl = spotChartOption(day, '€/MWh', String, 'sl');
    expect(sl.yAxis.axisLabel.formatter(-12.5)).toBe('−12,5');
    expect(sl.yAxis.axisLabel.formatter(12_500)).toBe('12.500');
    const en = spotChartOption(day, '€/MWh', String, 'en');
    expect(en.yAxis.axisLabel.formatter(1250)).toBe('1,250');
    expect(en.yAxis.name).toBe('€/MWh');
  });
});
