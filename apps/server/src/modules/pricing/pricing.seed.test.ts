// The shipped country defaults stored at start (idempotent, by code) and the demo's price lists: every demo
// location has an active list from its country's defaults and a previous one, and each passes the API's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, countries, eq, locations, timePlans, users } from '@ec/db';
import { ADMIN, createTestApp, json, signIn, type TestApp } from '../../test/helpers.ts';
import { call } from '../locations/locations.fixtures.ts';
import { seedDemoPriceLists, seedPricingDefaults } from './pricing.seed.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  admin = await signIn(t.app, ADMIN);
});
afterAll(() => t.close());

type Defaults = {
  configs: { code: string | null; kind: string; timePlanId: number | null; prices: string[] }[];
  timePlans: { id: number; code: string | null; complete: boolean; blocks: unknown[] }[];
};
type List = Record<string, unknown> & {
  id: number;
  name: string;
  kind: string;
  active: boolean;
  validFrom: string;
  validTo: string | null;
  locationId: number;
  tariffPlanId: number | null;
};

describe('country defaults', () => {
  it.each(['SI', 'AT', 'HR', 'NL'])(
    '%s: stored configs with their complete time plans',
    async (code) => {
      const res = await call(
        t,
        admin,
        'GET',
        `/api/price-type-configs/defaults?countryCode=${code}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { configs, timePlans: plans } = json<{ data: Defaults }>(res).data;
      expect(configs.length).toBeGreaterThan(0);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) expect(plan, plan.code ?? '').toMatchObject({ complete: true });
      for (const config of configs) {
        expect(config.code).toMatch(new RegExp(`^${code}-`));
        if (config.timePlanId !== null) {
          const plan = plans.find((p) => p.id === config.timePlanId);
          expect(config.prices).toHaveLength(plan?.blocks.length ?? -1);
        }
      }
    },
  );

  it('Slovenia ships the five-block network plan and the VT/MT supplier windows; by country id too', async () => {
    const [si] = await t.db.db.select().from(countries).where(eq(countries.code, 'SI'));
    const res = await call(t, admin, 'GET', `/api/price-type-configs/defaults?countryId=${si?.id}`);
    const { timePlans: plans } = json<{ data: Defaults }>(res).data;
    expect(plans.map((p) => p.blocks.length).sort()).toEqual([2, 5]);
    const none = await call(t, admin, 'GET', '/api/price-type-configs/defaults?countryCode=IS');
    expect(json<{ data: Defaults }>(none).data).toEqual({ configs: [], timePlans: [] });
  });

  it('every signed-in user reads them; only super admins change them', async () => {
    const res = await call(t, admin, 'GET', '/api/timeplans?countryCode=SI');
    const plan = json<{ data: { timePlans: { id: number; editable: boolean }[] } }>(res).data
      .timePlans[0];
    expect(plan?.editable).toBe(true);
  });

  it('storing them again adds nothing and keeps what super admins changed', async () => {
    await t.db.db
      .update(timePlans)
      .set({ title: 'Changed by an admin' })
      .where(eq(timePlans.code, 'SI-SUPPLIER-VT-MT'));
    expect(await seedPricingDefaults(t.db.db)).toEqual({ plans: 0, configs: 0 });
    const [row] = await t.db.db
      .select()
      .from(timePlans)
      .where(eq(timePlans.code, 'SI-SUPPLIER-VT-MT'));
    expect(row?.title).toBe('Changed by an admin');
  });
});

describe('demo price lists', () => {
  it('every demo location has one active list and a previous one, newest first', async () => {
    // The super admin's site (the other demo site's locations are another tenant).
    const [me] = await t.db.db.select().from(users).where(eq(users.email, ADMIN.email));
    const all = await t.db.db
      .select({ id: locations.id, country: countries.code })
      .from(locations)
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .leftJoin(countries, eq(countries.id, locations.countryId))
      .where(eq(companies.siteId, me?.siteId ?? 0));
    expect(all.length).toBeGreaterThan(0);
    const kinds = new Map<string, string[]>();
    for (const location of all) {
      const res = await call(t, admin, 'GET', `/api/locations/${location.id}/price-lists`);
      const lists = json<{ data: { priceLists: List[] } }>(res).data.priceLists;
      expect(
        lists.filter((l) => l.active),
        `location ${location.id}`,
      ).toHaveLength(1);
      expect(lists).toHaveLength(2);
      expect(lists[0]?.active).toBe(true);
      expect(lists[1]?.validTo).toBe(lists[0]?.validFrom);
      const key = location.country ?? '';
      kinds.set(key, [...(kinds.get(key) ?? []), lists[0]?.kind ?? '']);
    }
    expect(kinds.get('SI')?.filter((k) => k === 'SPOT_MARKET')).toHaveLength(1);
    expect(kinds.get('SI')).toContain('TIME_OF_USE');
    expect(new Set(kinds.get('HR'))).toEqual(new Set(['TIME_OF_USE']));
    expect(await seedDemoPriceLists(t.db.db)).toBe(0);
  });

  it('each demo list passes the API’s own rules when saved unchanged', async () => {
    const res = await call(t, admin, 'GET', '/api/pricing/price-lists');
    const lists = json<{ data: { priceLists: List[] } }>(res).data.priceLists;
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      const {
        id,
        locationId: _l,
        locationName: _n,
        active: _a,
        editable: _e,
        ...form
      } = list as List & { locationName: string; editable: boolean };
      const put = await call(t, admin, 'PUT', `/api/pricing/price-lists/${id}`, form);
      expect(put.statusCode, `${list.name}: ${put.body}`).toBe(200);
    }
  });
});
