// The shipped country defaults (packages/domain/src/pricing/defaults) stored as predefined time plans and configs,
// found again by their `code` (idempotent: a row that exists is left as the super admins made it), and the demo's
// price lists: each demo location gets an active list from its country's defaults and an older list before it,
// so effective dating shows in the demo.
import {
  asc,
  countries,
  eq,
  locations,
  priceLists,
  priceTypeConfigs,
  timePlanBlocks,
  timePlans,
  timePlanSeasons,
  timePlanSlots,
  type Db,
} from '@ec/db';
import { countryDefaults, DEFAULT_COUNTRY_CODES, parseMoney, type PriceTypeKind } from '@ec/domain';
import type { PriceListValues } from './pricing.repository.ts';
import { toMinutes } from './pricing-common.ts';

/** Stores every shipped default plan and config that is not stored yet (by code). Answers how many were added. */
export async function seedPricingDefaults(db: Db): Promise<{ plans: number; configs: number }> {
  let added = { plans: 0, configs: 0 };
  for (const country of DEFAULT_COUNTRY_CODES) {
    const defaults = countryDefaults(country);
    await db.transaction(async (tx) => {
      const planIds = new Map<string, number>();
      for (const { code, plan } of defaults.timePlans) {
        const [existing] = await tx
          .select({ id: timePlans.id })
          .from(timePlans)
          .where(eq(timePlans.code, code));
        if (existing) {
          planIds.set(code, existing.id);
          continue;
        }
        const [row] = await tx
          .insert(timePlans)
          .values({
            code,
            companyId: null,
            title: plan.title,
            color: plan.color.toLowerCase(),
            countryCode: plan.countryCode,
            holidays: plan.holidays,
          })
          .returning({ id: timePlans.id });
        const planId = row?.id ?? 0;
        planIds.set(code, planId);
        const blockIds = new Map<number, number>();
        for (const block of plan.blocks) {
          const [b] = await tx
            .insert(timePlanBlocks)
            .values({
              timePlanId: planId,
              title: block.title,
              color: block.color.toLowerCase(),
              position: block.position,
            })
            .returning({ id: timePlanBlocks.id });
          blockIds.set(block.id, b?.id ?? 0);
        }
        const seasonIds = new Map<number, number>();
        for (const season of plan.seasons) {
          const [s] = await tx
            .insert(timePlanSeasons)
            .values({
              timePlanId: planId,
              title: season.title,
              fromDay: season.from,
              toDay: season.to,
            })
            .returning({ id: timePlanSeasons.id });
          seasonIds.set(season.id, s?.id ?? 0);
        }
        if (plan.slots.length > 0) {
          await tx.insert(timePlanSlots).values(
            plan.slots.map((slot) => ({
              timePlanId: planId,
              blockId: blockIds.get(slot.blockId) ?? 0,
              seasonId: seasonIds.get(slot.seasonId) ?? 0,
              dayOfWeek: slot.dayOfWeek,
              startMinute: toMinutes(slot.start),
              endMinute: toMinutes(slot.end),
              validFrom: slot.validFrom,
            })),
          );
        }
        added = { ...added, plans: added.plans + 1 };
      }
      for (const { code, config, timePlanCode } of defaults.configs) {
        const [existing] = await tx
          .select({ id: priceTypeConfigs.id })
          .from(priceTypeConfigs)
          .where(eq(priceTypeConfigs.code, code));
        if (existing) continue;
        await tx.insert(priceTypeConfigs).values({
          code,
          companyId: null,
          kind: config.kind,
          name: config.name,
          countryCode: config.countryCode,
          currency: config.currency,
          model: config.model,
          timePlanId: timePlanCode === null ? null : (planIds.get(timePlanCode) ?? null),
          prices: config.prices,
          feePerMonth: config.feePerMonth,
          validFrom: config.validFrom,
          validTo: config.validTo,
        });
        added = { ...added, configs: added.configs + 1 };
      }
    });
  }
  return added;
}

type StoredConfig = typeof priceTypeConfigs.$inferSelect;

/** The first of the month `monthsBack` months before `today` (UTC date), as YYYY-MM-DD. */
function monthStart(today: Date, monthsBack: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack, 1));
  return d.toISOString().slice(0, 10);
}

/** A fee that is valid money in the currency (never rounded: a fee with too many decimals is left out). */
function fee(config: StoredConfig | undefined): string | null {
  if (!config?.feePerMonth) return null;
  return parseMoney(config.currency, config.feePerMonth).ok ? config.feePerMonth : null;
}

const EMPTY_LIST: Omit<PriceListValues, 'name' | 'kind' | 'validFrom' | 'validTo'> = {
  currency: 'EUR',
  multiTariff: false,
  tariffPlanId: null,
  t0: null,
  t1: null,
  t2: null,
  differentExportPrice: false,
  exportTariff: 'T0',
  sellT0: null,
  sellT1: null,
  sellT2: null,
  buyMarkup: null,
  sellMarkup: null,
  supplierFeePerMonth: null,
  distributorPlanId: null,
  distributorEnergy: [],
  distributorPower: [],
  agreedPowerKw: [],
  supplierEnergyBuyConfigId: null,
  supplierEnergySellConfigId: null,
  distributorEnergyConfigId: null,
  distributorPowerConfigId: null,
};

