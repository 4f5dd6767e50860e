// Builders that turn compact tables (spans of local time per weekday) into full TimePlan data for the defaults.

import type { TimePlan, TimePlanSlot } from '../types.ts';

/** A span of local time on one day and the block position it belongs to: [start, end, position]. */
export type Span = readonly [start: string, end: string, position: number];

/** A season of a default plan with its week: seven span lists, Monday first. */
export interface SeasonSpec {
  readonly title: string;
  readonly from: string;
  readonly to: string;
  readonly week: readonly (readonly Span[])[];
}

/** What a default plan is made of; ids are assigned here (local to the plan) and replaced by the server. */
export interface PlanSpec {
  readonly title: string;
  readonly color: string;
  readonly countryCode: string;
  readonly holidays: TimePlan['holidays'];
  /** [title, colour] in position order (position 1 first). */
  readonly blocks: readonly (readonly [title: string, color: string])[];
  readonly seasons: readonly SeasonSpec[];
  /** validFrom of every slot. */
  readonly validFrom: string;
}

/** The same spans on Monday–Friday and others on Saturday and Sunday. */
export function workweek(working: readonly Span[], weekend: readonly Span[]): Span[][] {
  return [working, working, working, working, working, weekend, weekend].map((d) => [...d]);
}

/** The same spans every day of the week. */
export function everyDay(spans: readonly Span[]): Span[][] {
  return workweek(spans, spans);
}

/**
 * A TimePlan from a spec: id 0, companyId null (predefined), blocks ids 1..n (= position), seasons ids 1..m in
 * spec order, slot ids 1.. in order.
 */
export function buildPlan(spec: PlanSpec): TimePlan {
  const slots: TimePlanSlot[] = [];
  spec.seasons.forEach((season, s) => {
    season.week.forEach((spans, d) => {
      for (const [start, end, position] of spans) {
        slots.push({
          id: slots.length + 1,
          seasonId: s + 1,
          blockId: position,
          dayOfWeek: d + 1,
          start,
          end,
          validFrom: spec.validFrom,
        });
      }
    });
  });
  return {
    id: 0,
    title: spec.title,
    color: spec.color,
    countryCode: spec.countryCode,
    companyId: null,
    holidays: spec.holidays,
    blocks: spec.blocks.map(([title, color], i) => ({ id: i + 1, title, color, position: i + 1 })),
    seasons: spec.seasons.map((season, i) => ({
      id: i + 1,
      title: season.title,
      from: season.from,
      to: season.to,
    })),
    slots,
  };
}
