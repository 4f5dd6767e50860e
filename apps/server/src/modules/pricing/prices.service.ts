import type {
  PriceListCreateForm,
  PriceListDto,
  PriceListUpdateForm,
  PriceTypeConfigForm,
  PriceTypeConfigUpdateForm,
} from '@ec/contract';
import {
  CURRENCY_CODES,
  isPlanComplete,
  parseMoney,
  parseUnitPrice,
  type PriceTypeKind,
  type TimePlan,
} from '@ec/domain';
import {
  and,
  eq,
  isNotNull,
  isNull,
  or,
  priceLists,
  priceTypeConfigs,
  timePlans,
  type SQL,
} from '@ec/db';
import { invalidFields, notFound } from '../../errors.ts';
import type { OrgAccess } from '../org/org-access.ts';
import {
  configView,
  conflict,
  decimal,
  planViews,
  PRICING_ERRORS,
  type Ownership,
  type PricingActor,
} from './pricing-common.ts';
import type {
  PriceListRecord,
  PriceListRow,
  PriceListValues,
  PricingRepository,
} from './pricing.repository.ts';
import { localDate, type TimePlansService } from './time-plans.service.ts';

const SUPPLIER_KINDS: readonly PriceTypeKind[] = ['SUPPLIER_ENERGY_BUY', 'SUPPLIER_ENERGY_SELL'];
const CONFIG_KIND_OF = {
  supplierEnergyBuyConfigId: 'SUPPLIER_ENERGY_BUY',
  supplierEnergySellConfigId: 'SUPPLIER_ENERGY_SELL',
  distributorEnergyConfigId: 'DISTRIBUTOR_ENERGY',
  distributorPowerConfigId: 'DISTRIBUTOR_POWER',
} as const satisfies Record<string, PriceTypeKind>;

/** Field problems collected while checking a form; thrown as one 400. */
class Problems {
  readonly fields: Record<string, string> = {};
  add(field: string, key: string) {
    this.fields[field] ??= key;
  }
  throwIfAny() {
    if (Object.keys(this.fields).length > 0) throw invalidFields(this.fields);
  }
}

/** Checks a unit price (nine decimals, exact) and answers it normalised, or records the field problem. */
function unitPrice(problems: Problems, field: string, currency: string, text: string | null) {
  if (text === null) return null;
  const parsed = parseUnitPrice(currency, text);
  if (!parsed.ok) {
    problems.add(
      field,
      parsed.problem === 'currency' ? PRICING_ERRORS.invalid : 'validation.decimal',
    );
    return null;
  }
  return text;
}

/** Checks an amount of money per month (the currency's decimals, never rounded). */
function moneyAmount(problems: Problems, field: string, currency: string, text: string | null) {
  if (text === null) return null;
  const parsed = parseMoney(currency, text);
  if (!parsed.ok) {
    problems.add(
      field,
      parsed.problem === 'precision' ? PRICING_ERRORS.moneyDecimals : 'validation.decimal',
    );
    return null;
  }
  return text;
}

/** Whether [aFrom, aTo) and [bFrom, bTo) overlap (dates as text; null = open). */
function overlaps(aFrom: string, aTo: string | null, bFrom: string, bTo: string | null) {
  return (bTo === null || aFrom < bTo) && (aTo === null || bFrom < aTo);
}

