// Reference data over HTTP: countries (filled at start from countries-and-timezones), time zones, spot-market
// regions and currencies. Public lists: they work without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, eq } from '@ec/db';
import { VISIBLE_COUNTRY_CODES } from '@ec/domain';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { prepareReferenceData, referenceCountries } from './countries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

type CountryBody = {
  data: { countries: { id: number; code: string; name: string; visible: boolean }[] };
};

describe('GET /api/countries', () => {
  it('lists every country by English name, visible per the domain list', async () => {
    const res = await get('/api/countries');
    expect(res.statusCode).toBe(200);
    const list = json<CountryBody>(res).data.countries;
    expect(list.length).toBe(referenceCountries().length);
    expect(list.length).toBeGreaterThan(240);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    // Accented names sort with their letter, not after Z.
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
    expect(list.find((c) => c.code === 'SI')).toMatchObject({ name: 'Slovenia', visible: true });
    expect(list.find((c) => c.code === 'FR')).toMatchObject({ name: 'France', visible: false });
    expect(
      list
        .filter((c) => c.visible)
        .map((c) => c.code)
        .sort(),
    ).toEqual([...VISIBLE_COUNTRY_CODES].sort());
  });

  it('?visible=true keeps the countries the product is offered in', async () => {
    const res = await get('/api/countries?visible=true');
    const list = json<CountryBody>(res).data.countries;
    expect(list.map((c) => c.code).sort()).toEqual([...VISIBLE_COUNTRY_CODES].sort());
    expect(list.every((c) => c.visible)).toBe(true);
    const all = json<CountryBody>(await get('/api/countries?visible=false')).data.countries;
    expect(all.length).toBeGreaterThan(list.length);
  });

  it('400 for an unknown query value or key', async () => {
    expect((await get('/api/countries?visible=yes')).statusCode).toBe(400);
    const res = await get('/api/countries?code=SI');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { fields: { 'query.code': 'validation.unknown_field' } },
    });
  });

  it('the start-up fill is idempotent: ids stay, names and visibility return to the reference', async () => {
    const before = await t.db.db.select().from(countries).orderBy(countries.id);
    await t.db.db
      .update(countries)
      .set({ name: 'Renamed', visible: false })
      .where(eq(countries.code, 'SI'));
    await t.db.db.update(countries).set({ visible: true }).where(eq(countries.code, 'FR'));
    await prepareReferenceData(t.db.db);
    await prepareReferenceData(t.db.db);
    const after = await t.db.db.select().from(countries).orderBy(countries.id);
    expect(after).toEqual(before);
  });
});

describe('GET /api/timezones', () => {
  type Body = { data: { timezones: { name: string; utcOffset: string }[] } };

  it("answers a country's zones with the current UTC offset", async () => {
    const res = await get('/api/timezones?countryCode=SI');
    expect(res.statusCode).toBe(200);
    const zones = json<Body>(res).data.timezones;
    expect(zones.map((z) => z.name)).toEqual(['Europe/Ljubljana']);
    expect(['+01:00', '+02:00']).toContain(zones[0]?.utcOffset);
  });

  it('answers every zone without a country', async () => {
    const zones = json<Body>(await get('/api/timezones')).data.timezones;
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.map((z) => z.name)).toEqual(
      expect.arrayContaining(['Europe/Ljubljana', 'Asia/Tokyo']),
    );
    for (const zone of zones) expect(zone.utcOffset).toMatch(/^[+-]\d{2}:\d{2}$/);
  });

  it('400 with a field error for an unknown or malformed country', async () => {
    const unknown = await get('/api/timezones?countryCode=XX');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fields: { 'query.countryCode': 'validation.invalid_value' },
      },
    });
    const malformed = await get('/api/timezones?countryCode=Slovenia');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({
      error: { fields: { 'query.countryCode': 'validation.invalid' } },
    });
  });
});

describe('GET /api/pricing/spot-market/regions', () => {
  it('lists every ENTSO-E bidding zone (EIC) and the 14 Agile regions', async () => {
    const res = await get('/api/pricing/spot-market/regions');
    expect(res.statusCode).toBe(200);
    const entries = json<{
      data: { entries: { code: string; type: string; name: string; countryCode: string }[] };
    }>(res).data.entries;
    expect(entries.filter((e) => e.type === 'EIC')).toHaveLength(37);
    expect(entries.filter((e) => e.type === 'AGILE')).toHaveLength(14);
    expect(entries).toContainEqual({
      code: '10YSI-ELES-----O',
      type: 'EIC',
      name: 'Slovenia',
      countryCode: 'SI',
    });
    expect(entries).toContainEqual({ code: 'C', type: 'AGILE', name: 'London', countryCode: 'GB' });
  });
});

describe('GET /api/currencies', () => {
  it('lists the currencies of spec 001 §9 with their decimals', async () => {
    const res = await get('/api/currencies');
    expect(res.statusCode).toBe(200);
    const list = json<{ data: { currencies: { code: string; decimals: number }[] } }>(res).data
      .currencies;
    expect(list).toHaveLength(19);
    expect(list).toContainEqual({ code: 'ISK', decimals: 0 });
    expect(list).toContainEqual({ code: 'EUR', decimals: 2 });
  });
});
