// Builders for pricing tests: small plans written as data.

import type { TimePlan, TimePlanSlot } from './types.ts';

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
