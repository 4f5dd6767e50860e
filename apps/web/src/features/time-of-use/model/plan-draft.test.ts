import { describe, expect, it } from 'vitest';
import { checkCoverage } from '@ec/domain';
import { testPlan } from '../test-data.ts';
import {
  addBlock,
  addVersion,
  draftFromPlan,
  draftSlots,
  isDirty,
  keepSeasons,
  removeBlock,
  removeVersion,
  structureForm,
  updateBlock,
  versionsOf,
  weekOf,
  withWeek,
} from './plan-draft.ts';
import { paintRange } from './week-cells.ts';

describe('the plan draft', () => {
  it('reads a saved plan and writes the same structure back (slots by block and season index)', () => {
    const plan = testPlan();
    const draft = draftFromPlan(plan);
    expect(isDirty(draft, plan)).toBe(false);
    const form = structureForm(draft, plan.seasons);
    expect(form.blocks).toEqual([
      { id: 21, title: 'VT', color: '#e8590c' },
      { id: 22, title: 'MT', color: '#1c7ed6' },
    ]);
    expect(form.seasons).toEqual([{ id: 31, title: 'Whole year', from: '01-01', to: '12-31' }]);
    expect(form.slots).toHaveLength(5 * 3 + 2);
    expect(form.slots[1]).toEqual({
      blockIndex: 0,
      seasonIndex: 0,
      dayOfWeek: 1,
      start: '06:00',
      end: '22:00',
      validFrom: '2000-01-01',
    });
    expect(
      checkCoverage({
        seasons: plan.seasons,
        slots: draftSlots(draft).map((s, id) => ({ ...s, id })),
      }),
    ).toEqual([]);
  });

  it('paints with a new block that the structure names by index, and is dirty until saved', () => {
    const plan = testPlan();
    let draft = addBlock(draftFromPlan(plan), 'Peak', '#c92a2a');
    const peak = draft.blocks[2];
    expect(peak).toMatchObject({ id: null, title: 'Peak' });
    const week = paintRange(
      weekOf(draft, 31, '2000-01-01'),
      { fromDay: 0, toDay: 0, fromQuarter: 32, toQuarter: 35 },
      peak?.key ?? 0,
    );
    draft = withWeek(draft, 31, '2000-01-01', week);
    expect(isDirty(draft, plan)).toBe(true);
    const form = structureForm(draft, plan.seasons);
    expect(form.blocks[2]).toEqual({ title: 'Peak', color: '#c92a2a' });
    expect(form.slots.slice(0, 4).map((s) => [s.blockIndex, s.start, s.end])).toEqual([
      [1, '00:00', '06:00'],
      [0, '06:00', '08:00'],
      [2, '08:00', '09:00'],
      [0, '09:00', '22:00'],
    ]);
  });

  it('renames a block and removes one with its cells (a gap the coverage check names)', () => {
    const plan = testPlan();
    const renamed = updateBlock(draftFromPlan(plan), 21, { title: 'High', color: '#000000' });
    expect(structureForm(renamed, plan.seasons).blocks[0]).toEqual({
      id: 21,
      title: 'High',
      color: '#000000',
    });
    const removed = removeBlock(renamed, 21);
    const slots = draftSlots(removed).map((s, id) => ({ ...s, id }));
    expect(checkCoverage({ seasons: plan.seasons, slots })[0]).toMatchObject({
      kind: 'gap',
      seasonId: 31,
      dayOfWeek: 1,
      from: '06:00',
      to: '22:00',
    });
  });

  it('adds a version from a date as a copy of the latest earlier one', () => {
    const plan = testPlan();
    const draft = addVersion(draftFromPlan(plan), 31, '2026-07-01');
    expect(draft && versionsOf(draft, 31)).toEqual(['2000-01-01', '2026-07-01']);
    expect(draft && weekOf(draft, 31, '2026-07-01')).toEqual(
      weekOf(draftFromPlan(plan), 31, '2000-01-01'),
    );
    expect(draft && addVersion(draft, 31, '2026-07-01')).toBeNull();
    expect(versionsOf(draftFromPlan(plan), 99)).toEqual(['2000-01-01']);
    expect(draft && versionsOf(removeVersion(draft, 31, '2026-07-01'), 31)).toEqual(['2000-01-01']);
  });

  it('drops the weeks of a season deleted on the server', () => {
    const plan = testPlan();
    const kept = keepSeasons(draftFromPlan(plan), []);
    expect(kept.weeks).toEqual({});
  });
});
