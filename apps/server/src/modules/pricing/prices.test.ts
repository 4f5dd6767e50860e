// Price-type configs (/api/price-type-configs) and price lists (/api/pricing/price-lists, /api/locations/:id/
// price-lists): access, field rules with translated errors, 409 rules and effective dating (a new list closes the
// open one, history keeps its prices, overlaps are refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, locations } from '@ec/db';
import { json, type TestApp } from '../../test/helpers.ts';
import { call, startOrgFixture, type OrgFixture } from '../locations/locations.fixtures.ts';
import { SAMPLE_PLAN, sampleConfig, sampleList, sampleStructure } from './pricing.samples.ts';
import { localDate } from './time-plans.service.ts';

let t: TestApp;
let f: OrgFixture;
let plan: number;
let incompletePlan: number;
let otherPlan: number;
beforeAll(async () => {
  ({ t, f } = await startOrgFixture());
  plan = await newPlan(f.tokens.aggMine, f.companies.mine, true);
  incompletePlan = await newPlan(f.tokens.aggMine, f.companies.mine, false);
  otherPlan = await newPlan(f.tokens.aggOther, f.companies.other, true);
});
afterAll(() => t.close());

type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    params?: Record<string, string | number>;
  };
};
type List = {
  id: number;
  name: string;
  validFrom: string;
  validTo: string | null;
  active: boolean;
  editable: boolean;
  tariffs: { t0: string | null; t1: string | null; t2: string | null };
};
type Config = { id: number; editable: boolean; inUse: boolean; prices: string[] };

