// Request samples of the pricing routes for the route-walking security tests (bad input, access matrix, CSRF,
// cross-tenant matrix): valid bodies, and the foreign (Alpen) pricing rows the cross-tenant matrix points at.
import {
  and,
  eq,
  isNull,
  priceLists,
  priceTypeConfigs,
  timePlanBlocks,
  timePlans,
  timePlanSeasons,
  timePlanSlots,
  type Db,
} from '@ec/db';

/** A time-plan header. */
export const SAMPLE_PLAN = {
  title: 'Sample plan',
  color: '#1f77b4',
  countryCode: 'SI',
  holidays: 'AS_SUNDAY',
} as const;

/** A complete two-block structure: one season, MT 00:00–06:00 and 22:00–24:00, VT in between, every day. */
export function sampleStructure(ids?: { blocks: number[]; season: number }) {
  const days = [1, 2, 3, 4, 5, 6, 7];
  return {
    blocks: [
      { ...(ids ? { id: ids.blocks[0] } : {}), title: 'VT', color: '#d62728' },
      { ...(ids ? { id: ids.blocks[1] } : {}), title: 'MT', color: '#2ca02c' },
    ],
    seasons: [
      { ...(ids ? { id: ids.season } : {}), title: 'All year', from: '01-01', to: '12-31' },
    ],
    slots: days.flatMap((dayOfWeek) => [
      { blockIndex: 1, seasonIndex: 0, dayOfWeek, start: '00:00', end: '06:00' },
      { blockIndex: 0, seasonIndex: 0, dayOfWeek, start: '06:00', end: '22:00' },
      { blockIndex: 1, seasonIndex: 0, dayOfWeek, start: '22:00', end: '24:00' },
    ]),
  };
}

/** A FIXED supplier-energy config body. */
export function sampleConfig(companyId: number | null) {
  return {
    kind: 'SUPPLIER_ENERGY_BUY',
    name: 'Sample energy',
    countryCode: 'SI',
    companyId,
    currency: 'EUR',
    model: 'FIXED',
    timePlanId: null,
    prices: ['0.12345'],
    feePerMonth: '2.50',
    validFrom: '2025-01-01',
    validTo: null,
  };
}

/** A FIXED price-list body (without the location). */
export function sampleList(validFrom = '2025-01-01') {
  return {
    name: 'Sample list',
    kind: 'FIXED',
    currency: 'EUR',
    validFrom,
    validTo: null,
    multiTariff: false,
    tariffPlanId: null,
    tariffs: { t0: '0.15', t1: null, t2: null },
    differentExportPrice: false,
    exportTariff: 'T0',
    sell: { t0: null, t1: null, t2: null },
    buyMarkup: null,
    sellMarkup: null,
    supplierFeePerMonth: null,
    distributorPlanId: null,
    distributorEnergy: ['0.04'],
    distributorPower: ['3.5'],
    agreedPowerKw: ['7'],
    configIds: {
      supplierEnergyBuyConfigId: null,
      supplierEnergySellConfigId: null,
      distributorEnergyConfigId: null,
      distributorPowerConfigId: null,
    },
  };
}

/** Pricing rows of a company for the cross-tenant matrix. */
export interface CompanyPricingIds {
  plan: number;
  blocks: number[];
  season: number;
  slot: number;
  config: number;
  /** The location's active price list (made from the config and the plan) and its valid-from date. */
  list: number;
  listFrom: string;
}

/**
 * Gives `companyId` a complete two-block plan with a TIME_OF_USE config on it, and makes `locationId`'s active
 * list (the demo's, or a new one) a TIME_OF_USE list from them, so plan and config are in use.
 */
export async function companyPricing(
  db: Db,
  companyId: number,
  locationId: number,
  title: string,
): Promise<CompanyPricingIds> {
  const [plan] = await db
    .insert(timePlans)
    .values({ companyId, title, color: '#123456', countryCode: 'AT', holidays: 'NONE' })
    .returning();
  const planId = plan?.id ?? 0;
  const blocks = await db
    .insert(timePlanBlocks)
    .values([
      { timePlanId: planId, title: 'HT', color: '#d62728', position: 1 },
      { timePlanId: planId, title: 'NT', color: '#2ca02c', position: 2 },
    ])
    .returning();
  const [season] = await db
    .insert(timePlanSeasons)
    .values({ timePlanId: planId, title: 'Jahr', fromDay: '01-01', toDay: '12-31' })
    .returning();
  const [vt, mt] = [blocks[0]?.id ?? 0, blocks[1]?.id ?? 0];
  const slots = await db
    .insert(timePlanSlots)
    .values(
      [1, 2, 3, 4, 5, 6, 7].flatMap((dayOfWeek) => [
        {
          timePlanId: planId,
          seasonId: season?.id ?? 0,
          blockId: mt,
          dayOfWeek,
          startMinute: 0,
          endMinute: 360,
        },
        {
          timePlanId: planId,
          seasonId: season?.id ?? 0,
          blockId: vt,
          dayOfWeek,
          startMinute: 360,
          endMinute: 1440,
        },
      ]),
    )
    .returning();
  const [config] = await db
    .insert(priceTypeConfigs)
    .values({
      companyId,
      kind: 'SUPPLIER_ENERGY_BUY',
      name: `${title} Energie`,
      countryCode: 'AT',
      currency: 'EUR',
      model: 'TIME_OF_USE',
      timePlanId: planId,
      prices: ['0.25', '0.18'],
      validFrom: '2025-01-01',
    })
    .returning();
  const tou = {
    kind: 'TIME_OF_USE' as const,
    multiTariff: true,
    tariffPlanId: planId,
    t0: null,
    t1: '0.25',
    t2: '0.18',
    supplierEnergyBuyConfigId: config?.id ?? 0,
  };
  const [active] = await db
    .select()
    .from(priceLists)
    .where(and(eq(priceLists.locationId, locationId), isNull(priceLists.validTo)));
  let list = active?.id;
  const listFrom = active?.validFrom ?? '2020-01-01';
  if (list === undefined) {
    const [row] = await db
      .insert(priceLists)
      .values({
        locationId,
        name: `${title} Tarif`,
        currency: 'EUR',
        validFrom: '2020-01-01',
        ...tou,
      })
      .returning();
    list = row?.id ?? 0;
  } else {
    await db.update(priceLists).set(tou).where(eq(priceLists.id, list));
  }
  return {
    plan: planId,
    blocks: [vt, mt],
    season: season?.id ?? 0,
    slot: slots[0]?.id ?? 0,
    config: config?.id ?? 0,
    list,
    listFrom,
  };
}
