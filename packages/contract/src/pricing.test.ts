import { describe, expect, it } from 'vitest';
import {
  colorSchema,
  dateSchema,
  decimalInputSchema,
  monthDaySchema,
  priceListCreateFormSchema,
  slotEndSchema,
  slotStartSchema,
  timePlanStructureFormSchema,
} from './pricing.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('pricing value schemas', () => {
  it.each(['0', '-3.5', '0.123456789', '123456789.5', '12.30'])('accepts the decimal %s', (v) => {
    expect(decimalInputSchema.safeParse(v).success).toBe(true);
  });

  it.each(['', '0.1234567891', '1e-3', '0,12', '+1', '.5', '1.', '1234567890', ' 1', 'NaN'])(
    'refuses the decimal %j with validation.decimal (never rounds)',
    (v) => {
      expect(messages(decimalInputSchema.safeParse(v))).toEqual(['validation.decimal']);
    },
  );

  it('dates must exist; month-days are checked against a leap year', () => {
    expect(dateSchema.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '25-01-01', '2025-1-1', '1899-12-31']) {
      expect(messages(dateSchema.safeParse(bad)), bad).toEqual(['validation.date']);
    }
    expect(monthDaySchema.safeParse('02-29').success).toBe(true);
    expect(messages(monthDaySchema.safeParse('02-30'))).toEqual(['validation.date']);
  });

  it('slot times are quarter hours; the end may be 24:00, the start may not', () => {
    expect(slotStartSchema.safeParse('23:45').success).toBe(true);
    expect(slotEndSchema.safeParse('24:00').success).toBe(true);
    for (const bad of ['24:00', '06:10', '6:00', '25:00']) {
      expect(messages(slotStartSchema.safeParse(bad)), bad).toEqual(['validation.quarter_hour']);
    }
    for (const bad of ['00:00', '24:15', '12:05']) {
      expect(messages(slotEndSchema.safeParse(bad)), bad).toEqual(['validation.quarter_hour']);
    }
  });

  it('colours are #rrggbb, answered lower case', () => {
    expect(colorSchema.parse('#AABBCC')).toBe('#aabbcc');
    expect(messages(colorSchema.safeParse('red'))).toEqual(['validation.color']);
  });

  it('structures reject unknown fields and days outside 1–7', () => {
    const structure = {
      blocks: [{ title: 'VT', color: '#ff0000' }],
      seasons: [{ title: 'Year', from: '01-01', to: '12-31' }],
      slots: [{ blockIndex: 0, seasonIndex: 0, dayOfWeek: 8, start: '00:00', end: '24:00' }],
    };
    expect(timePlanStructureFormSchema.safeParse(structure).success).toBe(false);
    const extra = { ...structure, slots: [], extra: 1 };
    expect(timePlanStructureFormSchema.safeParse(extra).success).toBe(false);
  });

  it('a price list takes prices only as decimal strings', () => {
    const list = {
      locationId: 1,
      name: 'List',
      kind: 'FIXED',
      currency: 'EUR',
      validFrom: '2025-01-01',
      validTo: null,
      multiTariff: false,
      tariffPlanId: null,
      tariffs: { t0: 0.15, t1: null, t2: null },
      differentExportPrice: false,
      exportTariff: 'T0',
      sell: { t0: null, t1: null, t2: null },
      buyMarkup: null,
      sellMarkup: null,
      supplierFeePerMonth: null,
      distributorPlanId: null,
      distributorEnergy: [],
      distributorPower: [],
      agreedPowerKw: [],
      configIds: {
        supplierEnergyBuyConfigId: null,
        supplierEnergySellConfigId: null,
        distributorEnergyConfigId: null,
        distributorPowerConfigId: null,
      },
    };
    expect(priceListCreateFormSchema.safeParse(list).success).toBe(false);
    const ok = { ...list, tariffs: { t0: '0.15', t1: null, t2: null } };
    expect(priceListCreateFormSchema.safeParse(ok).success).toBe(true);
  });
});
