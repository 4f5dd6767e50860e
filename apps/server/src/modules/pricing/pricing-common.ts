// Shared pieces of the pricing services: who may read and write a plan or config (DESIGN-13 "Access"), the
// mapping of rows to answers, decimals as the API shows them, and coverage problems as translated messages.
import type {
  CoverageProblemDto,
  PriceTypeConfigDto,
  TimePlanDto,
  TimePlanSummary,
} from '@ec/contract';
import { checkCoverage, formatSlotTime, type CoverageProblem, type TimePlan } from '@ec/domain';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { scopeOf, type AccessActor, type OrgAccess } from '../org/org-access.ts';
import type {
  BlockRecord,
  ConfigRecord,
  PricingRepository,
  SeasonRecord,
  SlotRecord,
  TimePlanRecord,
} from './pricing.repository.ts';

/** The actor of a pricing call: the access actor and, when known, the user's locale (for day names). */
export type PricingActor = AccessActor & { user: AccessActor['user'] & { locale?: string } };

/** Message keys of pricing errors (docs/pricing.md "Rules"). */
export const PRICING_ERRORS = {
  planInUse: 'time_of_use.errors.in_use',
  incomplete: 'time_of_use.errors.incomplete',
  gap: 'time_of_use.errors.gap',
  overlap: 'time_of_use.errors.overlap',
  seasonGap: 'time_of_use.errors.season_gap',
  seasonOverlap: 'time_of_use.errors.season_overlap',
  configInUse: 'pricing.errors.config_in_use',
  activeListDelete: 'pricing.errors.active_list_delete',
  listOverlap: 'pricing.errors.overlap',
  noSpotRegion: 'pricing.errors.no_spot_region',
  pricesPerBlock: 'pricing.errors.prices_per_block',
  moneyDecimals: 'validation.money_decimals',
  dateOrder: 'validation.date_order',
  invalid: 'validation.invalid_value',
  required: 'validation.required',
} as const;

/** 409 CONFLICT with the rule's message key. */
export const conflict = (message: string, params?: Record<string, string | number>) =>
  new AppError(409, 'CONFLICT', { message, ...(params ? { params } : {}) });

/** 400 with one message (and its params) that names the problem, and the field it belongs to. */
export const invalidWith = (
  field: string,
  message: string,
  params: Record<string, string | number>,
) => new AppError(400, 'VALIDATION_FAILED', { message, params, fields: { [field]: message } });

/** A numeric(18,9) value as the shortest decimal (`"0.123450000"` → `"0.12345"`, `"3.000000000"` → `"3"`). */
export function decimal(value: string): string;
export function decimal(value: string | null): string | null;
export function decimal(value: string | null): string | null {
  if (value === null) return null;
  const text = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return text === '-0' ? '0' : text;
}

/** "HH:MM" from minutes since midnight. */
export const toTime = (minutes: number) => formatSlotTime(minutes);
/** Minutes since midnight from a checked "HH:MM" (24:00 = 1440). */
export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The shared start date of a plan's first slot version. */
export const FIRST_VERSION = '2000-01-01';

/** A plan with its structure in the domain's shape. */
export function domainPlan(
  plan: TimePlanRecord,
  blocks: BlockRecord[],
  seasons: SeasonRecord[],
  slots: SlotRecord[],
): TimePlan {
  return {
    id: plan.id,
    title: plan.title,
    color: plan.color,
    countryCode: plan.countryCode,
    companyId: plan.companyId,
    holidays: plan.holidays,
    blocks: blocks.map((b) => ({ id: b.id, title: b.title, color: b.color, position: b.position })),
    seasons: seasons.map((s) => ({ id: s.id, title: s.title, from: s.fromDay, to: s.toDay })),
    slots: slots.map((s) => ({
      id: s.id,
      seasonId: s.seasonId,
      blockId: s.blockId,
      dayOfWeek: s.dayOfWeek,
      start: toTime(s.startMinute),
      end: toTime(s.endMinute),
      validFrom: s.validFrom,
    })),
  };
}

/** The weekday's name in `locale` (1 = Monday), from Intl so every language has it without catalog keys. */
export function dayName(dayOfWeek: number, locale = 'sl'): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, dayOfWeek));
  try {
    return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(date);
  }
}

