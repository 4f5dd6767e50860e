import { describe, expect, it } from 'vitest';
import {
  checkCoverage,
  checkSeasons,
  formatSeasonDay,
  isPlanComplete,
  isSlotEnd,
  isSlotStart,
  parseSlotTime,
  seasonDayIndex,
  seasonDays,
  validateSlotTimes,
} from './coverage.ts';
import { slot, vtMtPlan } from './test-support.ts';
import type { TimePlanSeason } from './types.ts';

describe('slot times', () => {
  it('parses HH:MM including 24:00 and refuses the rest', () => {
    expect(parseSlotTime('00:00')).toBe(0);
    expect(parseSlotTime('13:45')).toBe(825);
    expect(parseSlotTime('24:00')).toBe(1440);
    for (const bad of ['24:15', '9:00', '12:60', '25:00', '12:00:00', '']) {
      expect(parseSlotTime(bad), bad).toBeNull();
    }
  });

  it('starts are quarter hours 00:00–23:45, ends 00:15–24:00', () => {
    expect(isSlotStart('00:00')).toBe(true);
    expect(isSlotStart('23:45')).toBe(true);
    expect(isSlotStart('24:00')).toBe(false);
    expect(isSlotStart('10:10')).toBe(false);
    expect(isSlotEnd('24:00')).toBe(true);
    expect(isSlotEnd('00:15')).toBe(true);
    expect(isSlotEnd('00:00')).toBe(false);
    expect(isSlotEnd('07:20')).toBe(false);
  });
});

describe('season days', () => {
  it('indexes a leap year', () => {
    expect(seasonDayIndex('01-01')).toBe(0);
    expect(seasonDayIndex('02-29')).toBe(59);
    expect(seasonDayIndex('03-01')).toBe(60);
    expect(seasonDayIndex('12-31')).toBe(365);
    expect(seasonDayIndex('02-30')).toBeNull();
    expect(seasonDayIndex('13-01')).toBeNull();
    expect(formatSeasonDay(59)).toBe('02-29');
    expect(formatSeasonDay(365)).toBe('12-31');
  });

  it('wraps the year end', () => {
    const days = seasonDays({ from: '11-01', to: '02-29' });
    expect(days).toHaveLength(30 + 31 + 31 + 29);
    expect(formatSeasonDay(days[0] as number)).toBe('11-01');
    expect(formatSeasonDay(days.at(-1) as number)).toBe('02-29');
  });

  const season = (id: number, from: string, to: string): TimePlanSeason => ({
    id,
    title: `s${id}`,
    from,
    to,
  });

  it('accepts wrap-around seasons covering the year once', () => {
    expect(checkSeasons([season(1, '11-01', '02-29'), season(2, '03-01', '10-31')])).toEqual([]);
  });

  it('names Feb 29 when a winter season stops at Feb 28', () => {
    expect(checkSeasons([season(1, '11-01', '02-28'), season(2, '03-01', '10-31')])).toEqual([
      { kind: 'season-gap', from: '02-29', to: '02-29' },
    ]);
  });

  it('names overlapping days and the seasons involved', () => {
    expect(checkSeasons([season(1, '10-15', '02-29'), season(2, '03-01', '10-31')])).toEqual([
      { kind: 'season-overlap', from: '10-15', to: '10-31', seasonIds: [1, 2] },
    ]);
  });

  it('reports the whole year for no seasons', () => {
    expect(checkSeasons([])).toEqual([{ kind: 'season-gap', from: '01-01', to: '12-31' }]);
  });
});

