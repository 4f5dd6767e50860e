import { describe, expect, it } from 'vitest';
import {
  copyDay,
  dayToSlots,
  emptyWeek,
  isDayEmpty,
  paintRange,
  quarterToTime,
  rangeBetween,
  remapBlocks,
  slotsToWeek,
  timeToQuarter,
  weekToSlots,
} from './week-cells.ts';

describe('quarter hours and times', () => {
  it('converts both ways, 24:00 being the end of the day', () => {
    expect(quarterToTime(0)).toBe('00:00');
    expect(quarterToTime(33)).toBe('08:15');
    expect(quarterToTime(96)).toBe('24:00');
    expect(timeToQuarter('00:00')).toBe(0);
    expect(timeToQuarter('08:15')).toBe(33);
    expect(timeToQuarter('24:00')).toBe(96);
  });

  it('refuses times off the quarter-hour grid or outside the day', () => {
    expect(timeToQuarter('08:10')).toBeNull();
    expect(timeToQuarter('24:15')).toBeNull();
    expect(timeToQuarter('7:00')).toBeNull();
    expect(timeToQuarter('07:75')).toBeNull();
  });
});

describe('cells and slots', () => {
  it('merges runs of one block into [start, end) slots and skips empty cells', () => {
    const week = emptyWeek();
    const monday = week[0] ?? [];
    for (let q = 0; q < 24; q++) monday[q] = 2; // 00:00–06:00
    for (let q = 24; q < 88; q++) monday[q] = 1; // 06:00–22:00
    // 22:00–23:00 empty, 23:00–24:00 block 2
    for (let q = 92; q < 96; q++) monday[q] = 2;
    expect(dayToSlots(monday, 1)).toEqual([
      { dayOfWeek: 1, blockId: 2, start: '00:00', end: '06:00' },
      { dayOfWeek: 1, blockId: 1, start: '06:00', end: '22:00' },
      { dayOfWeek: 1, blockId: 2, start: '23:00', end: '24:00' },
    ]);
  });

  it('reads slots into cells and back to the same slots (merged)', () => {
    const slots = [
      { dayOfWeek: 3, blockId: 5, start: '00:00', end: '07:00' },
      { dayOfWeek: 3, blockId: 5, start: '07:00', end: '08:00' },
      { dayOfWeek: 3, blockId: 4, start: '08:00', end: '24:00' },
      { dayOfWeek: 7, blockId: 5, start: '00:00', end: '24:00' },
    ];
    const week = slotsToWeek(slots);
    expect(week[2]?.[27]).toBe(5);
    expect(week[2]?.[32]).toBe(4);
    expect(week[2]?.[95]).toBe(4);
    expect(isDayEmpty(week[0] ?? [])).toBe(true);
    expect(weekToSlots(week)).toEqual([
      { dayOfWeek: 3, blockId: 5, start: '00:00', end: '08:00' },
      { dayOfWeek: 3, blockId: 4, start: '08:00', end: '24:00' },
      { dayOfWeek: 7, blockId: 5, start: '00:00', end: '24:00' },
    ]);
  });

  it('leaves out slots with bad times or days', () => {
    const week = slotsToWeek([
      { dayOfWeek: 8, blockId: 1, start: '00:00', end: '24:00' },
      { dayOfWeek: 1, blockId: 1, start: '00:10', end: '24:00' },
    ]);
    expect(weekToSlots(week)).toEqual([]);
  });
});

describe('painting and copying', () => {
  it('paints a rectangle spanned in either direction', () => {
    const range = rangeBetween({ day: 2, quarter: 40 }, { day: 1, quarter: 36 });
    expect(range).toEqual({ fromDay: 1, toDay: 2, fromQuarter: 36, toQuarter: 40 });
    const painted = paintRange(emptyWeek(), range, 9);
    expect(weekToSlots(painted)).toEqual([
      { dayOfWeek: 2, blockId: 9, start: '09:00', end: '10:15' },
      { dayOfWeek: 3, blockId: 9, start: '09:00', end: '10:15' },
    ]);
  });

  it('copies a day to the next and refuses an empty day (spec 001 §5)', () => {
    const week = paintRange(
      emptyWeek(),
      rangeBetween({ day: 0, quarter: 0 }, { day: 0, quarter: 95 }),
      1,
    );
    const copied = copyDay(week, 0, 1);
    expect('week' in copied && weekToSlots(copied.week)).toEqual([
      { dayOfWeek: 1, blockId: 1, start: '00:00', end: '24:00' },
      { dayOfWeek: 2, blockId: 1, start: '00:00', end: '24:00' },
    ]);
    expect(copyDay(week, 1, 2)).toEqual({ refused: 'empty_day' });
    expect(copyDay(week, 6, 7)).toEqual({ refused: 'no_next_day' });
  });

  it('remaps block ids and empties the cells of a removed block', () => {
    const week = slotsToWeek([
      { dayOfWeek: 1, blockId: -1, start: '00:00', end: '12:00' },
      { dayOfWeek: 1, blockId: 3, start: '12:00', end: '24:00' },
    ]);
    const remapped = remapBlocks(week, (id) => (id === -1 ? 10 : null));
    expect(weekToSlots(remapped)).toEqual([
      { dayOfWeek: 1, blockId: 10, start: '00:00', end: '12:00' },
    ]);
  });
});
