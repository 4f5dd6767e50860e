import { describe, expect, it } from 'vitest';
import {
  BLOCK_LAYOUTS,
  blockAt,
  blocksInMonth,
  easterSunday,
  energyWindowAt,
  intervalBlock,
  dayInfo,
  isWorkFreeDay,
  isWorkFreeHoliday,
  isWorkingDay,
  workFreeDays,
  workFreeHolidays,
} from './calendar.ts';
import { NetworkFeeError } from './errors.ts';
import {
  INTERVAL_MS,
  dayNumberOf,
  formatIsoDate,
  localDayStartMs,
  parseIsoDate,
} from './time-zone.ts';
import { must } from './test-support.ts';

const d = (text: string) => must(parseIsoDate(text));
/** A local wall-clock time in Ljubljana as an instant; the offset is written out to keep the tests explicit. */
const at = (local: string) => Date.parse(local);

describe('Easter and work-free days', () => {
  it.each([
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(formatIsoDate(easterSunday(year))).toBe(date);
  });

  it.each([
    ['2024-04-01', false],
    ['2025-04-21', false],
    ['2026-04-06', false],
    ['2027-03-29', false],
    ['2025-04-22', true],
  ])('Easter Monday and the next day: %s working = %s', (date, working) => {
    expect(isWorkingDay(d(date))).toBe(working);
  });

  it.each([
    ['2025-12-25', false, 'Christmas on a Thursday'],
    ['2025-12-26', false, 'Independence Day on a Friday'],
    ['2025-02-10', true, 'an ordinary Monday'],
    ['2026-02-09', true, 'Monday after Prešeren Day on a Sunday (no substitute day)'],
    ['2025-06-09', true, 'Monday of Whitsun is a working day'],
    ['2026-06-08', true, 'Primož Trubar day is not work-free'],
    ['2025-10-25', false, 'a Saturday'],
    ['2025-10-31', false, 'Reformation Day'],
  ])('%s working = %s (%s)', (date, working) => {
    expect(isWorkingDay(d(date))).toBe(working);
  });

  it('2 January was not work-free in 2013–2016', () => {
    expect(isWorkFreeHoliday(d('2015-01-02'))).toBe(false);
    expect(isWorkFreeHoliday(d('2017-01-02'))).toBe(true);
    expect(isWorkFreeHoliday(d('2026-01-02'))).toBe(true);
  });

  it('lists the work-free days of 2025 in order, Whit Sunday included', () => {
    expect(workFreeHolidays(2025).map((h) => formatIsoDate(h))).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-02-08',
      '2025-04-20',
      '2025-04-21',
      '2025-04-27',
      '2025-05-01',
      '2025-05-02',
      '2025-06-08',
      '2025-06-25',
      '2025-08-15',
      '2025-10-31',
      '2025-11-01',
      '2025-12-25',
      '2025-12-26',
    ]);
  });
});

describe('work-free days as data per year', () => {
  it('2 January: work-free in 2012, not in 2015, again in 2017', () => {
    const hasJan2 = (year: number) => workFreeDays(year).some((w) => w.month === 1 && w.day === 2);
    expect(hasJan2(2012)).toBe(true);
    expect(hasJan2(2015)).toBe(false);
    expect(hasJan2(2017)).toBe(true);
    // 2 Jan 2015 was a Friday: an ordinary working day; 2 Jan 2017 a Monday off.
    expect(isWorkingDay(d('2015-01-02'))).toBe(true);
    expect(isWorkingDay(d('2017-01-02'))).toBe(false);
  });

  it('14 August 2023 is a one-off work-free day by law, marked as unconfirmed; 14 August 2024 is not', () => {
    expect(isWorkFreeDay('2023-08-14')).toBe(true);
    expect(isWorkFreeDay(d('2023-08-14'))).toBe(true);
    expect(isWorkFreeDay('2024-08-14')).toBe(false);
    const day = workFreeDays(2023).find((w) => w.date === '2023-08-14');
    expect(day).toMatchObject({
      name: 'dan solidarnosti',
      oneOff: true,
      confidence: 'unconfirmed',
    });
    expect(day?.source).toContain('§1.3');
    // It was a Monday, so the day type changes: not a working day.
    expect(isWorkingDay(d('2023-08-14'))).toBe(false);
    expect(isWorkingDay(d('2023-08-21'))).toBe(true);
  });

  it('Easter Monday moves with Easter and is work-free', () => {
    expect(isWorkFreeDay('2025-04-21')).toBe(true);
    expect(isWorkFreeDay('2026-04-06')).toBe(true);
    expect(isWorkFreeDay('2025-04-22')).toBe(false);
    expect(workFreeDays(2026).find((w) => w.date === '2026-04-06')?.name).toBe(
      'velikonočni ponedeljek',
    );
  });

  it('recurring days carry their source and are not one-off', () => {
    for (const w of workFreeDays(2025)) {
      expect(w.oneOff).toBe(false);
      expect(w.confidence).toBe('confirmed');
      expect(w.source).toMatch(/Zakon o praznikih/);
    }
  });

  it('weekends are not "work-free days by law"', () => {
    expect(isWorkFreeDay('2025-10-25')).toBe(false);
  });

  it('refuses a malformed date with INVALID_DATE', () => {
    expect(() => isWorkFreeDay('2025-02-30')).toThrow(NetworkFeeError);
  });

  it('the calendar uses the table: 14 Aug 2023 gets non-working blocks under any tariff year', () => {
    expect(dayInfo(dayNumberOf(d('2023-08-14')), 2025).working).toBe(false);
    expect(dayInfo(dayNumberOf(d('2023-08-14')), 2025).blocks?.[10]).toBe(3);
    expect(dayInfo(dayNumberOf(d('2023-08-21')), 2025).blocks?.[10]).toBe(2);
  });
});