/** The current list of a location in `country` from its stored defaults (spot: SPOT_MARKET on the zone). */
function currentList(
  configs: StoredConfig[],
  country: string,
  spot: boolean,
): Omit<PriceListValues, 'validFrom' | 'validTo'> {
  // The open-ended config of a kind, else the first one shipped.
  const first = (kind: PriceTypeKind) => {
    const of = configs.filter((c) => c.countryCode === country && c.kind === kind);
    return of.find((c) => c.validTo === null) ?? of[0];
  };
  const buy = first('SUPPLIER_ENERGY_BUY');
  const sell = first('SUPPLIER_ENERGY_SELL');
  const energy = first('DISTRIBUTOR_ENERGY');
  // The power price valid in spring and summer (the first one listed).
  const power = first('DISTRIBUTOR_POWER');
  const blocks = energy?.prices.length ?? 0;
  const network = {
    distributorPlanId: energy?.timePlanId ?? null,
    distributorEnergy: energy?.prices ?? [],
    distributorPower:
      power && power.timePlanId === energy?.timePlanId ? power.prices : ([] as string[]),
    agreedPowerKw:
      power && power.timePlanId === energy?.timePlanId
        ? Array.from({ length: blocks }, () => '7')
        : [],
    distributorEnergyConfigId: energy?.id ?? null,
    distributorPowerConfigId: power && power.timePlanId === energy?.timePlanId ? power.id : null,
  };
  const export_ = sell
    ? {
        differentExportPrice: true,
        exportTariff: 'T0' as const,
        sellT0: sell.prices[0] ?? null,
        supplierEnergySellConfigId: sell.id,
      }
    : {};
  if (spot) {
    return {
      ...EMPTY_LIST,
      ...network,
      name: 'Borzna cena (dan vnaprej)',
      kind: 'SPOT_MARKET',
      buyMarkup: '0.012',
      sellMarkup: '0.01',
      supplierFeePerMonth: fee(buy),
    };
  }
  if (buy?.model === 'TIME_OF_USE' && buy.prices.length >= 2) {
    return {
      ...EMPTY_LIST,
      ...network,
      ...export_,
      name: buy.name,
      kind: 'TIME_OF_USE',
      currency: buy.currency,
      multiTariff: true,
      tariffPlanId: buy.timePlanId,
      t1: buy.prices[0] ?? null,
      t2: buy.prices[1] ?? null,
      supplierFeePerMonth: fee(buy),
      supplierEnergyBuyConfigId: buy.id,
    };
  }
  return {
    ...EMPTY_LIST,
    ...network,
    ...export_,
    name: buy?.name ?? 'Fixed price',
    kind: 'FIXED',
    currency: buy?.currency ?? 'EUR',
    t0: buy?.prices[0] ?? '0.15',
    supplierFeePerMonth: fee(buy),
    supplierEnergyBuyConfigId: buy?.id ?? null,
  };
}

/**
 * Gives every location without price lists a previous FIXED list (from 15 months back) and a current list from its
 * country's defaults (from 3 months back, open). In Slovenia the first location on the ELES zone prices its
 * supplier energy at the spot price. Answers how many lists were added.
 */
export async function seedDemoPriceLists(db: Db, now = new Date()): Promise<number> {
  const configs = await db.select().from(priceTypeConfigs).orderBy(asc(priceTypeConfigs.id));
  const predefined = configs.filter((c) => c.companyId === null);
  const rows = await db
    .select({
      id: locations.id,
      country: countries.code,
      spotRegion: locations.spotRegionCode,
    })
    .from(locations)
    .leftJoin(countries, eq(countries.id, locations.countryId))
    .orderBy(asc(locations.id));
  const withLists = new Set(
    (await db.selectDistinct({ id: priceLists.locationId }).from(priceLists)).map((r) => r.id),
  );
  let spotGiven = false;
  let added = 0;
  const previousFrom = monthStart(now, 15);
  const currentFrom = monthStart(now, 3);
  for (const location of rows) {
    if (withLists.has(location.id)) continue;
    const country = location.country ?? 'SI';
    const spot = !spotGiven && country === 'SI' && location.spotRegion === '10YSI-ELES-----O';
    if (spot) spotGiven = true;
    const current = currentList(predefined, country, spot);
    await db.insert(priceLists).values([
      {
        ...EMPTY_LIST,
        locationId: location.id,
        currency: current.currency,
        name: 'Enotna cena (prejšnja pogodba)',
        kind: 'FIXED',
        t0: '0.1389',
        validFrom: previousFrom,
        validTo: currentFrom,
      },
      { ...current, locationId: location.id, validFrom: currentFrom, validTo: null },
    ]);
    added += 2;
  }
  return added;
}