async function newPlan(token: string, companyId: number, complete: boolean) {
  const res = await call(t, token, 'POST', '/api/timeplans', { ...SAMPLE_PLAN, companyId });
  const id = json<{ data: { timePlan: { id: number } } }>(res).data.timePlan.id;
  const structure = sampleStructure();
  if (!complete) structure.slots.pop();
  else {
    const saved = await call(t, token, 'PUT', `/api/timeplans/${id}/structure`, structure);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return id;
}

async function newLocation(name: string, timezone = 'Europe/Ljubljana') {
  const res = await call(t, f.tokens.admin, 'POST', '/api/locations', {
    groupId: f.groups.mineRoot,
    name,
    countryCode: 'SI',
    timezone,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { location: { id: number } } }>(res).data.location.id;
}

function createList(token: string, locationId: number, changes: Record<string, unknown> = {}) {
  return call(t, token, 'POST', '/api/pricing/price-lists', {
    ...sampleList(),
    locationId,
    ...changes,
  });
}

async function listsOf(locationId: number, token = f.tokens.admin) {
  const res = await call(t, token, 'GET', `/api/locations/${locationId}/price-lists`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { priceLists: List[] } }>(res).data.priceLists;
}

describe('price-type configs', () => {
  it('super admins create predefined configs, aggregators their company’s; others are refused', async () => {
    const predefined = await call(
      t,
      f.tokens.admin,
      'POST',
      '/api/price-type-configs',
      sampleConfig(null),
    );
    expect(predefined.statusCode, predefined.body).toBe(201);
    expect(json<{ data: { config: Config } }>(predefined).data.config).toMatchObject({
      companyId: null,
      prices: ['0.12345'],
      feePerMonth: '2.5',
      editable: true,
      inUse: false,
    });
    const own = await call(
      t,
      f.tokens.aggMine,
      'POST',
      '/api/price-type-configs',
      sampleConfig(f.companies.mine),
    );
    expect(own.statusCode).toBe(201);
    for (const [user, companyId, status] of [
      ['aggMine', null, 403],
      ['owner', f.companies.mine, 403],
      ['aggOther', f.companies.mine, 404],
    ] as const) {
      const res = await call(
        t,
        f.tokens[user],
        'POST',
        '/api/price-type-configs',
        sampleConfig(companyId),
      );
      expect(res.statusCode, `${user}`).toBe(status);
    }
  });

  it('lists what the actor may see and answers one by id (404 for another tenant)', async () => {
    const mine = json<{ data: { config: Config } }>(
      await call(t, f.tokens.aggMine, 'POST', '/api/price-type-configs', {
        ...sampleConfig(f.companies.mine),
        name: 'Mine only',
      }),
    ).data.config;
    const names = async (token: string, query = '') =>
      json<{ data: { configs: { id: number }[] } }>(
        await call(t, token, 'GET', `/api/price-type-configs${query}`),
      ).data.configs.map((c) => c.id);
    expect(await names(f.tokens.aggMine)).toContain(mine.id);
    expect(await names(f.tokens.owner)).toContain(mine.id);
    expect(await names(f.tokens.aggOther)).not.toContain(mine.id);
    expect(await names(f.tokens.aggMine, '?predefined=true')).not.toContain(mine.id);
    expect(await names(f.tokens.aggMine, '?kind=DISTRIBUTOR_POWER')).not.toContain(mine.id);
    expect(await names(f.tokens.aggMine, `?countryId=${f.countryId}`)).toContain(mine.id);
    const get = await call(t, f.tokens.owner, 'GET', `/api/price-type-configs/${mine.id}`);
    expect(json<{ data: { config: Config } }>(get).data.config).toMatchObject({
      id: mine.id,
      editable: false,
    });
    expect(
      (await call(t, f.tokens.aggOther, 'GET', `/api/price-type-configs/${mine.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, f.tokens.aggOther, 'PUT', `/api/price-type-configs/${mine.id}`, {
          ...sampleConfig(null),
          companyId: undefined,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t, f.tokens.owner, 'DELETE', `/api/price-type-configs/${mine.id}`)).statusCode,
    ).toBe(403);
  });

  it.each([
    [{ currency: 'ZZZ' }, 'data.currency', 'validation.invalid_value'],
    [{ currency: 'eur' }, 'data.currency', 'validation.invalid'],
    [{ prices: ['0.1234567891'] }, 'data.prices.0', 'validation.decimal'],
    [{ prices: ['1e-3'] }, 'data.prices.0', 'validation.decimal'],
    [{ prices: ['0,12'] }, 'data.prices.0', 'validation.decimal'],
    [{ prices: [0.12] }, 'data.prices.0', 'validation.invalid_type'],
    [{ prices: [] }, 'data.prices', 'validation.too_small'],
    [{ prices: ['0.1', '0.2'] }, 'data.prices', 'validation.invalid_value'],
    [{ feePerMonth: '2.505' }, 'data.feePerMonth', 'validation.money_decimals'],
    [
      { kind: 'DISTRIBUTOR_ENERGY', model: 'SPOT_MARKET', feePerMonth: null },
      'data.model',
      'validation.invalid_value',
    ],
    [{ kind: 'DISTRIBUTOR_POWER' }, 'data.feePerMonth', 'validation.invalid_value'],
    [{ model: 'TIME_OF_USE' }, 'data.timePlanId', 'validation.required'],
    [{ validTo: '2024-12-31' }, 'data.validTo', 'validation.date_order'],
    [{ validFrom: '2025-02-29' }, 'data.validFrom', 'validation.date'],
  ])('400 for %o', async (change, field, key) => {
    const res = await call(t, f.tokens.aggMine, 'POST', '/api/price-type-configs', {
      ...sampleConfig(f.companies.mine),
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(json<ErrorBody>(res).error.fields?.[field]).toBe(key);
  });

  it('TIME_OF_USE configs need a complete plan of the company (or predefined) and one price per block', async () => {
    const tou = (timePlanId: number, prices: string[]) =>
      call(t, f.tokens.aggMine, 'POST', '/api/price-type-configs', {
        ...sampleConfig(f.companies.mine),
        kind: 'DISTRIBUTOR_ENERGY',
        model: 'TIME_OF_USE',
        feePerMonth: null,
        timePlanId,
        prices,
      });
    const incomplete = await tou(incompletePlan, ['0.1', '0.2']);
    expect(json<ErrorBody>(incomplete).error.fields).toEqual({
      'data.timePlanId': 'time_of_use.errors.incomplete',
    });
    const foreign = await tou(otherPlan, ['0.1', '0.2']);
    expect(json<ErrorBody>(foreign).error.fields).toEqual({
      'data.timePlanId': 'validation.invalid_value',
    });
    const count = await tou(plan, ['0.1']);
    expect(json<ErrorBody>(count).error.fields).toEqual({
      'data.prices': 'pricing.errors.prices_per_block',
    });
    const ok = await tou(plan, ['0.100000000', '-0.05']);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json<{ data: { config: Config } }>(ok).data.config.prices).toEqual(['0.1', '-0.05']);
  });

  it('409 pricing.errors.config_in_use while a list was made from it; lists keep their prices when it changes', async () => {
    const config = json<{ data: { config: Config } }>(
      await call(
        t,
        f.tokens.aggMine,
        'POST',
        '/api/price-type-configs',
        sampleConfig(f.companies.mine),
      ),
    ).data.config;
    const location = await newLocation('Config user');
    const list = await createList(f.tokens.aggMine, location, {
      configIds: { ...sampleList().configIds, supplierEnergyBuyConfigId: config.id },
    });
    expect(list.statusCode, list.body).toBe(201);
    const del = await call(t, f.tokens.aggMine, 'DELETE', `/api/price-type-configs/${config.id}`);
    expect(del.statusCode).toBe(409);
    expect(json(del)).toEqual({
      error: { code: 'CONFLICT', message: 'pricing.errors.config_in_use' },
    });
    const changed = await call(t, f.tokens.aggMine, 'PUT', `/api/price-type-configs/${config.id}`, {
      ...sampleConfig(null),
      companyId: undefined,
      prices: ['0.99'],
    });
    expect(json<{ data: { config: Config } }>(changed).data.config).toMatchObject({
      inUse: true,
      prices: ['0.99'],
    });
    expect((await listsOf(location))[0]?.tariffs.t0).toBe('0.15');
    const unused = json<{ data: { config: Config } }>(
      await call(
        t,
        f.tokens.aggMine,
        'POST',
        '/api/price-type-configs',
        sampleConfig(f.companies.mine),
      ),
    ).data.config;
    expect(
      (await call(t, f.tokens.aggMine, 'DELETE', `/api/price-type-configs/${unused.id}`))
        .statusCode,
    ).toBe(204);
  });

  it('PUT /price-type-configs (id in the body) answers as PUT /price-type-configs/{id}', async () => {
    const config = json<{ data: { config: Config } }>(
      await call(t, f.tokens.aggMine, 'POST', '/api/price-type-configs', {
        ...sampleConfig(f.companies.mine),
        name: 'Body id',
      }),
    ).data.config;
    const form = { ...sampleConfig(null), companyId: undefined, prices: ['0.2'] };
    const put = (token: string, body: Record<string, unknown>) =>
      call(t, token, 'PUT', '/api/price-type-configs', body);

    const byBody = await put(f.tokens.aggMine, { ...form, id: config.id });
    expect(byBody.statusCode, byBody.body).toBe(200);
    const byPath = await call(
      t,
      f.tokens.aggMine,
      'PUT',
      `/api/price-type-configs/${config.id}`,
      form,
    );
    expect(json(byBody)).toEqual(json(byPath));
    expect(json<{ data: { config: Config } }>(byBody).data.config).toMatchObject({
      id: config.id,
      prices: ['0.2'],
      editable: true,
    });
    // Another tenant, an unknown id: 404; a user of the company who may not edit: 403.
    expect((await put(f.tokens.aggOther, { ...form, id: config.id })).statusCode).toBe(404);
    expect((await put(f.tokens.aggMine, { ...form, id: 999_999 })).statusCode).toBe(404);
    expect((await put(f.tokens.owner, { ...form, id: config.id })).statusCode).toBe(403);
    // The same field rules, and the id is required and must be an id.
    const bad = await put(f.tokens.aggMine, { ...form, id: config.id, feePerMonth: '2.505' });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorBody>(bad).error.fields).toEqual({
      'data.feePerMonth': 'validation.money_decimals',
    });
    const noId = await put(f.tokens.aggMine, form);
    expect(noId.statusCode).toBe(400);
    expect(json<ErrorBody>(noId).error.fields?.['data.id']).toBeDefined();
    const badId = await put(f.tokens.aggMine, { ...form, id: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(json<ErrorBody>(badId).error.fields?.['data.id']).toBeDefined();
    // Nothing changed by the refused requests.
    const get = await call(t, f.tokens.aggMine, 'GET', `/api/price-type-configs/${config.id}`);
    expect(json<{ data: { config: Config } }>(get).data.config.prices).toEqual(['0.2']);
  });
});

describe('price lists: effective dating', () => {
  it('a new list closes the open one at its start; history keeps its prices; overlaps are 409', async () => {
    const location = await newLocation('Dated');
    const first = await createList(f.tokens.aggMine, location, {
      name: 'First',
      validFrom: '2024-01-01',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(json<{ data: { priceList: List } }>(first).data.priceList).toMatchObject({
      active: true,
      validTo: null,
      tariffs: { t0: '0.15', t1: null, t2: null },
    });
    const second = await createList(f.tokens.aggMine, location, {
      name: 'Second',
      validFrom: '2025-06-01',
      tariffs: { t0: '0.123456789', t1: null, t2: null },
    });
    expect(second.statusCode).toBe(201);
    const lists = await listsOf(location);
    expect(lists.map((l) => [l.name, l.validFrom, l.validTo, l.active, l.tariffs.t0])).toEqual([
      ['Second', '2025-06-01', null, true, '0.123456789'],
      ['First', '2024-01-01', '2025-06-01', false, '0.15'],
    ]);

    const inHistory = await createList(f.tokens.aggMine, location, {
      name: 'Past',
      validFrom: '2024-06-01',
    });
    expect(inHistory.statusCode).toBe(409);
    expect(json(inHistory)).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'pricing.errors.overlap',
        params: { name: 'First', from: '2024-01-01', to: '2025-06-01' },
      },
    });
    const sameDay = await createList(f.tokens.aggMine, location, { validFrom: '2025-06-01' });
    expect(sameDay.statusCode).toBe(409);

    // A planned change: the open list now ends where the future one begins.
    const future = await createList(f.tokens.aggMine, location, {
      name: 'Future',
      validFrom: '2099-01-01',
    });
    expect(future.statusCode).toBe(201);
    const futureId = json<{ data: { priceList: List } }>(future).data.priceList.id;
    // An open list before a later one overlaps it.
    const before = await createList(f.tokens.aggMine, location, {
      name: 'Between',
      validFrom: '2098-01-01',
    });
    expect(before.statusCode).toBe(409);
    expect(json<ErrorBody>(before).error.params).toMatchObject({ name: 'Second' });
    expect((await listsOf(location)).map((l) => [l.name, l.validTo, l.active])).toEqual([
      ['Future', null, false],
      ['Second', '2099-01-01', true],
      ['First', '2025-06-01', false],
    ]);

    const secondId = json<{ data: { priceList: List } }>(second).data.priceList.id;
    const activeDelete = await call(
      t,
      f.tokens.aggMine,
      'DELETE',
      `/api/pricing/price-lists/${secondId}`,
    );
    expect(activeDelete.statusCode).toBe(409);
    expect(json(activeDelete)).toEqual({
      error: { code: 'CONFLICT', message: 'pricing.errors.active_list_delete' },
    });
    // Deleting the planned change lets the active list run on.
    expect(
      (await call(t, f.tokens.aggMine, 'DELETE', `/api/pricing/price-lists/${futureId}`))
        .statusCode,
    ).toBe(204);
    expect((await listsOf(location)).map((l) => [l.name, l.validTo])).toEqual([
      ['Second', null],
      ['First', '2025-06-01'],
    ]);

    // Changing a list may not make it overlap another.
    const firstId = json<{ data: { priceList: List } }>(first).data.priceList.id;
    const stretch = await call(t, f.tokens.aggMine, 'PUT', `/api/pricing/price-lists/${firstId}`, {
      ...sampleList('2024-01-01'),
      name: 'First',
      validTo: '2025-07-01',
    });
    expect(stretch.statusCode).toBe(409);
    const rename = await call(t, f.tokens.aggMine, 'PUT', `/api/pricing/price-lists/${firstId}`, {
      ...sampleList('2024-01-01'),
      name: 'First (2024)',
      validTo: '2025-06-01',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(json<{ data: { priceList: List } }>(rename).data.priceList).toMatchObject({
      name: 'First (2024)',
      active: false,
    });
    // A past list is history: deleting it leaves its neighbour as it was.
    expect(
      (await call(t, f.tokens.aggMine, 'DELETE', `/api/pricing/price-lists/${firstId}`)).statusCode,
    ).toBe(204);
    expect((await listsOf(location)).map((l) => [l.name, l.validFrom, l.validTo])).toEqual([
      ['Second', '2025-06-01', null],
    ]);
  });

  it('two lists from the same day at once: one is stored, the other is a 409 (the location lock)', async () => {
    const location = await newLocation('Race');
    expect(
      (await createList(f.tokens.aggMine, location, { validFrom: '2024-01-01' })).statusCode,
    ).toBe(201);
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        createList(f.tokens.aggMine, location, { name, validFrom: '2025-03-01' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const lists = await listsOf(location);
    expect(lists.map((l) => [l.validFrom, l.validTo])).toEqual([
      ['2025-03-01', null],
      ['2024-01-01', '2025-03-01'],
    ]);
  });

  it('deleting a location deletes its lists (configs and plans they came from stay)', async () => {
    const location = await newLocation('Gone');
    const config = json<{ data: { config: Config } }>(
      await call(
        t,
        f.tokens.aggMine,
        'POST',
        '/api/price-type-configs',
        sampleConfig(f.companies.mine),
      ),
    ).data.config;
    const list = await createList(f.tokens.aggMine, location, {
      configIds: { ...sampleList().configIds, supplierEnergyBuyConfigId: config.id },
    });
    expect(list.statusCode).toBe(201);
    expect((await call(t, f.tokens.admin, 'DELETE', `/api/locations/${location}`)).statusCode).toBe(
      204,
    );
    const id = json<{ data: { priceList: List } }>(list).data.priceList.id;
    expect(
      (await call(t, f.tokens.admin, 'GET', `/api/pricing/price-lists/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(t, f.tokens.aggMine, 'DELETE', `/api/price-type-configs/${config.id}`))
        .statusCode,
    ).toBe(204);
  });

  it('computes active in the location’s time zone', async () => {
    const east = await newLocation('Kiritimati', 'Pacific/Kiritimati');
    const west = await newLocation('Pago Pago', 'Pacific/Pago_Pago');
    const today = localDate('Pacific/Kiritimati', new Date());
    for (const location of [east, west]) {
      const res = await createList(f.tokens.admin, location, { validFrom: today });
      expect(res.statusCode).toBe(201);
    }
    expect((await listsOf(east))[0]?.active).toBe(true);
    // UTC−11 is a day behind UTC+14: there the list starts tomorrow.
    expect((await listsOf(west))[0]?.active).toBe(false);
  });
});

describe('price lists: rules', () => {
  let location: number;
  beforeAll(async () => {
    location = await newLocation('Rules');
  });

  it.each([
    [{ tariffs: { t0: '0,15', t1: null, t2: null } }, 'data.tariffs.t0', 'validation.decimal'],
    [
      { tariffs: { t0: '0.1234567891', t1: null, t2: null } },
      'data.tariffs.t0',
      'validation.decimal',
    ],
    [
      { tariffs: { t0: '1234567890', t1: null, t2: null } },
      'data.tariffs.t0',
      'validation.decimal',
    ],
    [{ tariffs: { t0: null, t1: null, t2: null } }, 'data.tariffs.t0', 'validation.required'],
    [{ currency: 'ZZZ' }, 'data.currency', 'validation.invalid_value'],
    [{ supplierFeePerMonth: '1.234' }, 'data.supplierFeePerMonth', 'validation.money_decimals'],
    [{ validFrom: '2025-13-01' }, 'data.validFrom', 'validation.date'],
    [{ validTo: '2024-01-01' }, 'data.validTo', 'validation.date_order'],
    [{ multiTariff: true }, 'data.multiTariff', 'validation.invalid_value'],
    [{ kind: 'SPOT_MARKET', buyMarkup: '0.01' }, 'data.kind', 'pricing.errors.no_spot_region'],
    [{ kind: 'TIME_OF_USE', multiTariff: true }, 'data.tariffPlanId', 'validation.required'],
    [{ differentExportPrice: true }, 'data.sell.t0', 'validation.required'],
    [
      {
        differentExportPrice: true,
        exportTariff: 'MULTI',
        sell: { t0: null, t1: '0.1', t2: null },
      },
      'data.sell.t2',
      'validation.required',
    ],
    [
      { distributorEnergy: ['0.1', '0.2'] },
      'data.distributorEnergy',
      'pricing.errors.prices_per_block',
    ],
    [{ exportTariff: 'NIGHT' }, 'data.exportTariff', 'validation.invalid_value'],
    [{ name: '' }, 'data.name', 'validation.required'],
    [
      {
        configIds: {
          supplierEnergyBuyConfigId: 999_999,
          supplierEnergySellConfigId: null,
          distributorEnergyConfigId: null,
          distributorPowerConfigId: null,
        },
      },
      'data.configIds.supplierEnergyBuyConfigId',
      'validation.invalid_value',
    ],
  ])('400 for %o', async (change, field, key) => {
    const res = await createList(f.tokens.aggMine, location, change);
    expect(res.statusCode, res.body).toBe(400);
    expect(json<ErrorBody>(res).error.fields?.[field]).toBe(key);
  });

  it('TIME_OF_USE lists need a complete plan the location’s company may use', async () => {
    const tou = (tariffPlanId: number) =>
      createList(f.tokens.aggMine, location, {
        kind: 'TIME_OF_USE',
        multiTariff: true,
        tariffPlanId,
        tariffs: { t0: null, t1: '0.2', t2: '0.1' },
        distributorPlanId: tariffPlanId,
        distributorEnergy: ['0.05', '0.02'],
        distributorPower: [],
        agreedPowerKw: ['7', '7'],
        validFrom: '2025-01-01',
      });
    expect(json<ErrorBody>(await tou(incompletePlan)).error.fields).toMatchObject({
      'data.tariffPlanId': 'time_of_use.errors.incomplete',
    });
    expect(json<ErrorBody>(await tou(otherPlan)).error.fields).toMatchObject({
      'data.tariffPlanId': 'validation.invalid_value',
    });
    const ok = await tou(plan);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json<{ data: { priceList: unknown } }>(ok).data.priceList).toMatchObject({
      kind: 'TIME_OF_USE',
      tariffPlanId: plan,
      tariffs: { t0: null, t1: '0.2', t2: '0.1' },
      distributorEnergy: ['0.05', '0.02'],
      agreedPowerKw: ['7', '7'],
    });
    // The plan is now in use.
    expect((await call(t, f.tokens.aggMine, 'DELETE', `/api/timeplans/${plan}`)).statusCode).toBe(
      409,
    );
    const usage = await call(t, f.tokens.aggMine, 'GET', `/api/timeplans/${plan}/configs`);
    expect(
      json<{ data: { priceLists: { locationId: number; active: boolean }[] } }>(usage).data
        .priceLists,
    ).toEqual([expect.objectContaining({ locationId: location, active: true })]);
  });

  it('SPOT_MARKET lists need the location’s spot region', async () => {
    const spot = await newLocation('Spot');
    await t.db.db
      .update(locations)
      .set({ spotRegionCode: '10YSI-ELES-----O', spotRegionType: 'EIC' })
      .where(eq(locations.id, spot));
    const res = await createList(f.tokens.admin, spot, {
      kind: 'SPOT_MARKET',
      tariffs: { t0: null, t1: null, t2: null },
      buyMarkup: '0.015',
      sellMarkup: '0.01',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<{ data: { priceList: unknown } }>(res).data.priceList).toMatchObject({
      kind: 'SPOT_MARKET',
      buyMarkup: '0.015',
      sellMarkup: '0.01',
    });
  });
});

describe('price lists: access', () => {
  let list: number;
  beforeAll(async () => {
    const res = await createList(f.tokens.owner, f.locations.home, { name: 'Home list' });
    expect(res.statusCode, res.body).toBe(201);
    list = json<{ data: { priceList: List } }>(res).data.priceList.id;
  });

  it('the owner (basic user) manages the lists of the own location', async () => {
    const res = await call(t, f.tokens.owner, 'GET', `/api/pricing/price-lists/${list}`);
    expect(json<{ data: { priceList: List } }>(res).data.priceList).toMatchObject({
      editable: true,
      active: true,
    });
  });

  it.each([
    ['viewer', 200, 403],
    ['editor', 200, 200],
    ['aggMine', 200, 200],
    ['admin', 200, 200],
    ['stranger', 404, 404],
    ['aggOther', 404, 404],
    ['manager', 404, 404],
  ] as const)('%s: read %i, change %i', async (user, read, write) => {
    const get = await call(t, f.tokens[user], 'GET', `/api/pricing/price-lists/${list}`);
    expect(get.statusCode).toBe(read);
    const history = await call(
      t,
      f.tokens[user],
      'GET',
      `/api/locations/${f.locations.home}/price-lists`,
    );
    expect(history.statusCode).toBe(read);
    const byQuery = await call(
      t,
      f.tokens[user],
      'GET',
      `/api/pricing/price-lists?locationId=${f.locations.home}`,
    );
    expect(byQuery.statusCode).toBe(read);
    const put = await call(t, f.tokens[user], 'PUT', `/api/pricing/price-lists/${list}`, {
      ...sampleList(),
      name: 'Home list',
    });
    expect(put.statusCode, put.body).toBe(write);
    const create = await createList(f.tokens[user], f.locations.home, { validFrom: '2099-01-01' });
    expect(create.statusCode).toBe(write === 200 ? 201 : write);
    if (create.statusCode === 201) {
      const id = json<{ data: { priceList: List } }>(create).data.priceList.id;
      expect(
        (await call(t, f.tokens[user], 'DELETE', `/api/pricing/price-lists/${id}`)).statusCode,
      ).toBe(204);
    }
    const del = await call(t, f.tokens[user], 'DELETE', `/api/pricing/price-lists/${list}`);
    expect(del.statusCode).toBe(write === 200 ? 409 : write);
  });

  it('lists without a location show the lists of every location the actor sees', async () => {
    const ids = async (token: string) =>
      json<{ data: { priceLists: { id: number }[] } }>(
        await call(t, token, 'GET', '/api/pricing/price-lists'),
      ).data.priceLists.map((l) => l.id);
    expect(await ids(f.tokens.aggMine)).toContain(list);
    expect(await ids(f.tokens.viewer)).toContain(list);
    expect(await ids(f.tokens.aggOther)).not.toContain(list);
    expect(await ids(f.tokens.stranger)).toEqual([]);
  });

  it('400 for bad ids, never 500', async () => {
    for (const url of ['/api/pricing/price-lists/abc', '/api/pricing/price-lists?locationId=x']) {
      const res = await call(t, f.tokens.owner, 'GET', url);
      expect(res.statusCode).toBe(400);
    }
    expect((await createList(f.tokens.owner, 999_999)).statusCode).toBe(404);
  });
});
