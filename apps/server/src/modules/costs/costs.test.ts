// GET /api/locations/:id/costs over HTTP: the stored 15-minute grid energy priced by the location's lists —
// a hand-computed TIME_OF_USE day, a list change at local midnight, the spring DST day, a SPOT_MARKET list with
// stored spot prices (a missing one and one in another currency), a location without a list, who may read it
// (another tenant and a user of another location get 404) and bad input (400 with field errors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, eq, intervals15m, locations, spotPrices } from '@ec/db';
import { json, type TestApp } from '../../test/helpers.ts';
import { call, must, startOrgFixture, type OrgFixture } from '../locations/locations.fixtures.ts';
import { SAMPLE_PLAN, sampleList, sampleStructure } from '../pricing/pricing.samples.ts';
import { ensureIntervalPartitions } from '../telemetry/partitions.ts';

const QUARTER = 15 * 60_000;
const SI = '10YSI-ELES-----O';

type Money = { currency: string; minor: number };
type Bucket = {
  start: string;
  end: string;
  importWh: number;
  exportWh: number;
  supplierEnergy: Money;
  supplierFee: Money;
  distributorEnergy: Money;
  distributorPower: Money;
  revenue: Money;
  total: Money;
  blocks: { position: number; importWh: number; distributorEnergy: Money }[];
  intervals: number;
  incomplete: number;
};
type Costs = {
  locationId: number;
  timeZone: string;
  currency: string | null;
  resolution: string;
  buckets: Bucket[];
  total: Bucket | null;
  uncovered: number;
  missingSpot: number;
  missingBlock: number;
};
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

const eur = (minor: number): Money => ({ currency: 'EUR', minor });

let t: TestApp;
let f: OrgFixture;
let plan: number;

/** No distributor charges: the supplier's part alone (tests of the network part set their own). */
const noNetwork = { distributorEnergy: ['0'], distributorPower: [], agreedPowerKw: [] };