/** Price-type configs and the effective-dated price lists of locations (docs/pricing.md). */
export function createPricesService(deps: {
  repo: PricingRepository;
  access: OrgAccess;
  ownership: Ownership;
  timePlans: TimePlansService;
  now?: () => Date;
}) {
  const { repo, access, ownership, timePlans: plans } = deps;
  const now = deps.now ?? (() => new Date());

  // --- configs ---------------------------------------------------------------------------------------------

  function visibleConfigs(actor: PricingActor): SQL {
    return or(
      isNull(priceTypeConfigs.companyId),
      repo.companyIn(access.companyFilter(actor), priceTypeConfigs.companyId),
    ) as SQL;
  }

  async function configViews(actor: PricingActor, rows: Awaited<ReturnType<typeof repo.configs>>) {
    const used = await repo.configsInUse(rows.map((r) => r.id));
    const cache = new Map();
    const out = [];
    for (const row of rows) {
      const owned = await ownership.accessTo(actor, row.companyId, cache);
      out.push(configView(row, owned.edit, used.has(row.id)));
    }
    return out;
  }

  async function countryCode(query: {
    countryId?: number | undefined;
    countryCode?: string | undefined;
  }) {
    if (query.countryCode !== undefined) return query.countryCode;
    if (query.countryId === undefined) return undefined;
    return (await repo.countryCodeById(query.countryId)) ?? '--';
  }

  /** A plan a config or list of `companyId` may use: readable, predefined or the same company's, complete. */
  async function usablePlan(
    actor: PricingActor,
    problems: Problems,
    field: string,
    planId: number,
    companyId: number | null,
  ): Promise<TimePlan | undefined> {
    const plan = await plans.readableModel(actor, planId);
    if (!plan || (plan.companyId !== null && plan.companyId !== companyId)) {
      problems.add(field, PRICING_ERRORS.invalid);
      return undefined;
    }
    if (!isPlanComplete(plan)) {
      problems.add(field, PRICING_ERRORS.incomplete);
      return undefined;
    }
    return plan;
  }

  async function configValues(
    actor: PricingActor,
    form: PriceTypeConfigUpdateForm,
    companyId: number | null,
  ) {
    const problems = new Problems();
    if (!(CURRENCY_CODES as readonly string[]).includes(form.currency)) {
      problems.add('data.currency', PRICING_ERRORS.invalid);
    }
    if (form.model === 'SPOT_MARKET' && !SUPPLIER_KINDS.includes(form.kind)) {
      problems.add('data.model', PRICING_ERRORS.invalid);
    }
    if (form.model === 'TIME_OF_USE') {
      if (form.timePlanId === null) problems.add('data.timePlanId', PRICING_ERRORS.required);
      else {
        const plan = await usablePlan(
          actor,
          problems,
          'data.timePlanId',
          form.timePlanId,
          companyId,
        );
        if (plan && form.prices.length !== plan.blocks.length) {
          problems.add('data.prices', PRICING_ERRORS.pricesPerBlock);
        }
      }
    } else {
      if (form.timePlanId !== null) problems.add('data.timePlanId', PRICING_ERRORS.invalid);
      if (form.prices.length !== 1) problems.add('data.prices', PRICING_ERRORS.invalid);
    }
    form.prices.forEach((p, i) => unitPrice(problems, `data.prices.${i}`, form.currency, p));
    if (form.feePerMonth !== null && !SUPPLIER_KINDS.includes(form.kind)) {
      problems.add('data.feePerMonth', PRICING_ERRORS.invalid);
    }
    moneyAmount(problems, 'data.feePerMonth', form.currency, form.feePerMonth);
    if (form.validTo !== null && form.validTo <= form.validFrom) {
      problems.add('data.validTo', PRICING_ERRORS.dateOrder);
    }
    problems.throwIfAny();
    return {
      kind: form.kind,
      name: form.name,
      countryCode: form.countryCode,
      currency: form.currency,
      model: form.model,
      timePlanId: form.timePlanId,
      prices: form.prices,
      feePerMonth: form.feePerMonth,
      validFrom: form.validFrom,
      validTo: form.validTo,
    };
  }

  async function viewConfig(actor: PricingActor, id: number) {
    const row = await repo.config(id);
    if (!row) throw notFound();
    await ownership.requireView(actor, row.companyId);
    return row;
  }

  async function editConfig(actor: PricingActor, id: number) {
    const row = await repo.config(id);
    if (!row) throw notFound();
    await ownership.requireEdit(actor, row.companyId);
    return row;
  }

  // --- price lists -----------------------------------------------------------------------------------------

  function listView(row: PriceListRow, editable: boolean, today?: string): PriceListDto {
    const day = today ?? localDate(row.timezone, now());
    return {
      id: row.id,
      locationId: row.locationId,
      locationName: row.locationName,
      name: row.name,
      kind: row.kind,
      currency: row.currency,
      validFrom: row.validFrom,
      validTo: row.validTo,
      active: row.validFrom <= day && (row.validTo === null || day < row.validTo),
      multiTariff: row.multiTariff,
      tariffPlanId: row.tariffPlanId,
      tariffs: { t0: decimal(row.t0), t1: decimal(row.t1), t2: decimal(row.t2) },
      differentExportPrice: row.differentExportPrice,
      exportTariff: row.exportTariff,
      sell: { t0: decimal(row.sellT0), t1: decimal(row.sellT1), t2: decimal(row.sellT2) },
      buyMarkup: decimal(row.buyMarkup),
      sellMarkup: decimal(row.sellMarkup),
      supplierFeePerMonth: decimal(row.supplierFeePerMonth),
      distributorPlanId: row.distributorPlanId,
      distributorEnergy: row.distributorEnergy.map((v) => decimal(v)),
      distributorPower: row.distributorPower.map((v) => decimal(v)),
      agreedPowerKw: row.agreedPowerKw.map((v) => decimal(v)),
      configIds: {
        supplierEnergyBuyConfigId: row.supplierEnergyBuyConfigId,
        supplierEnergySellConfigId: row.supplierEnergySellConfigId,
        distributorEnergyConfigId: row.distributorEnergyConfigId,
        distributorPowerConfigId: row.distributorPowerConfigId,
      },
      editable,
    };
  }

  async function listViews(actor: PricingActor, rows: PriceListRow[]) {
    const edit = new Map<number, boolean>();
    const out: PriceListDto[] = [];
    for (const row of rows) {
      if (!edit.has(row.locationId)) {
        edit.set(row.locationId, (await access.locationActions(actor, row.locationId)).edit);
      }
      out.push(listView(row, edit.get(row.locationId) ?? false));
    }
    return out;
  }

  /** Checks a price-list form against the rules of DESIGN-13 and turns it into columns. */
  async function listValues(
    actor: PricingActor,
    form: PriceListUpdateForm,
    location: { companyId: number; spotRegionCode: string | null },
  ): Promise<PriceListValues> {
    const problems = new Problems();
    const { currency } = form;
    if (!(CURRENCY_CODES as readonly string[]).includes(currency)) {
      problems.add('data.currency', PRICING_ERRORS.invalid);
    }
    const price = (field: string, text: string | null) =>
      unitPrice(problems, `data.${field}`, currency, text);
    const need = (field: string, text: string | null) => {
      if (text === null) problems.add(`data.${field}`, PRICING_ERRORS.required);
    };
    price('tariffs.t0', form.tariffs.t0);
    price('tariffs.t1', form.tariffs.t1);
    price('tariffs.t2', form.tariffs.t2);
    price('sell.t0', form.sell.t0);
    price('sell.t1', form.sell.t1);
    price('sell.t2', form.sell.t2);
    price('buyMarkup', form.buyMarkup);
    price('sellMarkup', form.sellMarkup);
    moneyAmount(problems, 'data.supplierFeePerMonth', currency, form.supplierFeePerMonth);
    form.distributorEnergy.forEach((v, i) => price(`distributorEnergy.${i}`, v));
    form.distributorPower.forEach((v, i) => price(`distributorPower.${i}`, v));
    form.agreedPowerKw.forEach((v, i) => price(`agreedPowerKw.${i}`, v));

    switch (form.kind) {
      case 'FIXED':
        need('tariffs.t0', form.tariffs.t0);
        if (form.multiTariff) problems.add('data.multiTariff', PRICING_ERRORS.invalid);
        break;
      case 'TIME_OF_USE':
        if (!form.multiTariff) problems.add('data.multiTariff', PRICING_ERRORS.invalid);
        if (form.tariffPlanId === null) problems.add('data.tariffPlanId', PRICING_ERRORS.required);
        need('tariffs.t1', form.tariffs.t1);
        need('tariffs.t2', form.tariffs.t2);
        break;
      case 'SPOT_MARKET':
        if (location.spotRegionCode === null)
          problems.add('data.kind', PRICING_ERRORS.noSpotRegion);
        if (form.multiTariff) problems.add('data.multiTariff', PRICING_ERRORS.invalid);
        need('buyMarkup', form.buyMarkup);
        break;
    }
    if (form.tariffPlanId !== null) {
      const plan = await usablePlan(
        actor,
        problems,
        'data.tariffPlanId',
        form.tariffPlanId,
        location.companyId,
      );
      if (plan && plan.blocks.length < 2) problems.add('data.tariffPlanId', PRICING_ERRORS.invalid);
    }
    if (form.differentExportPrice) {
      if (form.exportTariff === 'T0') need('sell.t0', form.sell.t0);
      else {
        need('sell.t1', form.sell.t1);
        need('sell.t2', form.sell.t2);
        if (form.tariffPlanId === null) problems.add('data.exportTariff', PRICING_ERRORS.invalid);
      }
    }
    const blocks = form.distributorPlanId === null ? 1 : undefined;
    let expected = blocks;
    if (form.distributorPlanId !== null) {
      const plan = await usablePlan(
        actor,
        problems,
        'data.distributorPlanId',
        form.distributorPlanId,
        location.companyId,
      );
      expected = plan?.blocks.length;
    }
    if (expected !== undefined) {
      for (const key of ['distributorEnergy', 'distributorPower', 'agreedPowerKw'] as const) {
        const n = form[key].length;
        if (n !== 0 && n !== expected) problems.add(`data.${key}`, PRICING_ERRORS.pricesPerBlock);
      }
    }
    for (const [key, kind] of Object.entries(CONFIG_KIND_OF) as [
      keyof typeof CONFIG_KIND_OF,
      PriceTypeKind,
    ][]) {
      const configId = form.configIds[key];
      if (configId === null) continue;
      const config = await repo.config(configId);
      const readable =
        config &&
        (config.companyId === null || config.companyId === location.companyId) &&
        (await ownership.accessTo(actor, config.companyId)).view;
      if (!readable || config.kind !== kind)
        problems.add(`data.configIds.${key}`, PRICING_ERRORS.invalid);
    }
    if (form.validTo !== null && form.validTo <= form.validFrom) {
      problems.add('data.validTo', PRICING_ERRORS.dateOrder);
    }
    problems.throwIfAny();
    return {
      name: form.name,
      kind: form.kind,
      currency,
      validFrom: form.validFrom,
      validTo: form.validTo,
      multiTariff: form.multiTariff,
      tariffPlanId: form.tariffPlanId,
      t0: form.tariffs.t0,
      t1: form.tariffs.t1,
      t2: form.tariffs.t2,
      differentExportPrice: form.differentExportPrice,
      exportTariff: form.exportTariff,
      sellT0: form.sell.t0,
      sellT1: form.sell.t1,
      sellT2: form.sell.t2,
      buyMarkup: form.buyMarkup,
      sellMarkup: form.sellMarkup,
      supplierFeePerMonth: form.supplierFeePerMonth,
      distributorPlanId: form.distributorPlanId,
      distributorEnergy: form.distributorEnergy,
      distributorPower: form.distributorPower,
      agreedPowerKw: form.agreedPowerKw,
      supplierEnergyBuyConfigId: form.configIds.supplierEnergyBuyConfigId,
      supplierEnergySellConfigId: form.configIds.supplierEnergySellConfigId,
      distributorEnergyConfigId: form.configIds.distributorEnergyConfigId,
      distributorPowerConfigId: form.configIds.distributorPowerConfigId,
    };
  }

  /** 409 when [from, to) overlaps one of `others`, naming it. */
  function refuseOverlap(others: PriceListRecord[], from: string, to: string | null) {
    const clash = others.find((o) => overlaps(from, to, o.validFrom, o.validTo));
    if (clash) {
      throw conflict(PRICING_ERRORS.listOverlap, {
        name: clash.name,
        from: clash.validFrom,
        to: clash.validTo ?? '…',
      });
    }
  }

  async function listOf(actor: PricingActor, id: number, action: 'view' | 'edit') {
    const row = await repo.priceList(id);
    if (!row) throw notFound();
    const { actions, row: location } = await access.requireLocation(actor, row.locationId, action);
    return { row, actions, location };
  }

  return {
    async configs(
      actor: PricingActor,
      query: {
        countryId?: number | undefined;
        countryCode?: string | undefined;
        kind?: PriceTypeKind | undefined;
        companyId?: number | undefined;
        predefined?: 'true' | 'false' | undefined;
      },
    ) {
      const code = await countryCode(query);
      const rows = await repo.configs(
        and(
          visibleConfigs(actor),
          code === undefined ? undefined : eq(priceTypeConfigs.countryCode, code),
          query.kind === undefined ? undefined : eq(priceTypeConfigs.kind, query.kind),
          query.companyId === undefined
            ? undefined
            : eq(priceTypeConfigs.companyId, query.companyId),
          query.predefined === undefined
            ? undefined
            : query.predefined === 'true'
              ? isNull(priceTypeConfigs.companyId)
              : isNotNull(priceTypeConfigs.companyId),
        ),
      );
      return { configs: await configViews(actor, rows) };
    },

    async config(actor: PricingActor, id: number) {
      const row = await viewConfig(actor, id);
      const [view] = await configViews(actor, [row]);
      if (!view) throw notFound();
      return { config: view };
    },

    async defaults(
      actor: PricingActor,
      query: { countryId?: number | undefined; countryCode?: string | undefined },
    ) {
      const code = (await countryCode(query)) ?? '--';
      const rows = await repo.configs(
        and(
          isNull(priceTypeConfigs.companyId),
          isNotNull(priceTypeConfigs.code),
          eq(priceTypeConfigs.countryCode, code),
        ),
      );
      const planIds = [
        ...new Set(rows.flatMap((r) => (r.timePlanId === null ? [] : [r.timePlanId]))),
      ];
      const planRows = await repo.plans(
        and(
          isNull(timePlans.companyId),
          or(
            and(isNotNull(timePlans.code), eq(timePlans.countryCode, code)),
            planIds.length > 0 ? inPlanIds(planIds) : undefined,
          ),
        ),
      );
      const edit = ownership.isSuperAdmin(actor);
      return {
        configs: await configViews(actor, rows),
        timePlans: await planViews(repo, planRows, async () => edit, actor.user.locale),
      };
    },

    async createConfig(actor: PricingActor, form: PriceTypeConfigForm) {
      await ownership.requireEdit(actor, form.companyId);
      const values = await configValues(actor, form, form.companyId);
      const row = await repo.insertConfig({ ...values, companyId: form.companyId });
      return { config: configView(row, true, false) };
    },

    async updateConfig(actor: PricingActor, id: number, form: PriceTypeConfigUpdateForm) {
      const existing = await editConfig(actor, id);
      const values = await configValues(actor, form, existing.companyId);
      const row = await repo.updateConfig(id, values);
      const used = await repo.configsInUse([id]);
      return { config: configView(row, true, used.has(id)) };
    },

    async deleteConfig(actor: PricingActor, id: number) {
      await editConfig(actor, id);
      if ((await repo.configsInUse([id])).has(id)) throw conflict(PRICING_ERRORS.configInUse);
      await repo.deleteConfig(id);
    },

    async priceLists(actor: PricingActor, locationId: number | undefined) {
      if (locationId !== undefined) {
        await access.requireLocation(actor, locationId, 'view');
        return {
          priceLists: await listViews(
            actor,
            await repo.priceLists(eq(priceLists.locationId, locationId)),
          ),
        };
      }
      const rows = await repo.priceLists(access.locationFilter(actor));
      return { priceLists: await listViews(actor, rows) };
    },

    async locationPriceLists(actor: PricingActor, locationId: number) {
      const { actions } = await access.requireLocation(actor, locationId, 'view');
      const rows = await repo.priceLists(eq(priceLists.locationId, locationId));
      return { priceLists: rows.map((r) => listView(r, actions.edit)) };
    },

    async priceList(actor: PricingActor, id: number) {
      const { row, actions } = await listOf(actor, id, 'view');
      return { priceList: listView(row, actions.edit) };
    },

    /**
     * Creates a list from D: the open list covering D ends at D; any other overlap is a 409 (a later list, a
     * closed list of the past covering D, a list starting on D). All under the location's row lock.
     */
    async createPriceList(actor: PricingActor, form: PriceListCreateForm) {
      const { row: location } = await access.requireLocation(actor, form.locationId, 'edit');
      const { locationId, ...rest } = form;
      const values = await listValues(actor, rest, location);
      const id = await repo.withLocationLock(locationId, async (tx) => {
        const others = await tx.listsOfLocation(locationId);
        const open = others.find((o) => o.validTo === null && o.validFrom < values.validFrom);
        if (open) open.validTo = values.validFrom;
        refuseOverlap(others, values.validFrom, values.validTo ?? null);
        if (open) await tx.setListValidTo(open.id, open.validTo);
        return (await tx.insertPriceList({ ...values, locationId })).id;
      });
      const row = await repo.priceList(id);
      if (!row) throw notFound();
      return { priceList: listView(row, true) };
    },

    async updatePriceList(actor: PricingActor, id: number, form: PriceListUpdateForm) {
      const { row: existing, location } = await listOf(actor, id, 'edit');
      const values = await listValues(actor, form, location);
      await repo.withLocationLock(existing.locationId, async (tx) => {
        refuseOverlap(
          await tx.listsOfLocation(existing.locationId, id),
          values.validFrom,
          values.validTo ?? null,
        );
        await tx.updatePriceList(id, values);
      });
      const row = await repo.priceList(id);
      if (!row) throw notFound();
      return { priceList: listView(row, true) };
    },

    /**
     * Deletes a list that is not active (409 for the active one). A future list's predecessor, which ended where
     * it began, runs on to where it ended, so deleting a planned change leaves no hole; past lists are history and
     * their neighbours stay as they were.
     */
    async deletePriceList(actor: PricingActor, id: number) {
      const { row } = await listOf(actor, id, 'edit');
      const today = localDate(row.timezone, now());
      if (listView(row, true, today).active) throw conflict(PRICING_ERRORS.activeListDelete);
      await repo.withLocationLock(row.locationId, async (tx) => {
        if (row.validFrom > today) {
          const before = (await tx.listsOfLocation(row.locationId, id)).find(
            (o) => o.validTo === row.validFrom,
          );
          if (before) await tx.setListValidTo(before.id, row.validTo);
        }
        await tx.deletePriceList(id);
      });
    },
  };
}

/** The prices service (configs and price lists). */
export type PricesService = ReturnType<typeof createPricesService>;

function inPlanIds(ids: number[]): SQL {
  return or(...ids.map((id) => eq(timePlans.id, id))) as SQL;
}