describe('checkCoverage', () => {
  it('a complete plan has no problems', () => {
    expect(checkCoverage(vtMtPlan())).toEqual([]);
    expect(isPlanComplete(vtMtPlan())).toBe(true);
  });

  it('names a gap at 13:00 on Tuesday', () => {
    const plan = vtMtPlan();
    plan.slots = plan.slots.filter((s) => !(s.dayOfWeek === 2 && s.start === '06:00'));
    plan.slots.push(slot(1, 2, '06:00', '13:00', 11), slot(1, 2, '14:00', '22:00', 11));
    expect(checkCoverage(plan)).toEqual([
      {
        kind: 'gap',
        seasonId: 1,
        dayOfWeek: 2,
        validFrom: '2024-01-01',
        from: '13:00',
        to: '14:00',
      },
    ]);
    expect(isPlanComplete(plan)).toBe(false);
  });

  it('names an overlap', () => {
    const plan = vtMtPlan();
    plan.slots.push(slot(1, 5, '21:00', '23:30', 11));
    expect(checkCoverage(plan)).toEqual([
      {
        kind: 'overlap',
        seasonId: 1,
        dayOfWeek: 5,
        validFrom: '2024-01-01',
        from: '21:00',
        to: '23:30',
      },
    ]);
  });

  it('a day without slots is a gap over the whole day', () => {
    const plan = vtMtPlan();
    plan.slots = plan.slots.filter((s) => s.dayOfWeek !== 7);
    expect(checkCoverage(plan)).toEqual([
      { kind: 'gap', seasonId: 1, dayOfWeek: 7, from: '00:00', to: '24:00' },
    ]);
  });

  it('checks each version of a day on its own', () => {
    const plan = vtMtPlan();
    // A new Monday from 2026-03-01 that forgets the evening.
    plan.slots.push(
      slot(1, 1, '00:00', '07:00', 12, '2026-03-01'),
      slot(1, 1, '07:00', '21:00', 11, '2026-03-01'),
    );
    expect(checkCoverage(plan)).toEqual([
      {
        kind: 'gap',
        seasonId: 1,
        dayOfWeek: 1,
        validFrom: '2026-03-01',
        from: '21:00',
        to: '24:00',
      },
    ]);
  });

  it('reports season problems before slot problems, and gaps and overlaps in time order', () => {
    const plan = vtMtPlan({ seasons: [{ id: 1, title: 'a', from: '01-02', to: '12-31' }] });
    plan.slots = plan.slots.filter((s) => s.dayOfWeek !== 3);
    plan.slots.push(
      slot(1, 3, '00:00', '08:00', 12),
      slot(1, 3, '07:00', '12:00', 11),
      slot(1, 3, '13:00', '24:00', 12),
    );
    expect(checkCoverage(plan).map((p) => [p.kind, p.from, p.to])).toEqual([
      ['season-gap', '01-01', '01-01'],
      ['overlap', '07:00', '08:00'],
      ['gap', '12:00', '13:00'],
    ]);
  });

  it('treats a slot with invalid times as missing', () => {
    const plan = vtMtPlan();
    const sat = plan.slots.find((s) => s.dayOfWeek === 6) as { end: string };
    sat.end = '23:50';
    expect(checkCoverage(plan)).toEqual([
      {
        kind: 'gap',
        seasonId: 1,
        dayOfWeek: 6,
        validFrom: '2024-01-01',
        from: '00:00',
        to: '24:00',
      },
    ]);
  });
});

describe('validateSlotTimes', () => {
  const plan = vtMtPlan();

  it('accepts a slot that fits between its siblings', () => {
    const siblings = plan.slots.filter((s) => !(s.dayOfWeek === 1 && s.start === '06:00'));
    expect(
      validateSlotTimes(
        { seasonId: 1, dayOfWeek: 1, start: '06:00', end: '22:00', validFrom: '2024-01-01' },
        siblings,
      ),
    ).toEqual([]);
  });

  it('refuses an overlap with a sibling and names it', () => {
    const evening = plan.slots.find((s) => s.dayOfWeek === 1 && s.start === '22:00');
    expect(
      validateSlotTimes(
        { seasonId: 1, dayOfWeek: 1, start: '21:00', end: '23:00', validFrom: '2024-01-01' },
        plan.slots,
      ),
    ).toEqual([
      { kind: 'overlap', from: '21:00', to: '22:00', slotId: expect.any(Number) },
      { kind: 'overlap', from: '22:00', to: '23:00', slotId: evening?.id },
    ]);
  });

  it('ignores the slot itself when it is updated, and other versions, days and seasons', () => {
    const morning = plan.slots.find((s) => s.dayOfWeek === 1 && s.start === '00:00');
    expect(
      validateSlotTimes(
        {
          id: morning?.id,
          seasonId: 1,
          dayOfWeek: 1,
          start: '00:00',
          end: '06:00',
          validFrom: '2024-01-01',
        },
        plan.slots,
      ),
    ).toEqual([]);
    expect(
      validateSlotTimes(
        { seasonId: 1, dayOfWeek: 1, start: '00:00', end: '24:00', validFrom: '2026-01-01' },
        plan.slots,
      ),
    ).toEqual([]);
    expect(
      validateSlotTimes(
        { seasonId: 2, dayOfWeek: 1, start: '00:00', end: '24:00', validFrom: '2024-01-01' },
        plan.slots,
      ),
    ).toEqual([]);
  });

  it('refuses bad times, end before start, a bad date and day', () => {
    expect(
      validateSlotTimes(
        { seasonId: 1, dayOfWeek: 8, start: '06:10', end: '24:15', validFrom: '2024-02-30' },
        [],
      ).map((p) => p.kind),
    ).toEqual(['start', 'end', 'valid-from', 'day-of-week']);
    expect(
      validateSlotTimes(
        { seasonId: 1, dayOfWeek: 1, start: '10:00', end: '10:00', validFrom: '2024-01-01' },
        [],
      ),
    ).toEqual([{ kind: 'order', from: '10:00', to: '10:00' }]);
  });
});