async function newLocation(name: string) {
  const res = await call(t, f.tokens.admin, 'POST', '/api/locations', {
    groupId: f.groups.mineRoot,
    name,
    countryCode: 'SI',
    timezone: 'Europe/Ljubljana',
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { location: { id: number } } }>(res).data.location.id;
}

async function device(locationId: number, category: 'GRID' | 'SOLAR_POWER_PLANT', deleted = false) {
  const [row] = await t.db.db
    .insert(devices)
    .values({
      name: `${category} meter`,
      locationId,
      category,
      deletedAt: deleted ? new Date() : null,
    })
    .returning();
  return must(row).id;
}

/** Quarter hours from `fromIso` (UTC) up to `toIso`, each with the energy `energy(index, startMs)` gives. */
async function intervals(
  deviceId: number,
  fromIso: string,
  toIso: string,
  energy: (startMs: number) => { importWh: number; exportWh: number } = () => ({
    importWh: 100,
    exportWh: 0,
  }),
) {
  const rows = [];
  for (let ms = Date.parse(fromIso); ms < Date.parse(toIso); ms += QUARTER) {
    rows.push({ deviceId, ts: new Date(ms), samples: 15, ...energy(ms) });
  }
  await t.db.db.insert(intervals15m).values(rows);
  return rows.length;
}

async function createList(locationId: number, changes: Record<string, unknown>) {
  const res = await call(t, f.tokens.admin, 'POST', '/api/pricing/price-lists', {
    ...sampleList(),
    locationId,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const costs = (locationId: number, query: string, token = f.tokens.admin) =>
  call(t, token, 'GET', `/api/locations/${locationId}/costs?${query}`);

async function costsOf(locationId: number, query: string, token = f.tokens.admin) {
  const res = await costs(locationId, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Costs }>(res).data;
}

beforeAll(async () => {
  ({ t, f } = await startOrgFixture());
  await ensureIntervalPartitions(t.db.db, ['2026-03', '2026-05', '2026-06']);
  const res = await call(t, f.tokens.aggMine, 'POST', '/api/timeplans', {
    ...SAMPLE_PLAN,
    companyId: f.companies.mine,
  });
  plan = json<{ data: { timePlan: { id: number } } }>(res).data.timePlan.id;
  const saved = await call(
    t,
    f.tokens.aggMine,
    'PUT',
    `/api/timeplans/${plan}/structure`,
    sampleStructure(),
  );
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/locations/:id/costs', () => {
  let home: number;
  beforeAll(async () => {
    // Home (owner, viewer and editor have it): a TIME_OF_USE list on the sample plan (VT 06–22, MT otherwise,
    // every day), supplier VT 0.20 / MT 0.10, network VT 0.05 / MT 0.02 per kWh.
    home = f.locations.home;
    await createList(home, {
      kind: 'TIME_OF_USE',
      multiTariff: true,
      tariffPlanId: plan,
      tariffs: { t0: null, t1: '0.2', t2: '0.1' },
      distributorPlanId: plan,
      distributorEnergy: ['0.05', '0.02'],
      distributorPower: [],
      agreedPowerKw: [],
    });
    const grid = await device(home, 'GRID');
    // 10 June 2026 in Ljubljana (CEST): 96 quarter hours of 100 Wh; 10 Wh exported 12:00–13:00 local.
    await intervals(grid, '2026-06-09T22:00:00Z', '2026-06-10T22:00:00Z', (ms) => {
      const hour = new Date(ms).getUTCHours();
      return { importWh: 100, exportWh: hour === 10 ? 10 : 0 };
    });
    // Neither a deleted grid meter nor another device counts.
    await intervals(
      await device(home, 'GRID', true),
      '2026-06-10T08:00:00Z',
      '2026-06-10T09:00:00Z',
    );
    await intervals(
      await device(home, 'SOLAR_POWER_PLANT'),
      '2026-06-10T08:00:00Z',
      '2026-06-10T09:00:00Z',
    );
  });

  it('prices a TIME_OF_USE day as computed by hand', async () => {
    const data = await costsOf(home, 'from=2026-06-10&to=2026-06-10&resolution=total');
    // VT: 64 quarter hours × 0.1 kWh = 6.4 kWh; MT: 32 × 0.1 = 3.2 kWh.
    // Supplier 6.4 × 0.20 + 3.2 × 0.10 = 1.60; network 6.4 × 0.05 + 3.2 × 0.02 = 0.384 → 0.38;
    // revenue 4 × 10 Wh in VT × 0.20 = 0.008 → 0.01; total 1.60 + 0.38 − 0.01 = 1.97.
    const expected = {
      start: '2026-06-09T22:00:00.000Z',
      end: '2026-06-10T22:00:00.000Z',
      importWh: 9600,
      exportWh: 40,
      supplierEnergy: eur(160),
      supplierFee: eur(0),
      distributorEnergy: eur(38),
      distributorPower: eur(0),
      revenue: eur(1),
      total: eur(197),
      blocks: [
        { position: 1, importWh: 6400, distributorEnergy: eur(32) },
        { position: 2, importWh: 3200, distributorEnergy: eur(6) },
      ],
      intervals: 96,
      incomplete: 0,
    };
    expect(data).toEqual({
      locationId: home,
      timeZone: 'Europe/Ljubljana',
      currency: 'EUR',
      resolution: 'total',
      buckets: [expected],
      total: expected,
      uncovered: 0,
      missingSpot: 0,
      missingBlock: 0,
    });
  });

  it('groups by local hour: 24 hours, VT from 06:00 local', async () => {
    const data = await costsOf(home, 'from=2026-06-10&to=2026-06-10&resolution=hour');
    expect(data.buckets).toHaveLength(24);
    expect(data.buckets[0]).toMatchObject({
      start: '2026-06-09T22:00:00.000Z',
      end: '2026-06-09T23:00:00.000Z',
      supplierEnergy: eur(4), // 0.4 kWh × 0.10
      blocks: [{ position: 2, importWh: 400 }],
    });
    expect(data.buckets[6]).toMatchObject({
      start: '2026-06-10T04:00:00.000Z',
      supplierEnergy: eur(8), // 0.4 kWh × 0.20
      blocks: [{ position: 1, importWh: 400 }],
    });
    expect(data.total?.total).toEqual(eur(197));
  });

  it('answers the viewer of the location; 404 for another tenant and a user of another location', async () => {
    expect(
      (await costs(home, 'from=2026-06-10&to=2026-06-10&resolution=day', f.tokens.viewer))
        .statusCode,
    ).toBe(200);
    for (const [user, location] of [
      ['aggOther', home],
      ['stranger', home],
      ['viewer', f.locations.cabin],
      ['owner', f.locations.foreign],
    ] as const) {
      const res = await costs(
        location,
        'from=2026-06-10&to=2026-06-10&resolution=day',
        f.tokens[user],
      );
      expect(res.statusCode, user).toBe(404);
    }
    const unknown = await costs(999_999, 'from=2026-06-10&to=2026-06-10&resolution=day');
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['from=2026-06-11&to=2026-06-10&resolution=day', { 'query.to': 'validation.invalid_value' }],
    ['from=2026-06-01&to=2026-07-02&resolution=hour', { 'query.to': 'validation.too_big' }],
    ['from=2025-01-01&to=2026-02-05&resolution=day', { 'query.to': 'validation.too_big' }],
    [
      'from=2026-06-10&to=2026-06-10&resolution=week',
      { 'query.resolution': 'validation.invalid_value' },
    ],
    ['from=2026-02-30&to=2026-03-01&resolution=day', { 'query.from': 'validation.date' }],
    ['to=2026-06-10&resolution=day', { 'query.from': 'validation.required' }],
  ])('400 with field errors for %s', async (query, fields) => {
    const res = await costs(home, query);
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });

  it('accepts 31 days by hour and 400 days by day', async () => {
    expect((await costs(home, 'from=2026-06-01&to=2026-07-01&resolution=hour')).statusCode).toBe(
      200,
    );
    expect((await costs(home, 'from=2025-05-07&to=2026-06-10&resolution=day')).statusCode).toBe(
      200,
    );
  });
});

describe('effective dating, DST and no list', () => {
  it('switches lists at local midnight', async () => {
    const id = await newLocation('List change');
    await createList(id, {
      ...noNetwork,
      validFrom: '2026-01-01',
      tariffs: { t0: '0.1', t1: null, t2: null },
    });
    // Creating the second list closes the first at 11 June.
    await createList(id, {
      ...noNetwork,
      validFrom: '2026-06-11',
      tariffs: { t0: '0.2', t1: null, t2: null },
    });
    const grid = await device(id, 'GRID');
    await intervals(grid, '2026-06-09T22:00:00Z', '2026-06-11T22:00:00Z');
    const data = await costsOf(id, 'from=2026-06-10&to=2026-06-11&resolution=day');
    expect(data.buckets.map((b) => [b.start, b.intervals, b.supplierEnergy.minor])).toEqual([
      // 9.6 kWh × 0.10 and × 0.20: the interval at 22:00 UTC (00:00 local) is the new list's.
      ['2026-06-09T22:00:00.000Z', 96, 96],
      ['2026-06-10T22:00:00.000Z', 96, 192],
    ]);
    expect(data.total?.supplierEnergy).toEqual(eur(288));
    // One hour either side of local midnight.
    const hours = await costsOf(id, 'from=2026-06-10&to=2026-06-11&resolution=hour');
    expect(hours.buckets[23]?.supplierEnergy).toEqual(eur(4));
    expect(hours.buckets[24]?.supplierEnergy).toEqual(eur(8));
  });

  it('charges a whole month the network power and the supplier fee exactly, by month', async () => {
    const id = await newLocation('Month');
    await createList(id, {
      tariffs: { t0: '0.1', t1: null, t2: null },
      supplierFeePerMonth: '2.50',
      distributorEnergy: ['0.04'],
      distributorPower: ['3.5'],
      agreedPowerKw: ['7'],
    });
    // June 2026 in Ljubljana: 30 days × 96 quarter hours of 100 Wh.
    await intervals(await device(id, 'GRID'), '2026-05-31T22:00:00Z', '2026-06-30T22:00:00Z');
    const data = await costsOf(id, 'from=2026-06-01&to=2026-06-30&resolution=month');
    expect(data.buckets).toHaveLength(1);
    expect(data.buckets[0]).toMatchObject({
      start: '2026-05-31T22:00:00.000Z',
      end: '2026-06-30T22:00:00.000Z',
      intervals: 2880,
      importWh: 288_000,
      // 288 kWh × 0.10; the fee; 288 kWh × 0.04; 7 kW × 3.50.
      supplierEnergy: eur(2880),
      supplierFee: eur(250),
      distributorEnergy: eur(1152),
      distributorPower: eur(2450),
      total: eur(6732),
    });
    // Half the month by day: each day carries 1/30 of the monthly charges.
    const days = await costsOf(id, 'from=2026-06-01&to=2026-06-15&resolution=day');
    expect(days.buckets).toHaveLength(15);
    expect(days.total?.distributorPower).toEqual(eur(1225));
    expect(days.total?.supplierFee).toEqual(eur(125));
  });

  it('prices the spring DST day as 92 quarter hours, and leaves the neighbouring days out', async () => {
    const id = await newLocation('DST');
    await createList(id, { ...noNetwork, tariffs: { t0: '0.1', t1: null, t2: null } });
    const grid = await device(id, 'GRID');
    // 28–30 March 2026; 29 March is 23 hours long in Ljubljana (CET → CEST at 02:00).
    await intervals(grid, '2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z');
    const data = await costsOf(id, 'from=2026-03-29&to=2026-03-29&resolution=day');
    expect(data.buckets).toHaveLength(1);
    expect(data.buckets[0]).toMatchObject({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
      intervals: 92,
      importWh: 9200,
      supplierEnergy: eur(92),
      total: eur(92),
    });
  });

  it('answers currency null and counts uncovered intervals without a list', async () => {
    const id = await newLocation('No list');
    await intervals(await device(id, 'GRID'), '2026-06-09T22:00:00Z', '2026-06-10T22:00:00Z');
    const data = await costsOf(id, 'from=2026-06-10&to=2026-06-10&resolution=total');
    expect(data).toMatchObject({ currency: null, buckets: [], total: null, uncovered: 96 });
  });

  it('answers the currency and no total for a list without energy yet', async () => {
    const id = await newLocation('No energy');
    await createList(id, { ...noNetwork });
    const data = await costsOf(id, 'from=2026-06-10&to=2026-06-10&resolution=total');
    expect(data).toMatchObject({ currency: 'EUR', buckets: [], total: null, uncovered: 0 });
  });
});

describe('SPOT_MARKET lists', () => {
  it("prices with the stored spot prices of the location's region; missing or foreign-currency ones count", async () => {
    const id = await newLocation('Spot');
    await t.db.db
      .update(locations)
      .set({ spotRegionCode: SI, spotRegionType: 'EIC' })
      .where(eq(locations.id, id));
    await createList(id, {
      ...noNetwork,
      kind: 'SPOT_MARKET',
      tariffs: { t0: null, t1: null, t2: null },
      buyMarkup: '0.01',
    });
    await intervals(await device(id, 'GRID'), '2026-06-09T22:00:00Z', '2026-06-10T22:00:00Z');
    // 100 EUR/MWh for the first 90 quarter hours, two in GBP, the last four not published.
    const start = Date.parse('2026-06-09T22:00:00Z');
    const rows = Array.from({ length: 92 }, (_, i) => ({
      regionType: 'EIC' as const,
      regionCode: SI,
      source: 'ENTSOE' as const,
      ts: new Date(start + i * QUARTER),
      pricePerMwh: '100',
      priceIncVatPerMwh: null,
      currency: i < 90 ? 'EUR' : 'GBP',
      sourceResolutionMin: 15,
    }));
    await t.db.db.insert(spotPrices).values(rows.map((row) => ({ ...row, fetchedAt: new Date() })));
    const data = await costsOf(id, 'from=2026-06-10&to=2026-06-10&resolution=total');
    // 90 × 0.1 kWh × (0.100 + 0.01) = 0.99.
    expect(data).toMatchObject({ currency: 'EUR', missingSpot: 6, uncovered: 0 });
    expect(data.total).toMatchObject({
      intervals: 96,
      incomplete: 6,
      importWh: 9600,
      supplierEnergy: eur(99),
      total: eur(99),
    });
  });
});