describe('time blocks', () => {
  it.each([
    // Higher season, working day (Wed 15 Jan 2025): 3 / 2 / 1 / 2 / 1 / 2 / 3.
    ['2025-01-15T05:59:00+01:00', 3],
    ['2025-01-15T06:00:00+01:00', 2],
    ['2025-01-15T07:00:00+01:00', 1],
    ['2025-01-15T13:59:00+01:00', 1],
    ['2025-01-15T14:00:00+01:00', 2],
    ['2025-01-15T16:00:00+01:00', 1],
    ['2025-01-15T20:00:00+01:00', 2],
    ['2025-01-15T22:00:00+01:00', 3],
    // Higher season, non-working (Sat 18 Jan 2025): one more.
    ['2025-01-18T03:00:00+01:00', 4],
    ['2025-01-18T06:30:00+01:00', 3],
    ['2025-01-18T10:00:00+01:00', 2],
    // Lower season, working (Tue 10 Jun 2025): one more.
    ['2025-06-10T03:00:00+02:00', 4],
    ['2025-06-10T10:00:00+02:00', 2],
    ['2025-06-10T21:00:00+02:00', 3],
    // Lower season, non-working (Sun 8 Jun 2025, Whit Sunday): two more.
    ['2025-06-08T03:00:00+02:00', 5],
    ['2025-06-08T10:00:00+02:00', 3],
    ['2025-06-08T15:00:00+02:00', 4],
    // A work-free holiday on a weekday (Thu 25 Dec 2025) is non-working: 10:00 is block 2, not 1.
    ['2025-12-25T10:00:00+01:00', 2],
    ['2025-12-24T10:00:00+01:00', 1],
    // Easter Monday 2026 (6 Apr, lower season) is non-working: 10:00 is block 3.
    ['2026-04-06T10:00:00+02:00', 3],
    ['2026-04-07T10:00:00+02:00', 2],
    // Season boundaries: 28 Feb 2025 (Fri) vs 3 Mar 2025 (Mon); 31 Oct 2025 is a holiday, 3 Nov 2025 a Monday.
    ['2025-02-28T10:00:00+01:00', 1],
    ['2025-03-03T10:00:00+01:00', 2],
    ['2025-11-03T10:00:00+01:00', 1],
  ])('%s is block %i', (local, block) => {
    expect(blockAt(at(local))).toBe(block);
  });

  it('assigns an interval to the block of its start (timestamps mark interval ends)', () => {
    // 07:00 stamps the interval 06:45–07:00 (block 2); 07:15 stamps 07:00–07:15 (block 1).
    expect(intervalBlock(at('2025-01-15T07:00:00+01:00'))).toBe(2);
    expect(intervalBlock(at('2025-01-15T07:15:00+01:00'))).toBe(1);
    // Midnight belongs to the previous day: Friday 22:00–24:00 is block 3; Saturday night is block 4.
    expect(intervalBlock(at('2025-01-18T00:00:00+01:00'))).toBe(3);
    expect(intervalBlock(at('2025-01-18T00:15:00+01:00'))).toBe(4);
    // 1 Mar 00:00 ends February's last interval: Friday 28 Feb 2025, higher season, 22–24 → block 3 (in March,
    // a Saturday night, it would be block 5).
    expect(intervalBlock(at('2025-03-01T00:00:00+01:00'))).toBe(3);
  });

  it.each([
    ['2025-03-30', 23 * 4],
    ['2025-10-26', 25 * 4],
    ['2024-10-27', 25 * 4],
  ])(
    'handles the DST day %s with %i intervals, all in lower-season non-working blocks',
    (date, count) => {
      const day = dayNumberOf(d(date));
      const blocks: number[] = [];
      for (let t = localDayStartMs(day); t < localDayStartMs(day + 1); t += INTERVAL_MS)
        blocks.push(intervalBlock(t + INTERVAL_MS));
      expect(blocks).toHaveLength(count);
      // Sundays in the lower season: 00–06 block 5, 06–07 block 4, 07–14 block 3, 14–16 block 4, 16–20 block 3, …
      expect(new Set(blocks)).toEqual(new Set([3, 4, 5]));
      expect(blocks.filter((b) => b === 3)).toHaveLength(11 * 4);
      expect(blocks.filter((b) => b === 4)).toHaveLength(5 * 4);
      expect(blocks.filter((b) => b === 5)).toHaveLength(count - 16 * 4);
    },
  );

  it('puts the repeated 02:00 hour of the autumn change in block 5 both times', () => {
    expect(blockAt(Date.parse('2025-10-26T00:30:00Z'))).toBe(5); // 02:30 CEST
    expect(blockAt(Date.parse('2025-10-26T01:30:00Z'))).toBe(5); // 02:30 CET
  });

  it.each([['2024-09-30T12:00:00+02:00'], ['2027-01-01T00:00:00+01:00']])(
    'refuses %s outside every layout',
    (local) => {
      expect(() => blockAt(at(local))).toThrow(NetworkFeeError);
      try {
        blockAt(at(local));
      } catch (e) {
        expect((e as NetworkFeeError).code).toBe('OUTSIDE_BLOCK_LAYOUT');
      }
    },
  );

  it('accepts the last instant of the layout and the first', () => {
    expect(blockAt(at('2026-12-31T23:59:00+01:00'))).toBe(3);
    expect(blockAt(at('2024-10-01T00:00:00+02:00'))).toBe(4);
  });

  it.each([
    [2025, 1, [1, 2, 3, 4]],
    [2025, 2, [1, 2, 3, 4]],
    [2025, 3, [2, 3, 4, 5]],
    [2025, 10, [2, 3, 4, 5]],
    [2025, 11, [1, 2, 3, 4]],
  ])('blocks in %i-%i are %j', (year, month, blocks) => {
    expect(blocksInMonth(year, month)).toEqual(blocks);
  });

  it('keeps layouts consistent with the rule of thumb (+1 non-working, +1 lower season)', () => {
    for (const layout of BLOCK_LAYOUTS) {
      const h = layout.hours;
      for (const table of Object.values(h)) expect(table).toHaveLength(24);
      for (let hour = 0; hour < 24; hour++) {
        const base = must(h.higherWorking[hour]);
        expect(h.higherNonWorking[hour]).toBe(base + 1);
        expect(h.lowerWorking[hour]).toBe(base + 1);
        expect(h.lowerNonWorking[hour]).toBe(base + 2);
      }
    }
  });
});

describe('supplier energy windows', () => {
  it.each([
    ['2025-01-15T05:59:00+01:00', 2, 'MT'],
    ['2025-01-15T06:00:00+01:00', 2, 'VT'],
    ['2025-01-15T21:59:00+01:00', 2, 'VT'],
    ['2025-01-15T22:00:00+01:00', 2, 'MT'],
    ['2025-01-18T12:00:00+01:00', 2, 'MT'],
    ['2025-12-25T12:00:00+01:00', 2, 'MT'],
    ['2025-01-15T12:00:00+01:00', 1, 'ET'],
  ] as const)('%s with %i tariffs is %s', (local, tariffs, window) => {
    expect(energyWindowAt(at(local), tariffs)).toBe(window);
  });
});
