import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PriceListKind, PriceTypeKind } from '@ec/domain';
import { companies, locations } from './organisation.ts';

/*
 * Pricing (issue 13, docs/pricing.md, DESIGN-13): time-of-use plans with blocks, seasons and slots; price-type
 * configs (a priced component, predefined or a company's); the effective-dated price lists of a location.
 *
 * Unit prices are numeric(18,9) (decision 0017): exact, nine decimals, never floats. Per-block prices are
 * numeric(18,9)[] arrays in block-position order rather than a child table: they are always read and written as a
 * whole with their row, their length is checked against the plan's blocks by the service, and a snapshot (a price
 * list) must not change when the plan's blocks change (block changes of a plan in use are refused).
 *
 * Price lists of one location never overlap: [valid_from, valid_to) in the location's local dates, valid_to null =
 * open. PGlite has no btree_gist, so no exclusion constraint: the service checks overlaps in the transaction that
 * writes, after locking the location's row (SELECT … FOR UPDATE), which serialises writers of one location on both
 * engines. A unique (location_id, valid_from) index backs it up.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const price = (name: string) => numeric(name, { precision: 18, scale: 9 });
const prices = (name: string) => numeric(name, { precision: 18, scale: 9 }).array();

/**
 * Time-of-use plans. `company_id` null = predefined (written by super admins, read by everyone). `code` marks a
 * shipped country default (`SI-VT-MT`, …) so the start-up seed finds it again; null for plans made by users.
 */
