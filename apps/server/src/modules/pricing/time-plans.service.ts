import type {
  TimePlanBlockForm,
  TimePlanCreateForm,
  TimePlanSeasonForm,
  TimePlanSlotForm,
  TimePlanStructureForm,
  TimePlanUpdateForm,
} from '@ec/contract';
import { checkCoverage, checkSeasons, validateSlotTimes } from '@ec/domain';
import { and, eq, isNull, or, priceTypeConfigs, timePlanBlocks, timePlans, type SQL } from '@ec/db';
import { invalidFields, notFound } from '../../errors.ts';
import type { OrgAccess } from '../org/org-access.ts';
import {
  configView,
  conflict,
  domainPlan,
  FIRST_VERSION,
  invalidWith,
  planSummaries,
  planViews,
  PRICING_ERRORS,
  problemMessage,
  toMinutes,
  toTime,
  type Ownership,
  type PricingActor,
} from './pricing-common.ts';
import type { PricingRepository, SlotRecord, TimePlanRecord } from './pricing.repository.ts';

/** Time plans with blocks, seasons and slots (DESIGN-13; docs/pricing.md "Time plans"). */
export function createTimePlansService(deps: {
  repo: PricingRepository;
  access: OrgAccess;
  ownership: Ownership;
}) {
  const { repo, access, ownership } = deps;

  const editOf = (actor: PricingActor) => async (plan: TimePlanRecord) =>
    (await ownership.accessTo(actor, plan.companyId)).edit;

  /** The plan if the actor may read it (404 otherwise). */
  async function viewPlan(actor: PricingActor, id: number) {
    const plan = await repo.plan(id);
    if (!plan) throw notFound();
    await ownership.requireView(actor, plan.companyId);
    return plan;
  }

  /** The plan if the actor may change it (404 invisible, 403 read-only). */
  async function editPlan(actor: PricingActor, id: number) {
    const plan = await repo.plan(id);
    if (!plan) throw notFound();
    await ownership.requireEdit(actor, plan.companyId);
    return plan;
  }

  async function fullPlan(actor: PricingActor, plan: TimePlanRecord) {
    const [view] = await planViews(repo, [plan], editOf(actor), actor.user.locale);
    if (!view) throw notFound();
    return view;
  }

  async function inUse(planId: number) {
    return (await repo.plansInUse([planId])).has(planId);
  }

  /** Visible plans: predefined, and those of the companies the actor sees. */
  function visibleFilter(actor: PricingActor): SQL {
    return or(isNull(timePlans.companyId), repo.companyIn(access.companyFilter(actor))) as SQL;
  }

  async function countryFilter(query: { countryId?: number | undefined; countryCode?: string }) {
    const code = query.countryCode ?? (await countryCodeOf(query.countryId));
    // A plan without a country applies in every country (its holidays are then the location's country's).
    return code === undefined
      ? undefined
      : (or(eq(timePlans.countryCode, code), isNull(timePlans.countryCode)) as SQL);
  }

  async function countryCodeOf(countryId: number | undefined): Promise<string | undefined> {
    if (countryId === undefined) return undefined;
    // An unknown country matches no plan ('--' is no country code).
    return (await repo.countryCodeById(countryId)) ?? '--';
  }

  /** Refuses a season that overlaps another season of the plan. */
  function checkSeasonOverlap(
    seasons: { id: number; title: string; fromDay: string; toDay: string }[],
    candidate: { id: number; from: string; to: string },
  ) {
    const list = [
      ...seasons
        .filter((s) => s.id !== candidate.id)
        .map((s) => ({ id: s.id, title: s.title, from: s.fromDay, to: s.toDay })),
      { id: candidate.id, title: '', from: candidate.from, to: candidate.to },
    ];
    const overlap = checkSeasons(list).find((p) => p.kind === 'season-overlap');
    if (overlap) {
      throw invalidWith('data.from', PRICING_ERRORS.seasonOverlap, {
        from: overlap.from,
        to: overlap.to,
      });
    }
  }

  /** Refuses a slot that overlaps a sibling (same season, day and version), naming day and time. */
  function checkSlot(
    actor: PricingActor,
    slot: {
      id?: number;
      seasonId: number;
      dayOfWeek: number;
      start: string;
      end: string;
      validFrom: string;
    },
    siblings: SlotRecord[],
    seasons: { id: number; title: string }[],
  ) {
    const others = siblings.map((s) => ({
      id: s.id,
      seasonId: s.seasonId,
      blockId: s.blockId,
      dayOfWeek: s.dayOfWeek,
      start: toTime(s.startMinute),
      end: toTime(s.endMinute),
      validFrom: s.validFrom,
    }));
    const problems = validateSlotTimes(slot, others);
    const order = problems.find((p) => p.kind === 'order');
    if (order) throw invalidFields({ 'data.end': PRICING_ERRORS.invalid });
    const overlap = problems.find((p) => p.kind === 'overlap');
    if (overlap && overlap.kind === 'overlap') {
      const dto = problemMessage(
        {
          kind: 'overlap',
          seasonId: slot.seasonId,
          dayOfWeek: slot.dayOfWeek,
          validFrom: slot.validFrom,
          from: overlap.from,
          to: overlap.to,
        },
        seasons,
        actor.user.locale,
      );
      throw invalidWith('data.start', dto.message, dto.params);
    }
  }

  return {
    async list(
      actor: PricingActor,
      query: { countryId?: number | undefined; countryCode?: string | undefined },
    ) {
      const plans = await repo.plans(
        and(visibleFilter(actor), await countryFilter(cleanQuery(query))),
      );
      return { timePlans: await planSummaries(repo, plans, editOf(actor)) };
    },

    async ofCompany(actor: PricingActor, companyId: number) {
      await access.requireCompany(actor, companyId, 'view');
      const plans = await repo.plans(eq(timePlans.companyId, companyId));
      return { timePlans: await planSummaries(repo, plans, editOf(actor)) };
    },

    async create(actor: PricingActor, form: TimePlanCreateForm) {
      await ownership.requireEdit(actor, form.companyId);
      const plan = await repo.insertPlan({
        title: form.title,
        color: form.color,
        countryCode: form.countryCode,
        companyId: form.companyId,
        holidays: form.holidays,
      });
      return { timePlan: await fullPlan(actor, plan) };
    },

    async update(actor: PricingActor, id: number, form: TimePlanUpdateForm) {
      await editPlan(actor, id);
      const plan = await repo.updatePlan(id, {
        title: form.title,
        color: form.color,
        countryCode: form.countryCode,
        holidays: form.holidays,
      });
      return { timePlan: await fullPlan(actor, plan) };
    },

    async remove(actor: PricingActor, id: number) {
      await editPlan(actor, id);
      if (await inUse(id)) throw conflict(PRICING_ERRORS.planInUse);
      await repo.deletePlan(id);
    },

    async structure(actor: PricingActor, id: number) {
      const plan = await viewPlan(actor, id);
      return { timePlan: await fullPlan(actor, plan) };
    },

    async saveStructure(actor: PricingActor, id: number, form: TimePlanStructureForm) {
      const plan = await editPlan(actor, id);
      const current = await repo.structureOf([id]);
      // Prices of configs and lists follow block positions: a plan in use keeps its number of blocks.
      if (form.blocks.length !== current.blocks.length && (await inUse(id))) {
        throw conflict(PRICING_ERRORS.planInUse);
      }
      const fields: Record<string, string> = {};
      const blockIds = new Set(current.blocks.map((b) => b.id));
      const seasonIds = new Set(current.seasons.map((s) => s.id));
      const seen = new Set<number>();
      form.blocks.forEach((b, i) => {
        if (b.id !== undefined && (!blockIds.has(b.id) || seen.has(b.id))) {
          fields[`data.blocks.${i}.id`] = PRICING_ERRORS.invalid;
        }
        if (b.id !== undefined) seen.add(b.id);
      });
      seen.clear();
      form.seasons.forEach((s, i) => {
        if (s.id !== undefined && (!seasonIds.has(s.id) || seen.has(s.id))) {
          fields[`data.seasons.${i}.id`] = PRICING_ERRORS.invalid;
        }
        if (s.id !== undefined) seen.add(s.id);
      });
      form.slots.forEach((s, i) => {
        if (s.blockIndex >= form.blocks.length)
          fields[`data.slots.${i}.blockIndex`] = PRICING_ERRORS.invalid;
        if (s.seasonIndex >= form.seasons.length)
          fields[`data.slots.${i}.seasonIndex`] = PRICING_ERRORS.invalid;
        if (toMinutes(s.end) <= toMinutes(s.start))
          fields[`data.slots.${i}.end`] = PRICING_ERRORS.invalid;
      });
      if (Object.keys(fields).length > 0) throw invalidFields(fields);
      // Coverage of the plan as it would be saved: seasons and blocks get their index as a temporary id.
      const seasons = form.seasons.map((s, i) => ({
        id: i,
        title: s.title,
        from: s.from,
        to: s.to,
      }));
      const problems = checkCoverage({
        seasons,
        slots: form.slots.map((s, i) => ({
          id: i,
          seasonId: s.seasonIndex,
          blockId: s.blockIndex,
          dayOfWeek: s.dayOfWeek,
          start: s.start,
          end: s.end,
          validFrom: s.validFrom ?? FIRST_VERSION,
        })),
      });
      const [first] = problems;
      if (first) {
        const dto = problemMessage(first, seasons, actor.user.locale);
        throw invalidWith('data.slots', dto.message, { ...dto.params, problems: problems.length });
      }
      await repo.replaceStructure(id, {
        blocks: form.blocks.map((b) => ({ id: b.id, title: b.title, color: b.color })),
        seasons: form.seasons.map((s) => ({
          id: s.id,
          title: s.title,
          fromDay: s.from,
          toDay: s.to,
        })),
        slots: form.slots.map((s) => ({
          blockIndex: s.blockIndex,
          seasonIndex: s.seasonIndex,
          dayOfWeek: s.dayOfWeek,
          startMinute: toMinutes(s.start),
          endMinute: toMinutes(s.end),
          validFrom: s.validFrom ?? FIRST_VERSION,
        })),
      });
      return { timePlan: await fullPlan(actor, plan) };
    },

    async usage(actor: PricingActor, id: number) {
      const plan = await viewPlan(actor, id);
      const configs = await repo.configs(
        and(
          eq(priceTypeConfigs.timePlanId, plan.id),
          or(
            isNull(priceTypeConfigs.companyId),
            repo.companyIn(access.companyFilter(actor), priceTypeConfigs.companyId),
          ),
        ),
      );
      const used = await repo.configsInUse(configs.map((c) => c.id));
      const cache = new Map();
      const configViews = [];
      for (const c of configs) {
        const owned = await ownership.accessTo(actor, c.companyId, cache);
        configViews.push(configView(c, owned.edit, used.has(c.id)));
      }
      const lists = await repo.priceListsOfPlan(plan.id, access.locationFilter(actor));
      const today = new Map<string, string>();
      return {
        configs: configViews,
        priceLists: lists.map((l) => {
          const day = today.get(l.timezone) ?? localDate(l.timezone, new Date());
          today.set(l.timezone, day);
          return {
            id: l.id,
            name: l.name,
            locationId: l.locationId,
            locationName: l.locationName,
            validFrom: l.validFrom,
            validTo: l.validTo,
            active: l.validFrom <= day && (l.validTo === null || day < l.validTo),
          };
        }),
      };
    },

    async blocks(actor: PricingActor, id: number) {
      await viewPlan(actor, id);
      const blocks = await repo.blocks(id);
      return {
        blocks: blocks.map((b) => ({
          id: b.id,
          title: b.title,
          color: b.color,
          position: b.position,
        })),
      };
    },

    async createBlock(actor: PricingActor, id: number, form: TimePlanBlockForm) {
      await editPlan(actor, id);
      if (await inUse(id)) throw conflict(PRICING_ERRORS.planInUse);
      const blockId = await repo.saveBlocks(
        id,
        async (tx) => {
          const [row] = await tx
            .insert(timePlanBlocks)
            .values({ timePlanId: id, title: form.title, color: form.color, position: 999 })
            .returning({ id: timePlanBlocks.id });
          return row?.id ?? null;
        },
        (ids, changed) => reorder(ids, changed, form.position),
      );
      const block = await repo.block(id, blockId ?? 0);
      if (!block) throw notFound();
      return { block: blockView(block) };
    },

    async updateBlock(actor: PricingActor, id: number, blockId: number, form: TimePlanBlockForm) {
      await editPlan(actor, id);
      const existing = await repo.block(id, blockId);
      if (!existing) throw notFound();
      if (form.position !== undefined && form.position !== existing.position && (await inUse(id))) {
        throw conflict(PRICING_ERRORS.planInUse);
      }
      await repo.saveBlocks(
        id,
        async (tx) => {
          await tx
            .update(timePlanBlocks)
            .set({ title: form.title, color: form.color })
            .where(eq(timePlanBlocks.id, blockId));
          return blockId;
        },
        (ids, changed) => reorder(ids, changed, form.position),
      );
      const block = await repo.block(id, blockId);
      if (!block) throw notFound();
      return { block: blockView(block) };
    },

    async deleteBlock(actor: PricingActor, id: number, blockId: number) {
      await editPlan(actor, id);
      if (!(await repo.block(id, blockId))) throw notFound();
      if (await inUse(id)) throw conflict(PRICING_ERRORS.planInUse);
      await repo.saveBlocks(
        id,
        async (tx) => {
          await tx.delete(timePlanBlocks).where(eq(timePlanBlocks.id, blockId));
          return null;
        },
        (ids) => ids,
      );
    },

    async seasons(actor: PricingActor, id: number) {
      await viewPlan(actor, id);
      return { seasons: (await repo.seasons(id)).map(seasonView) };
    },

    async createSeason(actor: PricingActor, id: number, form: TimePlanSeasonForm) {
      await editPlan(actor, id);
      checkSeasonOverlap(await repo.seasons(id), { id: -1, from: form.from, to: form.to });
      const season = await repo.insertSeason({
        timePlanId: id,
        title: form.title,
        fromDay: form.from,
        toDay: form.to,
      });
      return { season: seasonView(season) };
    },

    async updateSeason(
      actor: PricingActor,
      id: number,
      seasonId: number,
      form: TimePlanSeasonForm,
    ) {
      await editPlan(actor, id);
      const seasons = await repo.seasons(id);
      if (!seasons.some((s) => s.id === seasonId)) throw notFound();
      checkSeasonOverlap(seasons, { id: seasonId, from: form.from, to: form.to });
      const season = await repo.updateSeason(seasonId, {
        title: form.title,
        fromDay: form.from,
        toDay: form.to,
      });
      return { season: seasonView(season) };
    },

    async deleteSeason(actor: PricingActor, id: number, seasonId: number) {
      await editPlan(actor, id);
      const seasons = await repo.seasons(id);
      if (!seasons.some((s) => s.id === seasonId)) throw notFound();
      if (await inUse(id)) throw conflict(PRICING_ERRORS.planInUse);
      await repo.deleteSeason(seasonId);
    },

    async slots(actor: PricingActor, id: number, blockId: number) {
      await viewPlan(actor, id);
      if (!(await repo.block(id, blockId))) throw notFound();
      const slots = (await repo.slots(id)).filter((s) => s.blockId === blockId);
      return { slots: slots.map(slotView) };
    },

    async createSlot(actor: PricingActor, id: number, blockId: number, form: TimePlanSlotForm) {
      await editPlan(actor, id);
      if (!(await repo.block(id, blockId))) throw notFound();
      const target = form.blockId ?? blockId;
      if (target !== blockId && !(await repo.block(id, target))) {
        throw invalidFields({ 'data.blockId': PRICING_ERRORS.invalid });
      }
      const seasons = await repo.seasons(id);
      if (!seasons.some((s) => s.id === form.seasonId)) {
        throw invalidFields({ 'data.seasonId': PRICING_ERRORS.invalid });
      }
      const validFrom = form.validFrom ?? FIRST_VERSION;
      checkSlot(actor, { ...form, validFrom }, await repo.slots(id), seasons);
      const slot = await repo.insertSlot({
        timePlanId: id,
        blockId: target,
        seasonId: form.seasonId,
        dayOfWeek: form.dayOfWeek,
        startMinute: toMinutes(form.start),
        endMinute: toMinutes(form.end),
        validFrom,
      });
      return { slot: slotView(slot) };
    },

    async updateSlot(
      actor: PricingActor,
      id: number,
      blockId: number,
      slotId: number,
      form: TimePlanSlotForm,
    ) {
      await editPlan(actor, id);
      const slots = await repo.slots(id);
      const existing = slots.find((s) => s.id === slotId && s.blockId === blockId);
      if (!existing) throw notFound();
      const target = form.blockId ?? blockId;
      if (target !== blockId && !(await repo.block(id, target))) {
        throw invalidFields({ 'data.blockId': PRICING_ERRORS.invalid });
      }
      const seasons = await repo.seasons(id);
      if (!seasons.some((s) => s.id === form.seasonId)) {
        throw invalidFields({ 'data.seasonId': PRICING_ERRORS.invalid });
      }
      const validFrom = form.validFrom ?? existing.validFrom;
      checkSlot(actor, { ...form, id: slotId, validFrom }, slots, seasons);
      const slot = await repo.updateSlot(slotId, {
        blockId: target,
        seasonId: form.seasonId,
        dayOfWeek: form.dayOfWeek,
        startMinute: toMinutes(form.start),
        endMinute: toMinutes(form.end),
        validFrom,
      });
      return { slot: slotView(slot) };
    },

    async deleteSlot(actor: PricingActor, id: number, blockId: number, slotId: number) {
      await editPlan(actor, id);
      const slots = await repo.slots(id);
      if (!slots.some((s) => s.id === slotId && s.blockId === blockId)) throw notFound();
      await repo.deleteSlot(slotId);
    },

    /** The plan's domain model when the actor may read it (for price lists and configs). */
    async readableModel(actor: PricingActor, id: number) {
      const plan = await repo.plan(id);
      if (!plan) return undefined;
      if (!(await ownership.accessTo(actor, plan.companyId)).view) return undefined;
      const s = await repo.structureOf([id]);
      return domainPlan(plan, s.blocks, s.seasons, s.slots);
    },
  };
}