/** A coverage problem with its message key and params (day name, times, season title). */
export function problemMessage(
  problem: CoverageProblem,
  seasons: { id: number; title: string }[],
  locale?: string,
): CoverageProblemDto {
  const season = seasons.find((s) => s.id === problem.seasonId)?.title ?? '';
  const params: Record<string, string | number> = { from: problem.from, to: problem.to };
  let message: string;
  switch (problem.kind) {
    case 'gap':
    case 'overlap':
      message = problem.kind === 'gap' ? PRICING_ERRORS.gap : PRICING_ERRORS.overlap;
      params.day = dayName(problem.dayOfWeek ?? 1, locale);
      params.dayOfWeek = problem.dayOfWeek ?? 1;
      params.season = season;
      if (problem.validFrom) params.validFrom = problem.validFrom;
      break;
    case 'season-gap':
      message = PRICING_ERRORS.seasonGap;
      break;
    case 'season-overlap':
      message = PRICING_ERRORS.seasonOverlap;
      break;
  }
  return {
    kind: problem.kind,
    ...(problem.seasonId === undefined ? {} : { seasonId: problem.seasonId }),
    ...(problem.dayOfWeek === undefined ? {} : { dayOfWeek: problem.dayOfWeek }),
    ...(problem.validFrom === undefined ? {} : { validFrom: problem.validFrom }),
    from: problem.from,
    to: problem.to,
    message,
    params,
  };
}

/** What the actor may do with a plan or config: read it, change it. */
export interface OwnedAccess {
  view: boolean;
  edit: boolean;
}

/** Access checks on predefined and company-owned rows (plans and configs). */
export function createOwnership(access: OrgAccess) {
  /** Whether the actor administers the whole site (super admin, not narrowed by impersonation). */
  const isSuperAdmin = (actor: AccessActor) => scopeOf(actor).kind === 'site';

  async function accessTo(
    actor: AccessActor,
    companyId: number | null,
    cache?: Map<number, OwnedAccess>,
  ): Promise<OwnedAccess> {
    if (companyId === null) return { view: true, edit: isSuperAdmin(actor) };
    const cached = cache?.get(companyId);
    if (cached) return cached;
    let result: OwnedAccess = { view: false, edit: false };
    try {
      const { actions } = await access.requireCompany(actor, companyId, 'view');
      result = { view: actions.view, edit: actions.edit };
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
    }
    cache?.set(companyId, result);
    return result;
  }

  return {
    isSuperAdmin,
    accessTo,
    /** Reads: 404 when the row's company is out of reach. */
    async requireView(actor: AccessActor, companyId: number | null): Promise<OwnedAccess> {
      const found = await accessTo(actor, companyId);
      if (!found.view) throw notFound();
      return found;
    },
    /** Writes: 404 when invisible, 403 when visible but not writable (basic users, aggregators on predefined). */
    async requireEdit(actor: AccessActor, companyId: number | null): Promise<OwnedAccess> {
      const found = await accessTo(actor, companyId);
      if (!found.view) throw notFound();
      if (!found.edit) throw forbidden();
      return found;
    },
  };
}
/** Ownership checks. */
export type Ownership = ReturnType<typeof createOwnership>;

/** Full plan answers: summary fields, structure and coverage. */
export async function planViews(
  repo: PricingRepository,
  plans: TimePlanRecord[],
  edit: (plan: TimePlanRecord) => Promise<boolean>,
  locale?: string,
): Promise<TimePlanDto[]> {
  const ids = plans.map((p) => p.id);
  const [structure, inUse] = await Promise.all([repo.structureOf(ids), repo.plansInUse(ids)]);
  const out: TimePlanDto[] = [];
  for (const plan of plans) {
    const mine = <T extends { timePlanId: number }>(rows: T[]) =>
      rows.filter((r) => r.timePlanId === plan.id);
    const seasons = mine(structure.seasons);
    const model = domainPlan(plan, mine(structure.blocks), seasons, mine(structure.slots));
    const problems = checkCoverage(model).map((p) => problemMessage(p, model.seasons, locale));
    out.push({
      id: plan.id,
      title: plan.title,
      color: plan.color,
      countryCode: plan.countryCode,
      companyId: plan.companyId,
      holidays: plan.holidays,
      code: plan.code,
      editable: await edit(plan),
      complete: problems.length === 0,
      inUse: inUse.has(plan.id),
      blocks: model.blocks,
      seasons: model.seasons,
      slots: model.slots,
      problems,
    });
  }
  return out;
}

/** Plan summaries (no structure in the answer; completeness still computed). */
export async function planSummaries(
  repo: PricingRepository,
  plans: TimePlanRecord[],
  edit: (plan: TimePlanRecord) => Promise<boolean>,
): Promise<TimePlanSummary[]> {
  const views = await planViews(repo, plans, edit);
  return views.map(({ blocks, seasons: _s, slots: _l, problems: _p, ...rest }) => ({
    ...rest,
    blocksCount: blocks.length,
  }));
}

/** A config as answered. */
export function configView(
  row: ConfigRecord,
  editable: boolean,
  inUse: boolean,
): PriceTypeConfigDto {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    countryCode: row.countryCode,
    companyId: row.companyId,
    currency: row.currency,
    model: row.model,
    timePlanId: row.timePlanId,
    prices: row.prices.map((p) => decimal(p)),
    feePerMonth: decimal(row.feePerMonth),
    validFrom: row.validFrom,
    validTo: row.validTo,
    code: row.code,
    editable,
    inUse,
  };
}
