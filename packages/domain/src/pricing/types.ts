// The pricing data model shared by the server (storage, API), the web (editors) and the cost engine (DESIGN-13).
// Unit prices travel as exact decimal strings (decision 0017); code that computes turns them into `UnitPrice`
// nanos with `parseUnitPrice`.

/** Exact decimal as text, at most 9 fractional digits ("0.12345", "-3.5"); decision 0017. */
export type Decimal = string;

/** The priced components of an energy bill: supplier energy bought and sold, and the network's energy and power. */
export const PRICE_TYPE_KINDS = [
  'SUPPLIER_ENERGY_BUY',
  'SUPPLIER_ENERGY_SELL',
  'DISTRIBUTOR_ENERGY',
  'DISTRIBUTOR_POWER',
] as const;
/** One of {@link PRICE_TYPE_KINDS}. */
export type PriceTypeKind = (typeof PRICE_TYPE_KINDS)[number];

/** How a price list prices supplier energy: one price, by time-of-use windows, or the day-ahead spot price. */
export const PRICE_LIST_KINDS = ['FIXED', 'TIME_OF_USE', 'SPOT_MARKET'] as const;
/** One of {@link PRICE_LIST_KINDS}. */
export type PriceListKind = (typeof PRICE_LIST_KINDS)[number];
/** How a price-type config prices its component. SPOT_MARKET only for the two supplier kinds. */
export type PriceModel = PriceListKind;

/** A block of a time plan: a named, coloured price band ("VT", "MT", "Blok 1" … "Blok 5"). position 1..n. */
export interface TimePlanBlock {
  id: number;
  title: string;
  /** `#rrggbb`. */
  color: string;
  position: number;
}

/** A recurring yearly date range, both ends inclusive, "MM-DD"; may wrap the year end ("11-01" … "02-29"). */
export interface TimePlanSeason {
  id: number;
  title: string;
  from: string;
  to: string;
}

/**
 * One slot: on `dayOfWeek` (1 = Monday … 7 = Sunday) of `seasonId`, [start, end) local time belongs to blockId.
 * start "HH:MM" 00:00–23:45, end "HH:MM" 00:15–24:00, both on quarter hours. Slots of one (season, day) with the
 * same validFrom form one version of that day; the version with the latest validFrom ≤ the local date applies.
 */
export interface TimePlanSlot {
  id: number;
  seasonId: number;
  blockId: number;
  dayOfWeek: number;
  start: string;
  end: string;
  /** `YYYY-MM-DD`. */
  validFrom: string;
}

/** A time-of-use plan: blocks, the seasons of a year and the day-of-week slots that map local time to blocks. */
export interface TimePlan {
  id: number;
  title: string;
  color: string;
  /** ISO 3166 alpha-2; its public holidays matter when holidays = 'AS_SUNDAY'. */
  countryCode: string | null;
  /** null = predefined (super admin); else the company that owns it. */
  companyId: number | null;
  /** 'AS_SUNDAY': a public holiday of countryCode uses Sunday's slots (Slovenian blocks, VT/MT). */
  holidays: 'AS_SUNDAY' | 'NONE';
  blocks: TimePlanBlock[];
  seasons: TimePlanSeason[];
  slots: TimePlanSlot[];
}

/**
 * A priced component; predefined (companyId null, super admin, /pricing-plans/configs) or a company's own
 * (aggregator, /pricing/plans). Units: energy kinds per kWh; DISTRIBUTOR_POWER per kW per month.
 */
export interface PriceTypeConfig {
  id: number;
  kind: PriceTypeKind;
  name: string;
  countryCode: string;
  companyId: number | null;
  currency: string;
  model: PriceModel;
  /** TIME_OF_USE: the plan whose blocks the prices follow (position order). */
  timePlanId: number | null;
  /** FIXED: [one price]; TIME_OF_USE: one per block position of the plan; SPOT_MARKET: [markup added to spot]. */
  prices: Decimal[];
  /** Supplier kinds: a fixed fee per month (money, major units decimal); else null. */
  feePerMonth: Decimal | null;
  /** `YYYY-MM-DD`, informative for configs. */
  validFrom: string;
  /** `YYYY-MM-DD` or null, informative for configs. */
  validTo: string | null;
}

/**
 * A location's price list: a snapshot of prices effective from validFrom (inclusive) to validTo (exclusive,
 * null = open), dates in the location's time zone. At most one list of a location covers an instant; creating a
 * list from D closes the open list covering D at D; a list overlapping a later list is refused. `active` = covers
 * now. Editing a config never changes lists made from it (configIds are provenance, and block deletion: 409).
 */
export interface PriceList {
  id: number;
  locationId: number;
  name: string;
  kind: PriceListKind;
  currency: string;
  validFrom: string;
  validTo: string | null;
  active: boolean;
  /**
   * Supplier energy bought: FIXED → tariffs.t0; TIME_OF_USE → t1 (VT, block position 1 of tariffPlanId) and t2
   * (MT, position 2), multiTariff true; SPOT_MARKET → spot price of the location's zone + buyMarkup.
   */
  multiTariff: boolean;
  tariffPlanId: number | null;
  tariffs: { t0: Decimal | null; t1: Decimal | null; t2: Decimal | null };
  /** false: exported energy is paid at the buy price of the same instant (spot: the spot price). */
  differentExportPrice: boolean;
  /** When differentExportPrice: 'T0' pays sell.t0 all day; 'MULTI' pays sell.t1 / sell.t2 by the tariff windows. */
  exportTariff: 'T0' | 'MULTI';
  sell: { t0: Decimal | null; t1: Decimal | null; t2: Decimal | null };
  /** SPOT_MARKET: per kWh added to the spot price when buying. */
  buyMarkup: Decimal | null;
  /** SPOT_MARKET: per kWh subtracted from the spot price when selling. */
  sellMarkup: Decimal | null;
  /** Supplier's fixed fee per month (money). */
  supplierFeePerMonth: Decimal | null;
  /** Network: per block position of distributorPlanId (e.g. SI five blocks), or a single value when plan null. */
  distributorPlanId: number | null;
  /** Per kWh, per block position. */
  distributorEnergy: Decimal[];
  /** Per kW per month, per block position. */
  distributorPower: Decimal[];
  /** The location's agreed power per block (kW). */
  agreedPowerKw: Decimal[];
  /** Provenance: the configs the list was made from (never followed for prices). */
  configIds: {
    supplierEnergyBuyConfigId: number | null;
    supplierEnergySellConfigId: number | null;
    distributorEnergyConfigId: number | null;
    distributorPowerConfigId: number | null;
  };
}