/** The time-plans service. */
export type TimePlansService = ReturnType<typeof createTimePlansService>;

function cleanQuery(query: { countryId?: number | undefined; countryCode?: string | undefined }) {
  return {
    ...(query.countryId === undefined ? {} : { countryId: query.countryId }),
    ...(query.countryCode === undefined ? {} : { countryCode: query.countryCode }),
  };
}

/** Block ids in their new order: `changed` moved to `position` (1-based) when given, else kept where it is. */
function reorder(ids: number[], changed: number | null, position: number | undefined): number[] {
  if (changed === null || position === undefined) return ids;
  const rest = ids.filter((id) => id !== changed);
  const at = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, at), changed, ...rest.slice(at)];
}

const blockView = (b: { id: number; title: string; color: string; position: number }) => ({
  id: b.id,
  title: b.title,
  color: b.color,
  position: b.position,
});
const seasonView = (s: { id: number; title: string; fromDay: string; toDay: string }) => ({
  id: s.id,
  title: s.title,
  from: s.fromDay,
  to: s.toDay,
});
const slotView = (s: SlotRecord) => ({
  id: s.id,
  seasonId: s.seasonId,
  blockId: s.blockId,
  dayOfWeek: s.dayOfWeek,
  start: toTime(s.startMinute),
  end: toTime(s.endMinute),
  validFrom: s.validFrom,
});

/** Today's date `YYYY-MM-DD` in a time zone. */
export function localDate(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
