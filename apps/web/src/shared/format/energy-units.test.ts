import { describe, expect, it } from 'vitest';
import {
  formatEnergy,
  formatEnergyParts,
  formatPower,
  formatPowerParts,
  formatTimeAgo,
} from './energy-units.ts';

describe('thresholds (spec 001 §9, as @ec/domain scales: k from 1e3, M from 1e6)', () => {
  it('switches at the thresholds, for both signs', () => {
    expect(formatPowerParts('en', 999)).toEqual({ value: '999', unit: 'W' });
    expect(formatPowerParts('en', 1000)).toEqual({ value: '1', unit: 'kW' });
    expect(formatPowerParts('en', -1000).unit).toBe('kW');
    expect(formatPowerParts('en', 999_999).unit).toBe('kW');
    expect(formatPowerParts('en', 1e6)).toEqual({ value: '1', unit: 'MW' });
    expect(formatEnergyParts('en', -2e6).unit).toBe('MWh');
  });
});

describe('formatPower / formatEnergy', () => {
  it('scales W to kW and MW with three significant digits', () => {
    expect(formatPowerParts('en', 950)).toEqual({ value: '950', unit: 'W' });
    expect(formatPowerParts('en', 1530)).toEqual({ value: '1.53', unit: 'kW' });
    expect(formatPowerParts('en', 15_300)).toEqual({ value: '15.3', unit: 'kW' });
    expect(formatPowerParts('en', 153_400)).toEqual({ value: '153', unit: 'kW' });
    expect(formatPowerParts('en', 2_500_000)).toEqual({ value: '2.5', unit: 'MW' });
    expect(formatPower('en', -4200)).toBe('-4.2\u00a0kW');
  });

  it('scales Wh the same way', () => {
    expect(formatEnergy('en', 999)).toBe('999\u00a0Wh');
    expect(formatEnergyParts('en', 12_345)).toEqual({ value: '12.3', unit: 'kWh' });
    expect(formatEnergyParts('en', 7_250_000)).toEqual({ value: '7.25', unit: 'MWh' });
  });

  it('uses the locale’s decimal separator and never shows -0', () => {
    expect(formatPowerParts('sl', 1530).value).toBe('1,53');
    expect(formatPowerParts('de', 2_500_000)).toEqual({ value: '2,5', unit: 'MW' });
    expect(formatPowerParts('en', -0.2).value).toBe('0');
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('names the largest whole unit in the language', () => {
    expect(formatTimeAgo('en', '2026-11-25T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo('en', '2026-11-25T11:59:30Z', now)).toBe('30 seconds ago');
    expect(formatTimeAgo('en', '2026-11-25T11:01:00Z', now)).toBe('59 minutes ago');
    expect(formatTimeAgo('sl', '2026-11-25T09:00:00Z', now)).toBe('pred 3 urami');
  });
  it('reads a future instant as now', () => {
    expect(formatTimeAgo('en', '2026-11-25T12:00:05Z', now)).toBe('now');
  });
});
