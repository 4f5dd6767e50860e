// Builders for pricing tests: small plans written as data.

import type { PriceList, TimePlan, TimePlanSlot } from './types.ts';

let nextId = 1000;

/** A slot with a fresh id (tests only). */
export function slot(
  seasonId: number,
  dayOfWeek: number,
  start: string,
  end: string,
  blockId: number,
  validFrom = '2024-01-01',
): TimePlanSlot {
  return { id: nextId++, seasonId, blockId, dayOfWeek, start, end, validFrom };
}

/**
 * A plan with one season (all year, id 1) and two blocks: VT (id 11, position 1) on working days 06–22 and MT
 * (id 12, position 2) otherwise (tests only).
 */
export function vtMtPlan(overrides: Partial<TimePlan> = {}): TimePlan {
  const slots: TimePlanSlot[] = [];
  for (let d = 1; d <= 7; d++) {
    if (d <= 5) {
      slots.push(slot(1, d, '00:00', '06:00', 12), slot(1, d, '06:00', '22:00', 11));
      slots.push(slot(1, d, '22:00', '24:00', 12));
    } else slots.push(slot(1, d, '00:00', '24:00', 12));
  }
  return {
    id: 1,
    title: 'VT/MT',
    color: '#336699',
    countryCode: 'SI',
    companyId: null,
    holidays: 'AS_SUNDAY',
    blocks: [
      { id: 11, title: 'VT', color: '#cc0000', position: 1 },
      { id: 12, title: 'MT', color: '#0000cc', position: 2 },
    ],
    seasons: [{ id: 1, title: 'Leto', from: '01-01', to: '12-31' }],
    slots,
    ...overrides,
  };
}

/** A price list with every field set to a neutral value (tests only): FIXED, EUR, open from 2024-01-01. */
export function priceList(overrides: Partial<PriceList> = {}): PriceList {
  return {
    id: 1,
    locationId: 1,
    name: 'test',
    kind: 'FIXED',
    currency: 'EUR',
    validFrom: '2024-01-01',
    validTo: null,
    active: true,
    multiTariff: false,
    tariffPlanId: null,
    tariffs: { t0: '0', t1: null, t2: null },
    differentExportPrice: false,
    exportTariff: 'T0',
    sell: { t0: null, t1: null, t2: null },
    buyMarkup: null,
    sellMarkup: null,
    supplierFeePerMonth: null,
    distributorPlanId: null,
    distributorEnergy: ['0'],
    distributorPower: ['0'],
    agreedPowerKw: ['0'],
    configIds: {
      supplierEnergyBuyConfigId: null,
      supplierEnergySellConfigId: null,
      distributorEnergyConfigId: null,
      distributorPowerConfigId: null,
    },
    ...overrides,
  };
}

/** Quarter-hour intervals [from, to) with constant energy (tests and benches). */
export function quarterHours(
  fromMs: number,
  toMs: number,
  importWh = 250,
  exportWh = 0,
): { start: number; importWh: number; exportWh: number }[] {
  const out: { start: number; importWh: number; exportWh: number }[] = [];
  for (let t = fromMs; t < toMs; t += 15 * 60_000) out.push({ start: t, importWh, exportWh });
  return out;
}
