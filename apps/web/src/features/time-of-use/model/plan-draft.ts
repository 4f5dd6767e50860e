import type {
  TimePlanDto,
  TimePlanSeasonDto,
  TimePlanSlotDto,
  TimePlanStructureForm,
} from '@ec/contract';
import { emptyWeek, remapBlocks, slotsToWeek, weekToSlots, type WeekCells } from './week-cells.ts';

// The editor's unsaved state of a plan: its blocks (saved ones keep their id, new ones have a negative key) and a
// week grid per (saved season, slot version). Seasons are saved on their own first (spec 001 §4: a season must be
// saved before its slots are edited); blocks and slots are saved together with PUT /timeplans/:id/structure.

/** The version date of a plan's first slots (the contract's default `validFrom`). */
export const FIRST_VERSION = '2000-01-01';

/** A block as edited: `key` is the id of a saved block, a negative number for a new one. */
export interface DraftBlock {
  key: number;
  id: number | null;
  title: string;
  color: string;
}

/** The editor's plan: blocks in position order and the week grids by {@link weekKey}. */
export interface PlanDraft {
  blocks: DraftBlock[];
  weeks: Readonly<Record<string, WeekCells>>;
}

/** The key of a season's version in {@link PlanDraft.weeks}. */
export function weekKey(seasonId: number, validFrom: string): string {
  return `${seasonId}|${validFrom}`;
}

function parseWeekKey(key: string): { seasonId: number; validFrom: string } {
  const [season, validFrom] = key.split('|');
  return { seasonId: Number(season), validFrom: validFrom ?? FIRST_VERSION };
}

/** The draft of a saved plan. */
export function draftFromPlan(plan: Pick<TimePlanDto, 'blocks' | 'slots'>): PlanDraft {
  const blocks = [...plan.blocks]
    .sort((a, b) => a.position - b.position)
    .map((b) => ({ key: b.id, id: b.id, title: b.title, color: b.color }));
  const byVersion = new Map<string, TimePlanSlotDto[]>();
  for (const slot of plan.slots) {
    const key = weekKey(slot.seasonId, slot.validFrom);
    byVersion.set(key, [...(byVersion.get(key) ?? []), slot]);
  }
  const weeks: Record<string, WeekCells> = {};
  for (const [key, slots] of byVersion) weeks[key] = slotsToWeek(slots);
  return { blocks, weeks };
}

/** The draft kept over a new answer of the server: weeks of seasons that no longer exist go. */
export function keepSeasons(draft: PlanDraft, seasons: readonly TimePlanSeasonDto[]): PlanDraft {
  const ids = new Set(seasons.map((s) => s.id));
  return {
    blocks: draft.blocks,
    weeks: Object.fromEntries(
      Object.entries(draft.weeks).filter(([key]) => ids.has(parseWeekKey(key).seasonId)),
    ),
  };
}

/** A season's slot versions, oldest first; a season without slots has the first version only. */
export function versionsOf(draft: PlanDraft, seasonId: number): string[] {
  const versions = Object.keys(draft.weeks)
    .map(parseWeekKey)
    .filter((k) => k.seasonId === seasonId)
    .map((k) => k.validFrom)
    .sort();
  return versions.length > 0 ? versions : [FIRST_VERSION];
}

/** The week grid of a season's version (empty when it has no slots yet). */
export function weekOf(draft: PlanDraft, seasonId: number, validFrom: string): WeekCells {
  return draft.weeks[weekKey(seasonId, validFrom)] ?? emptyWeek();
}

/** The draft with a season's version set to `week`. */
export function withWeek(
  draft: PlanDraft,
  seasonId: number,
  validFrom: string,
  week: WeekCells,
): PlanDraft {
  return { ...draft, weeks: { ...draft.weeks, [weekKey(seasonId, validFrom)]: week } };
}

/**
 * A new version of a season from `validFrom`, starting as a copy of the latest earlier version (the usual change
 * is a few hours, not a new week). Refused (null) when that version exists.
 */