export const timePlans = pgTable(
  'time_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').unique(),
    title: text('title').notNull(),
    color: text('color').notNull(),
    countryCode: text('country_code'),
    /** 'AS_SUNDAY': public holidays of country_code use Sunday's slots; 'NONE'. */
    holidays: text('holidays').$type<'AS_SUNDAY' | 'NONE'>().notNull().default('NONE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('time_plans_company_id_idx').on(t.companyId),
    check('time_plans_title_check', sql`length(trim(${t.title})) > 0`),
    check('time_plans_color_check', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
    check('time_plans_country_code_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('time_plans_holidays_check', sql`${t.holidays} in ('AS_SUNDAY', 'NONE')`),
  ],
);

/** A plan's blocks; `position` 1..n orders the prices of configs and lists (kept dense by the service). */
export const timePlanBlocks = pgTable(
  'time_plan_blocks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    timePlanId: integer('time_plan_id')
      .notNull()
      .references(() => timePlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    index('time_plan_blocks_time_plan_id_idx').on(t.timePlanId, t.position),
    check('time_plan_blocks_color_check', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
    check('time_plan_blocks_position_check', sql`${t.position} >= 1`),
  ],
);

/** A plan's seasons: inclusive `MM-DD` ranges of every year, possibly wrapping the year end. */
export const timePlanSeasons = pgTable(
  'time_plan_seasons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    timePlanId: integer('time_plan_id')
      .notNull()
      .references(() => timePlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
  },
  (t) => [
    index('time_plan_seasons_time_plan_id_idx').on(t.timePlanId),
    check('time_plan_seasons_from_check', sql`${t.fromDay} ~ '^[01][0-9]-[0-3][0-9]$'`),
    check('time_plan_seasons_to_check', sql`${t.toDay} ~ '^[01][0-9]-[0-3][0-9]$'`),
  ],
);

/**
 * Slots: on `day_of_week` (1 = Monday) of a season, minutes [start_minute, end_minute) of local time belong to
 * the block, from `valid_from` on (slots of one season and day with the same valid_from form one version of the
 * day). Minutes on quarter hours; end up to 1440 (24:00).
 */
export const timePlanSlots = pgTable(
  'time_plan_slots',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    timePlanId: integer('time_plan_id')
      .notNull()
      .references(() => timePlans.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => timePlanSeasons.id, { onDelete: 'cascade' }),
    blockId: integer('block_id')
      .notNull()
      .references(() => timePlanBlocks.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull().default('2000-01-01'),
  },
  (t) => [
    index('time_plan_slots_time_plan_id_idx').on(t.timePlanId, t.seasonId, t.dayOfWeek),
    index('time_plan_slots_block_id_idx').on(t.blockId),
    check('time_plan_slots_day_check', sql`${t.dayOfWeek} between 1 and 7`),
    check(
      'time_plan_slots_minutes_check',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute} and ${t.startMinute} % 15 = 0 and ${t.endMinute} % 15 = 0`,
    ),
  ],
);

/**
 * Price-type configs: one priced component. `prices` per the model (FIXED one, TIME_OF_USE one per block position
 * of `time_plan_id`, SPOT_MARKET one markup). `company_id` null = predefined; `code` marks a shipped default.
 */
export const priceTypeConfigs = pgTable(
  'price_type_configs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').unique(),
    kind: text('kind').$type<PriceTypeKind>().notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    model: text('model').$type<PriceListKind>().notNull(),
    timePlanId: integer('time_plan_id').references(() => timePlans.id, { onDelete: 'no action' }),
    prices: prices('prices').notNull(),
    feePerMonth: price('fee_per_month'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('price_type_configs_company_id_idx').on(t.companyId),
    index('price_type_configs_time_plan_id_idx').on(t.timePlanId),
    check(
      'price_type_configs_kind_check',
      sql`${t.kind} in ('SUPPLIER_ENERGY_BUY', 'SUPPLIER_ENERGY_SELL', 'DISTRIBUTOR_ENERGY', 'DISTRIBUTOR_POWER')`,
    ),
    check(
      'price_type_configs_model_check',
      sql`${t.model} in ('FIXED', 'TIME_OF_USE', 'SPOT_MARKET')`,
    ),
    check('price_type_configs_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('price_type_configs_country_code_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check(
      'price_type_configs_dates_check',
      sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`,
    ),
  ],
);

/**
 * Price lists of a location (spec 001 §3 Price list): a snapshot of prices effective over [valid_from, valid_to)
 * in the location's local dates. The *_config_id columns are provenance only (prices are copied); they keep the
 * configs from being deleted (409 pricing.errors.config_in_use, a foreign key as the backstop, checked at the end of the statement so cascades from a company or location delete go through).
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<PriceListKind>().notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    multiTariff: boolean('multi_tariff').notNull().default(false),
    tariffPlanId: integer('tariff_plan_id').references(() => timePlans.id, {
      onDelete: 'no action',
    }),
    t0: price('t0'),
    t1: price('t1'),
    t2: price('t2'),
    differentExportPrice: boolean('different_export_price').notNull().default(false),
    exportTariff: text('export_tariff').$type<'T0' | 'MULTI'>().notNull().default('T0'),
    sellT0: price('sell_t0'),
    sellT1: price('sell_t1'),
    sellT2: price('sell_t2'),
    buyMarkup: price('buy_markup'),
    sellMarkup: price('sell_markup'),
    supplierFeePerMonth: price('supplier_fee_per_month'),
    distributorPlanId: integer('distributor_plan_id').references(() => timePlans.id, {
      onDelete: 'no action',
    }),
    distributorEnergy: prices('distributor_energy')
      .notNull()
      .default(sql`'{}'`),
    distributorPower: prices('distributor_power')
      .notNull()
      .default(sql`'{}'`),
    agreedPowerKw: prices('agreed_power_kw')
      .notNull()
      .default(sql`'{}'`),
    supplierEnergyBuyConfigId: integer('supplier_energy_buy_config_id').references(
      () => priceTypeConfigs.id,
      { onDelete: 'no action' },
    ),
    supplierEnergySellConfigId: integer('supplier_energy_sell_config_id').references(
      () => priceTypeConfigs.id,
      { onDelete: 'no action' },
    ),
    distributorEnergyConfigId: integer('distributor_energy_config_id').references(
      () => priceTypeConfigs.id,
      { onDelete: 'no action' },
    ),
    distributorPowerConfigId: integer('distributor_power_config_id').references(
      () => priceTypeConfigs.id,
      { onDelete: 'no action' },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_lists_location_id_valid_from_idx').on(t.locationId, t.validFrom),
    index('price_lists_tariff_plan_id_idx').on(t.tariffPlanId),
    index('price_lists_distributor_plan_id_idx').on(t.distributorPlanId),
    check('price_lists_name_check', sql`length(trim(${t.name})) > 0`),
    check('price_lists_kind_check', sql`${t.kind} in ('FIXED', 'TIME_OF_USE', 'SPOT_MARKET')`),
    check('price_lists_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('price_lists_export_tariff_check', sql`${t.exportTariff} in ('T0', 'MULTI')`),
    check('price_lists_dates_check', sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
  ],
);
