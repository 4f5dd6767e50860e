import { describe, expect, it } from 'vitest';
import { createBlockResolver, timePlanBlockAt } from './resolve.ts';
import { slot, vtMtPlan } from './test-support.ts';
import type { TimePlan } from './types.ts';

const QUARTER = 15 * 60_000;

/** One season, every day: block 11 (pos 1) 02:00–03:00, block 12 (pos 2) otherwise. */
function nightPlan(): TimePlan {
  const plan = vtMtPlan({ holidays: 'NONE' });
  plan.slots = [];
  for (let d = 1; d <= 7; d++) {
    plan.slots.push(
      slot(1, d, '00:00', '02:00', 12),
      slot(1, d, '02:00', '03:00', 11),
      slot(1, d, '03:00', '24:00', 12),
    );
  }
  return plan;
}

describe('timePlanBlockAt', () => {
  const plan = vtMtPlan();

  it('maps a local date and minute to the block', () => {
    expect(timePlanBlockAt(plan, '2026-03-03', 6 * 60)?.id).toBe(11);
    expect(timePlanBlockAt(plan, '2026-03-03', 5 * 60 + 59)?.id).toBe(12);
    expect(timePlanBlockAt(plan, '2026-03-03', 1439)?.id).toBe(12);
  });

  it('treats a holiday as Sunday only with AS_SUNDAY, using the given check', () => {
    const always = () => true;
    expect(timePlanBlockAt(plan, '2026-03-03', 12 * 60, always)?.id).toBe(12);
    expect(timePlanBlockAt({ ...plan, holidays: 'NONE' }, '2026-03-03', 12 * 60, always)?.id).toBe(
      11,
    );
    // The default check is the plan country's calendar: 2026-12-25 is a Friday and božič.
    expect(timePlanBlockAt(plan, '2026-12-25', 12 * 60)?.id).toBe(12);
    expect(timePlanBlockAt({ ...plan, countryCode: 'DE' }, '2026-12-25', 12 * 60)?.id).toBe(11);
  });

  it('uses the latest slot version on or before the date', () => {
    const p = vtMtPlan();
    p.slots.push(
      slot(1, 2, '00:00', '08:00', 12, '2026-06-01'),
      slot(1, 2, '08:00', '20:00', 11, '2026-06-01'),
      slot(1, 2, '20:00', '24:00', 12, '2026-06-01'),
    );
    // Tuesday 2026-05-26 keeps the old day, Tuesday 2026-06-02 the new one.
    expect(timePlanBlockAt(p, '2026-05-26', 7 * 60)?.id).toBe(11);
    expect(timePlanBlockAt(p, '2026-06-02', 7 * 60)?.id).toBe(12);
    expect(timePlanBlockAt(p, '2026-06-02', 21 * 60)?.id).toBe(12);
    // Before every version there is no block.
    expect(timePlanBlockAt(p, '2023-12-31', 12 * 60)).toBeNull();
  });

  it('returns null for an uncovered time, a bad date or minute', () => {
    const p = vtMtPlan();
    p.slots = p.slots.filter((s) => !(s.dayOfWeek === 2 && s.start === '06:00'));
    expect(timePlanBlockAt(p, '2026-03-03', 12 * 60)).toBeNull();
    expect(timePlanBlockAt(plan, '2026-02-30', 0)).toBeNull();
    expect(timePlanBlockAt(plan, '2026-03-03', 1440)).toBeNull();
  });

  it('picks the season by month and day, wrapping the year', () => {
    const p = vtMtPlan({
      seasons: [
        { id: 1, title: 'winter', from: '11-01', to: '02-29' },
        { id: 2, title: 'summer', from: '03-01', to: '10-31' },
      ],
    });
    for (let d = 1; d <= 7; d++) p.slots.push(slot(2, d, '00:00', '24:00', 11));
    expect(timePlanBlockAt(p, '2026-02-28', 3 * 60)?.id).toBe(12);
    expect(timePlanBlockAt(p, '2028-02-29', 3 * 60)?.id).toBe(12);
    expect(timePlanBlockAt(p, '2026-03-01', 3 * 60)?.id).toBe(11);
    expect(timePlanBlockAt(p, '2026-11-01', 3 * 60)?.id).toBe(12);
  });
});