export function addVersion(
  draft: PlanDraft,
  seasonId: number,
  validFrom: string,
): PlanDraft | null {
  const versions = versionsOf(draft, seasonId);
  if (versions.includes(validFrom)) return null;
  const earlier = versions.filter((v) => v < validFrom).at(-1) ?? versions[0] ?? FIRST_VERSION;
  const copy = weekOf(draft, seasonId, earlier).map((day) => [...day]);
  return withWeek(draft, seasonId, validFrom, copy);
}

/** The draft without a season's version (its slots are dropped on save). */
export function removeVersion(draft: PlanDraft, seasonId: number, validFrom: string): PlanDraft {
  const key = weekKey(seasonId, validFrom);
  return {
    ...draft,
    weeks: Object.fromEntries(Object.entries(draft.weeks).filter(([k]) => k !== key)),
  };
}

/** The draft with a new block at the end (a negative key until saved). */
export function addBlock(draft: PlanDraft, title: string, color: string): PlanDraft {
  const key = Math.min(0, ...draft.blocks.map((b) => b.key)) - 1;
  return { ...draft, blocks: [...draft.blocks, { key, id: null, title, color }] };
}

/** The draft with a block's title and colour changed. */
export function updateBlock(
  draft: PlanDraft,
  key: number,
  values: { title: string; color: string },
): PlanDraft {
  return {
    ...draft,
    blocks: draft.blocks.map((b) => (b.key === key ? { ...b, ...values } : b)),
  };
}

/** The draft without a block; the cells it held become empty. */
export function removeBlock(draft: PlanDraft, key: number): PlanDraft {
  return {
    blocks: draft.blocks.filter((b) => b.key !== key),
    weeks: Object.fromEntries(
      Object.entries(draft.weeks).map(([k, week]) => [
        k,
        remapBlocks(week, (id) => (id === key ? null : id)),
      ]),
    ),
  };
}

/** The draft's slots as the domain's coverage check reads them (block ids are the draft keys). */
export function draftSlots(draft: PlanDraft): Omit<TimePlanSlotDto, 'id'>[] {
  return Object.entries(draft.weeks).flatMap(([key, week]) => {
    const { seasonId, validFrom } = parseWeekKey(key);
    return weekToSlots(week).map((slot) => ({ ...slot, seasonId, validFrom }));
  });
}

/**
 * The body of PUT /timeplans/:id/structure: the blocks in order (saved ones with their id), the saved seasons as
 * they are, and every slot naming its block and season by index.
 */
export function structureForm(
  draft: PlanDraft,
  seasons: readonly TimePlanSeasonDto[],
): TimePlanStructureForm {
  const blockIndex = new Map(draft.blocks.map((b, index) => [b.key, index]));
  const seasonIndex = new Map(seasons.map((s, index) => [s.id, index]));
  const slots: TimePlanStructureForm['slots'] = [];
  const sorted = draftSlots(draft).sort(
    (a, b) =>
      (seasonIndex.get(a.seasonId) ?? 0) - (seasonIndex.get(b.seasonId) ?? 0) ||
      a.validFrom.localeCompare(b.validFrom) ||
      a.dayOfWeek - b.dayOfWeek ||
      a.start.localeCompare(b.start),
  );
  for (const slot of sorted) {
    const b = blockIndex.get(slot.blockId);
    const s = seasonIndex.get(slot.seasonId);
    if (b === undefined || s === undefined) continue;
    slots.push({
      blockIndex: b,
      seasonIndex: s,
      dayOfWeek: slot.dayOfWeek,
      start: slot.start,
      end: slot.end,
      validFrom: slot.validFrom,
    });
  }
  return {
    blocks: draft.blocks.map((b) =>
      b.id === null
        ? { title: b.title, color: b.color }
        : { id: b.id, title: b.title, color: b.color },
    ),
    seasons: seasons.map((s) => ({ id: s.id, title: s.title, from: s.from, to: s.to })),
    slots,
  };
}

/** Whether the draft differs from the saved plan (what Save would change). */
export function isDirty(draft: PlanDraft, plan: TimePlanDto): boolean {
  return (
    JSON.stringify(structureForm(draft, plan.seasons)) !==
    JSON.stringify(structureForm(draftFromPlan(plan), plan.seasons))
  );
}
