// Time plans: /api/timeplans and their blocks, seasons and slots — who may read and change them (predefined: super
// admins; a company's: its aggregators; others read or get 404), coverage rules with messages naming day and time,
// and the 409 rules of a plan in use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type TestApp } from '../../test/helpers.ts';
import { call, startOrgFixture, type OrgFixture } from '../locations/locations.fixtures.ts';
import { SAMPLE_PLAN, sampleStructure } from './pricing.samples.ts';

let t: TestApp;
let f: OrgFixture;
beforeAll(async () => ({ t, f } = await startOrgFixture()));
afterAll(() => t.close());

type Plan = {
  id: number;
  companyId: number | null;
  complete: boolean;
  editable: boolean;
  inUse: boolean;
  blocks: { id: number; title: string; position: number }[];
  seasons: { id: number; title: string }[];
  slots: { id: number; blockId: number; dayOfWeek: number; start: string; end: string }[];
  problems: { kind: string; message: string; params: Record<string, string | number> }[];
};
type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    params?: Record<string, string | number>;
  };
};

async function createPlan(token: string, companyId: number | null, title = 'Plan') {
  const res = await call(t, token, 'POST', '/api/timeplans', { ...SAMPLE_PLAN, title, companyId });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { timePlan: Plan } }>(res).data.timePlan;
}

async function completePlan(token: string, companyId: number | null, title = 'Complete') {
  const plan = await createPlan(token, companyId, title);
  const res = await call(t, token, 'PUT', `/api/timeplans/${plan.id}/structure`, sampleStructure());
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { timePlan: Plan } }>(res).data.timePlan;
}

