// GET /api/pricing/spot-market over HTTP: stored prices in the zone's local days, for signed-in users only, with
// field errors for bad input. Prices come from the in-process emulators (no ENTSOE_TOKEN in tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entsoeDayPrices } from '@ec/emulators/entsoe';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../../test/helpers.ts';

const SI = '10YSI-ELES-----O';

type Body = {
  data: {
    region: string;
    type: string;
    currency: string;
    timeZone: string;
    resolutionMinutes: number;
    published: boolean;
    prices: { start: string; end: string; pricePerMwh: string; pricePerMwhIncVat: string | null }[];
  };
};
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, DEMO.basic);
  await t.app.services.spotPrices.fetchRange('ENTSOE', SI, '2026-11-19', '2026-11-20');
  // London's 20 November is the end of Agile day 20 and the first hour of Agile day 21.
  await t.app.services.spotPrices.fetchRange('OCTOPUS', 'C', '2026-11-20', '2026-11-21');
});
afterAll(() => t.close());

const get = (query: string, session: string | null = token) =>
  send(t.app, 'GET', `/api/pricing/spot-market?${query}`, session ? { token: session } : {});

describe('GET /api/pricing/spot-market', () => {
  it('answers 401 without a session', async () => {
    const res = await get(`region=${SI}&type=EIC&date=2026-11-20`, null);
    expect(res.statusCode).toBe(401);
  });

  it("answers a Slovenian day in Europe/Ljubljana's quarter hours, as exact decimals", async () => {
    const res = await get(`region=${SI}&type=EIC&date=2026-11-20`);
    expect(res.statusCode).toBe(200);
    const { data } = json<Body>(res);
    expect(data).toMatchObject({
      region: SI,
      type: 'EIC',
      currency: 'EUR',
      timeZone: 'Europe/Ljubljana',
      resolutionMinutes: 15,
      published: true,
    });
    expect(data.prices).toHaveLength(96);
    expect(data.prices[0]).toMatchObject({
      start: '2026-11-19T23:00:00.000Z',
      end: '2026-11-19T23:15:00.000Z',
      pricePerMwhIncVat: null,
    });
    expect(data.prices.map((p) => p.pricePerMwh)).toEqual(
      entsoeDayPrices(SI, '2026-11-20').map((p) => String(p.price)),
    );
  });

  it('answers a period with from and to (both days included)', async () => {
    const res = await get(`region=${SI}&type=EIC&from=2026-11-19&to=2026-11-20`);
    expect(json<Body>(res).data.prices).toHaveLength(192);
  });

  it("answers an Agile region in London's day, in GBP/MWh with VAT", async () => {
    const { data } = json<Body>(await get('region=C&type=AGILE&date=2026-11-20'));
    expect(data).toMatchObject({ currency: 'GBP', timeZone: 'Europe/London', published: true });
    expect(data.prices).toHaveLength(96);
    expect(data.prices[0]?.start).toBe('2026-11-20T00:00:00.000Z');
    expect(data.prices.at(-1)?.start).toBe('2026-11-20T23:45:00.000Z');
    const first = data.prices[0];
    expect(Number(first?.pricePerMwhIncVat)).toBeCloseTo(Number(first?.pricePerMwh) * 1.05, 3);
  });

  it('says published: false for a day without prices yet', async () => {
    const { data } = json<Body>(await get(`region=${SI}&type=EIC&date=2099-01-01`));
    expect(data).toMatchObject({ published: false, prices: [], currency: 'EUR' });
    const period = json<Body>(
      await get(`region=${SI}&type=EIC&from=2026-11-20&to=2026-11-21`),
    ).data;
    expect(period.published).toBe(false);
    expect(period.prices).toHaveLength(96);
  });

  it.each([
    ['region=10YSI-ELES-----O&type=EIC', { 'query.date': 'validation.required' }],
    ['region=10YSI-ELES-----O&type=EIC&date=2026-02-30', { 'query.date': 'validation.invalid' }],
    ['region=10YSI-ELES-----O&type=EIC&from=2026-11-20', { 'query.to': 'validation.required' }],
    [
      'region=10YSI-ELES-----O&type=EIC&from=2026-11-20&to=2026-11-19',
      { 'query.to': 'validation.invalid_value' },
    ],
    [
      'region=10YSI-ELES-----O&type=EIC&from=2026-01-01&to=2026-02-01',
      { 'query.to': 'validation.too_big' },
    ],
    [
      'region=10YSI-ELES-----O&type=EIC&date=2026-11-20&from=2026-11-20',
      { 'query.from': 'validation.invalid' },
    ],
    [
      'region=10YXX-NOWHERE--X&type=EIC&date=2026-11-20',
      { 'query.region': 'validation.invalid_value' },
    ],
    ['region=C&type=EIC&date=2026-11-20', { 'query.region': 'validation.invalid_value' }],
    [
      'region=10YSI-ELES-----O&type=SPOT&date=2026-11-20',
      { 'query.type': 'validation.invalid_value' },
    ],
  ])('400 with field errors for %s', async (query, fields) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });

  it('accepts 31 days and not 32', async () => {
    expect((await get(`region=${SI}&type=EIC&from=2026-01-01&to=2026-01-31`)).statusCode).toBe(200);
  });
});