describe('createBlockResolver', () => {
  it('resolves UTC instants in the plan time zone', () => {
    const r = createBlockResolver(vtMtPlan(), 'Europe/Ljubljana');
    // 2026-03-03 05:00 UTC = 06:00 CET → VT.
    expect(r.at(Date.UTC(2026, 2, 3, 5))).toEqual({ id: 11, position: 1 });
    expect(r.at(Date.UTC(2026, 2, 3, 4, 59))).toEqual({ id: 12, position: 2 });
    // Summer: 06:00 CEST = 04:00 UTC.
    expect(r.at(Date.UTC(2026, 5, 2, 4))).toEqual({ id: 11, position: 1 });
    // Same local rule in another zone: 06:00 in New York = 11:00 UTC.
    const ny = createBlockResolver(vtMtPlan({ holidays: 'NONE' }), 'America/New_York');
    expect(ny.at(Date.UTC(2026, 2, 3, 11))?.id).toBe(11);
    expect(ny.at(Date.UTC(2026, 2, 3, 10, 45))?.id).toBe(12);
  });

  it('spring-forward day: 92 quarter hours, the skipped hour never occurs', () => {
    const r = createBlockResolver(nightPlan(), 'Europe/Ljubljana');
    const start = Date.UTC(2026, 2, 28, 23); // 2026-03-29 00:00 CET
    const end = Date.UTC(2026, 2, 29, 22); // 2026-03-30 00:00 CEST
    const blocks: number[] = [];
    for (let t = start; t < end; t += QUARTER) blocks.push(r.at(t)?.position ?? 0);
    expect(blocks).toHaveLength(92);
    // Local 02:00–03:00 does not exist, so block 1 never shows.
    expect(blocks.filter((b) => b === 1)).toHaveLength(0);
    expect(blocks.every((b) => b === 2)).toBe(true);
  });

  it('fall-back day: 100 quarter hours, the repeated hour maps twice by local time', () => {
    const r = createBlockResolver(nightPlan(), 'Europe/Ljubljana');
    const start = Date.UTC(2026, 9, 24, 22); // 2026-10-25 00:00 CEST
    const end = Date.UTC(2026, 9, 25, 23); // 2026-10-26 00:00 CET
    const blocks: number[] = [];
    for (let t = start; t < end; t += QUARTER) blocks.push(r.at(t)?.position ?? 0);
    expect(blocks).toHaveLength(100);
    // 02:00–03:00 local happens twice: 00:00–01:00 UTC (CEST) and 01:00–02:00 UTC (CET).
    expect(blocks.filter((b) => b === 1)).toHaveLength(8);
    expect(r.at(Date.UTC(2026, 9, 25, 0))?.position).toBe(1);
    expect(r.at(Date.UTC(2026, 9, 25, 1, 45))?.position).toBe(1);
    expect(r.at(Date.UTC(2026, 9, 25, 2))?.position).toBe(2);
  });

  it('counts holidays as Sunday with the given check and caches day tables', () => {
    const holidays = new Set(['2026-03-04']);
    let calls = 0;
    const r = createBlockResolver(vtMtPlan(), 'Europe/Ljubljana', (d) => {
      calls++;
      return holidays.has(d);
    });
    expect(r.at(Date.UTC(2026, 2, 4, 11))?.id).toBe(12); // Wednesday made a holiday
    expect(r.at(Date.UTC(2026, 2, 5, 11))?.id).toBe(11);
    for (let i = 0; i < 10; i++) r.at(Date.UTC(2026, 2, 4, i));
    expect(calls).toBe(2);
    expect(r.dayTable(Date.UTC(2026, 2, 4) / 86_400_000)).toHaveLength(96);
  });

  it('returns null where an incomplete plan has no slot', () => {
    const p = vtMtPlan();
    p.slots = p.slots.filter((s) => s.dayOfWeek !== 6);
    const r = createBlockResolver(p, 'Europe/Ljubljana');
    expect(r.at(Date.UTC(2026, 2, 7, 11))).toBeNull();
  });
});