describe('POST /api/timeplans', () => {
  it('lets a super admin create a predefined plan and an aggregator a plan of the company', async () => {
    const predefined = await createPlan(f.tokens.admin, null, 'Predefined');
    expect(predefined).toMatchObject({
      companyId: null,
      complete: false,
      editable: true,
      inUse: false,
      blocks: [],
    });
    const own = await createPlan(f.tokens.aggMine, f.companies.mine, 'Mine');
    expect(own).toMatchObject({ companyId: f.companies.mine, editable: true });
  });

  it.each([
    ['aggMine', null, 403],
    ['owner', null, 403],
    ['owner', 'mine', 403],
    ['aggOther', 'mine', 404],
    ['stranger', 'mine', 404],
  ] as const)('%s creating a plan of %s → %i', async (user, company, status) => {
    const companyId = company === null ? null : f.companies[company];
    const res = await call(t, f.tokens[user], 'POST', '/api/timeplans', {
      ...SAMPLE_PLAN,
      companyId,
    });
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each([
    [{ color: 'red' }, 'data.color', 'validation.color'],
    [{ color: '#12345' }, 'data.color', 'validation.color'],
    [{ title: '' }, 'data.title', 'validation.required'],
    [{ title: 'A\u0000B' }, undefined, undefined],
    [{ holidays: 'SOMETIMES' }, 'data.holidays', 'validation.invalid_value'],
    [{ countryCode: 'si' }, 'data.countryCode', 'validation.invalid'],
  ])('400 for %o', async (change, field, key) => {
    const res = await call(t, f.tokens.admin, 'POST', '/api/timeplans', {
      ...SAMPLE_PLAN,
      companyId: null,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(json<ErrorBody>(res).error.fields?.[field]).toBe(key);
  });
});

describe('GET /api/timeplans and /api/companies/:id/timeplans', () => {
  it('lists predefined plans and the actor’s companies’ plans only', async () => {
    const mine = await createPlan(f.tokens.aggMine, f.companies.mine, 'Mine listed');
    const other = await createPlan(f.tokens.aggOther, f.companies.other, 'Other listed');
    const predefined = await createPlan(f.tokens.admin, null, 'Predefined listed');
    const ids = async (token: string, url = '/api/timeplans') => {
      const res = await call(t, token, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: { timePlans: { id: number }[] } }>(res).data.timePlans.map((p) => p.id);
    };
    const forMine = await ids(f.tokens.aggMine);
    expect(forMine).toEqual(expect.arrayContaining([mine.id, predefined.id]));
    expect(forMine).not.toContain(other.id);
    const forOwner = await ids(f.tokens.owner);
    expect(forOwner).toEqual(expect.arrayContaining([mine.id, predefined.id]));
    expect(forOwner).not.toContain(other.id);
    const forStranger = await ids(f.tokens.stranger);
    expect(forStranger).toContain(predefined.id);
    expect(forStranger).not.toContain(mine.id);
    expect(await ids(f.tokens.admin)).toEqual(
      expect.arrayContaining([mine.id, other.id, predefined.id]),
    );
    expect(await ids(f.tokens.aggMine, `/api/companies/${f.companies.mine}/timeplans`)).toContain(
      mine.id,
    );
    const res = await call(
      t,
      f.tokens.aggMine,
      'GET',
      `/api/companies/${f.companies.other}/timeplans`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('filters by country (code or the reference country id)', async () => {
    const none = await call(t, f.tokens.admin, 'GET', '/api/timeplans?countryCode=IS');
    expect(json<{ data: { timePlans: unknown[] } }>(none).data.timePlans).toEqual([]);
    const byId = await call(t, f.tokens.admin, 'GET', `/api/timeplans?countryId=${f.countryId}`);
    const plans = json<{ data: { timePlans: { countryCode: string }[] } }>(byId).data.timePlans;
    expect(plans.length).toBeGreaterThan(0);
    expect(new Set(plans.map((p) => p.countryCode))).toEqual(new Set(['SI']));
  });

  it('offers a plan without a country in every country', async () => {
    const created = await call(t, f.tokens.aggMine, 'POST', '/api/timeplans', {
      ...SAMPLE_PLAN,
      title: 'Anywhere',
      countryCode: null,
      companyId: f.companies.mine,
    });
    expect(created.statusCode).toBe(201);
    for (const query of ['countryCode=SI', 'countryCode=IS', `countryId=${f.countryId}`]) {
      const res = await call(t, f.tokens.aggMine, 'GET', `/api/timeplans?${query}`);
      const titles = json<{ data: { timePlans: { title: string }[] } }>(res).data.timePlans.map(
        (p) => p.title,
      );
      expect(titles, query).toContain('Anywhere');
    }
  });
});

describe('structure', () => {
  it('saves a complete plan at once and answers blocks, seasons and slots', async () => {
    const plan = await completePlan(f.tokens.aggMine, f.companies.mine);
    expect(plan.complete).toBe(true);
    expect(plan.problems).toEqual([]);
    expect(plan.blocks.map((b) => [b.title, b.position])).toEqual([
      ['VT', 1],
      ['MT', 2],
    ]);
    expect(plan.slots).toHaveLength(21);
    const res = await call(t, f.tokens.owner, 'GET', `/api/timeplans/${plan.id}/structure`);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { timePlan: Plan } }>(res).data.timePlan).toMatchObject({
      complete: true,
      editable: false,
    });
  });

  it('refuses a gap with a message naming the day and the time', async () => {
    const plan = await createPlan(f.tokens.admin, null);
    const structure = sampleStructure();
    // Tuesday without its evening slot.
    structure.slots = structure.slots.filter((s) => !(s.dayOfWeek === 2 && s.start === '22:00'));
    const res = await call(
      t,
      f.tokens.admin,
      'PUT',
      `/api/timeplans/${plan.id}/structure`,
      structure,
    );
    expect(res.statusCode, res.body).toBe(400);
    const { error } = json<ErrorBody>(res);
    expect(error.message).toBe('time_of_use.errors.gap');
    expect(error.params).toMatchObject({
      from: '22:00',
      to: '24:00',
      dayOfWeek: 2,
      season: 'All year',
    });
    expect(error.params?.day).toBe('Tuesday');
    expect(error.fields).toEqual({ 'data.slots': 'time_of_use.errors.gap' });
  });

  it('refuses an overlap and seasons that leave days uncovered', async () => {
    const plan = await createPlan(f.tokens.admin, null);
    const overlap = sampleStructure();
    overlap.slots.push({
      blockIndex: 0,
      seasonIndex: 0,
      dayOfWeek: 5,
      start: '05:00',
      end: '07:00',
    });
    const res = await call(
      t,
      f.tokens.admin,
      'PUT',
      `/api/timeplans/${plan.id}/structure`,
      overlap,
    );
    expect(json<ErrorBody>(res).error).toMatchObject({
      message: 'time_of_use.errors.overlap',
      params: { dayOfWeek: 5, from: '05:00', to: '07:00' },
    });
    const short = sampleStructure();
    short.seasons = [{ title: 'Most', from: '01-01', to: '12-30' }];
    const gap = await call(t, f.tokens.admin, 'PUT', `/api/timeplans/${plan.id}/structure`, short);
    expect(gap.statusCode).toBe(400);
    expect(json<ErrorBody>(gap).error).toMatchObject({
      message: 'time_of_use.errors.season_gap',
      params: { from: '12-31', to: '12-31' },
    });
  });

  it('400 for bad times, days and indexes (never 500)', async () => {
    const plan = await createPlan(f.tokens.admin, null);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start: '06:10' }, 'data.slots.0.start', 'validation.quarter_hour'],
      [{ end: '24:15' }, 'data.slots.0.end', 'validation.quarter_hour'],
      [{ end: '00:00' }, 'data.slots.0.end', 'validation.quarter_hour'],
      [{ dayOfWeek: 8 }, 'data.slots.0.dayOfWeek', 'validation.too_big'],
      [{ dayOfWeek: 0 }, 'data.slots.0.dayOfWeek', 'validation.too_small'],
      [{ blockIndex: 5 }, 'data.slots.0.blockIndex', 'validation.invalid_value'],
      [{ start: '07:00', end: '06:00' }, 'data.slots.0.end', 'validation.invalid_value'],
      [{ validFrom: '2025-02-30' }, 'data.slots.0.validFrom', 'validation.date'],
    ];
    for (const [change, field, key] of cases) {
      const structure = sampleStructure();
      structure.slots[0] = { ...structure.slots[0], ...change } as (typeof structure.slots)[number];
      const res = await call(
        t,
        f.tokens.admin,
        'PUT',
        `/api/timeplans/${plan.id}/structure`,
        structure,
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json<ErrorBody>(res).error.fields?.[field], JSON.stringify(change)).toBe(key);
    }
    const badSeason = sampleStructure();
    badSeason.seasons = [{ title: 'X', from: '02-30', to: '12-31' }];
    const res = await call(
      t,
      f.tokens.admin,
      'PUT',
      `/api/timeplans/${plan.id}/structure`,
      badSeason,
    );
    expect(json<ErrorBody>(res).error.fields?.['data.seasons.0.from']).toBe('validation.date');
  });

  it('refuses ids of another plan’s blocks', async () => {
    const a = await completePlan(f.tokens.admin, null);
    const b = await createPlan(f.tokens.admin, null);
    const structure = sampleStructure({ blocks: a.blocks.map((x) => x.id), season: 999_999 });
    const res = await call(t, f.tokens.admin, 'PUT', `/api/timeplans/${b.id}/structure`, structure);
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error.fields).toMatchObject({
      'data.blocks.0.id': 'validation.invalid_value',
      'data.seasons.0.id': 'validation.invalid_value',
    });
  });

  it.each([
    ['owner', 403],
    ['editor', 403],
    ['aggOther', 404],
    ['stranger', 404],
  ] as const)('%s cannot change a company plan → %i', async (user, status) => {
    const plan = await createPlan(f.tokens.aggMine, f.companies.mine);
    const put = await call(
      t,
      f.tokens[user],
      'PUT',
      `/api/timeplans/${plan.id}/structure`,
      sampleStructure(),
    );
    expect(put.statusCode, put.body).toBe(status);
    const rename = await call(t, f.tokens[user], 'PUT', `/api/timeplans/${plan.id}`, SAMPLE_PLAN);
    expect(rename.statusCode).toBe(status);
    const del = await call(t, f.tokens[user], 'DELETE', `/api/timeplans/${plan.id}`);
    expect(del.statusCode).toBe(status);
  });

  it('a predefined plan is read by everyone and changed by super admins only', async () => {
    const plan = await createPlan(f.tokens.admin, null);
    for (const user of ['aggMine', 'owner', 'stranger'] as const) {
      const read = await call(t, f.tokens[user], 'GET', `/api/timeplans/${plan.id}/structure`);
      expect(read.statusCode).toBe(200);
      const write = await call(t, f.tokens[user], 'PUT', `/api/timeplans/${plan.id}`, SAMPLE_PLAN);
      expect(write.statusCode).toBe(403);
    }
  });
});

describe('blocks, seasons and slots by id', () => {
  it('creates, reorders, changes and deletes blocks', async () => {
    const plan = await createPlan(f.tokens.aggMine, f.companies.mine);
    const url = `/api/timeplans/${plan.id}/blocks`;
    const a = await call(t, f.tokens.aggMine, 'POST', url, { title: 'A', color: '#AABBCC' });
    expect(a.statusCode, a.body).toBe(201);
    expect(json<{ data: { block: unknown } }>(a).data.block).toMatchObject({
      title: 'A',
      color: '#aabbcc',
      position: 1,
    });
    const b = await call(t, f.tokens.aggMine, 'POST', url, {
      title: 'B',
      color: '#000000',
      position: 1,
    });
    const bId = json<{ data: { block: { id: number; position: number } } }>(b).data.block;
    expect(bId.position).toBe(1);
    const list = await call(t, f.tokens.owner, 'GET', url);
    expect(
      json<{ data: { blocks: { title: string }[] } }>(list).data.blocks.map((x) => x.title),
    ).toEqual(['B', 'A']);
    const moved = await call(t, f.tokens.aggMine, 'PUT', `${url}/${bId.id}`, {
      title: 'B2',
      color: '#000000',
      position: 2,
    });
    expect(
      json<{ data: { block: { position: number; title: string } } }>(moved).data.block,
    ).toMatchObject({
      title: 'B2',
      position: 2,
    });
    expect((await call(t, f.tokens.aggMine, 'DELETE', `${url}/${bId.id}`)).statusCode).toBe(204);
    const after = await call(t, f.tokens.owner, 'GET', url);
    expect(
      json<{ data: { blocks: { title: string; position: number }[] } }>(after).data.blocks,
    ).toEqual([expect.objectContaining({ title: 'A', position: 1 })]);
    expect((await call(t, f.tokens.aggMine, 'DELETE', `${url}/${bId.id}`)).statusCode).toBe(404);
    expect(
      (await call(t, f.tokens.owner, 'POST', url, { title: 'X', color: '#000000' })).statusCode,
    ).toBe(403);
  });

  it('refuses overlapping seasons with the overlapping days', async () => {
    const plan = await createPlan(f.tokens.admin, null);
    const url = `/api/timeplans/${plan.id}/seasons`;
    const winter = await call(t, f.tokens.admin, 'POST', url, {
      title: 'Winter',
      from: '11-01',
      to: '02-29',
    });
    expect(winter.statusCode, winter.body).toBe(201);
    const clash = await call(t, f.tokens.admin, 'POST', url, {
      title: 'Spring',
      from: '02-15',
      to: '05-31',
    });
    expect(clash.statusCode).toBe(400);
    expect(json<ErrorBody>(clash).error).toMatchObject({
      message: 'time_of_use.errors.season_overlap',
      params: { from: '02-15', to: '02-29' },
    });
    const summer = await call(t, f.tokens.admin, 'POST', url, {
      title: 'Summer',
      from: '03-01',
      to: '10-31',
    });
    expect(summer.statusCode).toBe(201);
    const id = json<{ data: { season: { id: number } } }>(summer).data.season.id;
    const renamed = await call(t, f.tokens.admin, 'PUT', `${url}/${id}`, {
      title: 'Sommer',
      from: '03-01',
      to: '10-31',
    });
    expect(renamed.statusCode).toBe(200);
    const list = await call(t, f.tokens.owner, 'GET', url);
    expect(
      json<{ data: { seasons: { title: string }[] } }>(list).data.seasons.map((s) => s.title),
    ).toEqual(['Sommer', 'Winter']);
    expect((await call(t, f.tokens.admin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
  });

  it('adds slots to a saved season only, refuses overlaps naming day and time, and completes the plan', async () => {
    const plan = await createPlan(f.tokens.aggMine, f.companies.mine);
    const base = `/api/timeplans/${plan.id}`;
    const block = json<{ data: { block: { id: number } } }>(
      await call(t, f.tokens.aggMine, 'POST', `${base}/blocks`, { title: 'All', color: '#123456' }),
    ).data.block.id;
    const slotUrl = `${base}/blocks/${block}/slots`;
    const noSeason = await call(t, f.tokens.aggMine, 'POST', slotUrl, {
      seasonId: 999_999,
      dayOfWeek: 1,
      start: '00:00',
      end: '24:00',
    });
    expect(noSeason.statusCode).toBe(400);
    expect(json<ErrorBody>(noSeason).error.fields).toEqual({
      'data.seasonId': 'validation.invalid_value',
    });
    const season = json<{ data: { season: { id: number } } }>(
      await call(t, f.tokens.aggMine, 'POST', `${base}/seasons`, {
        title: 'Year',
        from: '01-01',
        to: '12-31',
      }),
    ).data.season.id;
    const ids: number[] = [];
    for (let day = 1; day <= 7; day++) {
      const res = await call(t, f.tokens.aggMine, 'POST', slotUrl, {
        seasonId: season,
        dayOfWeek: day,
        start: '00:00',
        end: day === 3 ? '12:00' : '24:00',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(json<{ data: { slot: { id: number } } }>(res).data.slot.id);
    }
    const incomplete = json<{ data: { timePlan: Plan } }>(
      await call(t, f.tokens.owner, 'GET', `${base}/structure`),
    ).data.timePlan;
    expect(incomplete.complete).toBe(false);
    expect(incomplete.problems).toEqual([
      expect.objectContaining({
        kind: 'gap',
        message: 'time_of_use.errors.gap',
        params: expect.objectContaining({ day: 'Wednesday', from: '12:00', to: '24:00' }),
      }),
    ]);
    const overlap = await call(t, f.tokens.aggMine, 'POST', slotUrl, {
      seasonId: season,
      dayOfWeek: 3,
      start: '11:00',
      end: '24:00',
    });
    expect(overlap.statusCode).toBe(400);
    expect(json<ErrorBody>(overlap).error).toMatchObject({
      message: 'time_of_use.errors.overlap',
      params: { day: 'Wednesday', from: '11:00', to: '12:00' },
    });
    const fill = await call(t, f.tokens.aggMine, 'POST', slotUrl, {
      seasonId: season,
      dayOfWeek: 3,
      start: '12:00',
      end: '24:00',
    });
    expect(fill.statusCode).toBe(201);
    const slots = await call(t, f.tokens.owner, 'GET', slotUrl);
    expect(json<{ data: { slots: unknown[] } }>(slots).data.slots).toHaveLength(8);
    const complete = json<{ data: { timePlan: Plan } }>(
      await call(t, f.tokens.owner, 'GET', `${base}/structure`),
    ).data.timePlan;
    expect(complete.complete).toBe(true);
    const moved = await call(t, f.tokens.aggMine, 'PUT', `${slotUrl}/${ids[0]}`, {
      seasonId: season,
      dayOfWeek: 1,
      start: '00:00',
      end: '23:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<{ data: { slot: { end: string } } }>(moved).data.slot.end).toBe('23:00');
    expect((await call(t, f.tokens.aggMine, 'DELETE', `${slotUrl}/${ids[0]}`)).statusCode).toBe(
      204,
    );
    expect((await call(t, f.tokens.aggMine, 'DELETE', `${slotUrl}/${ids[0]}`)).statusCode).toBe(
      404,
    );
    expect((await call(t, f.tokens.owner, 'DELETE', `${slotUrl}/${ids[1]}`)).statusCode).toBe(403);
    expect((await call(t, f.tokens.aggOther, 'GET', slotUrl)).statusCode).toBe(404);
  });
});

describe('plans in use', () => {
  it('409 time_of_use.errors.in_use for deleting the plan, its blocks or seasons, or changing its block count', async () => {
    const plan = await completePlan(f.tokens.aggMine, f.companies.mine, 'Used');
    const config = await call(t, f.tokens.aggMine, 'POST', '/api/price-type-configs', {
      kind: 'DISTRIBUTOR_ENERGY',
      name: 'Network',
      countryCode: 'SI',
      companyId: f.companies.mine,
      currency: 'EUR',
      model: 'TIME_OF_USE',
      timePlanId: plan.id,
      prices: ['0.05', '0.03'],
      feePerMonth: null,
      validFrom: '2025-01-01',
      validTo: null,
    });
    expect(config.statusCode, config.body).toBe(201);
    const base = `/api/timeplans/${plan.id}`;
    const inUse = { error: { code: 'CONFLICT', message: 'time_of_use.errors.in_use' } };
    for (const [method, url, body] of [
      ['DELETE', base, undefined],
      ['DELETE', `${base}/blocks/${plan.blocks[0]?.id}`, undefined],
      ['DELETE', `${base}/seasons/${plan.seasons[0]?.id}`, undefined],
      ['POST', `${base}/blocks`, { title: 'Third', color: '#000000' }],
      [
        'PUT',
        `${base}/structure`,
        { ...sampleStructure(), blocks: [{ title: 'One', color: '#000000' }] },
      ],
    ] as const) {
      const res = await call(t, f.tokens.aggMine, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(json(res)).toEqual(inUse);
    }
    const usage = await call(t, f.tokens.owner, 'GET', `${base}/configs`);
    expect(usage.statusCode).toBe(200);
    expect(
      json<{ data: { configs: { name: string }[] } }>(usage).data.configs.map((c) => c.name),
    ).toEqual(['Network']);
    const summary = await call(t, f.tokens.aggMine, 'GET', '/api/timeplans');
    const listed = json<{
      data: { timePlans: { id: number; inUse: boolean; blocksCount: number }[] };
    }>(summary).data.timePlans.find((p) => p.id === plan.id);
    expect(listed).toMatchObject({ inUse: true, blocksCount: 2 });
    // Titles and colours may still change.
    const rename = await call(t, f.tokens.aggMine, 'PUT', base, {
      ...SAMPLE_PLAN,
      title: 'Renamed',
    });
    expect(rename.statusCode).toBe(200);
  });

  it('deletes a plan nobody uses', async () => {
    const plan = await completePlan(f.tokens.admin, null, 'Unused');
    expect((await call(t, f.tokens.admin, 'DELETE', `/api/timeplans/${plan.id}`)).statusCode).toBe(
      204,
    );
    expect(
      (await call(t, f.tokens.admin, 'GET', `/api/timeplans/${plan.id}/structure`)).statusCode,
    ).toBe(404);
  });
});
