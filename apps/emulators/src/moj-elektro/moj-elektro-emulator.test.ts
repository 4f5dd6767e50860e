import { afterEach, describe, expect, it } from 'vitest';
import {
  MOJ_ELEKTRO_DEMO,
  MOJ_ELEKTRO_DEMO_PLACES,
  mojElektroDataRange,
  mojElektroDemoReadings,
  portalTimestamp,
  startMojElektroEmulator,
  type MojElektroEmulator,
} from './moj-elektro-emulator.ts';

const NOW = new Date('2026-11-28T18:00:00Z');
const P_PLUS = '32.0.2.4.1.2.37.0.0.0.0.0.0.0.0.3.38.0';
const A_PLUS = '32.0.2.4.1.2.12.0.0.0.0.0.0.0.0.3.72.0';
const A_MINUS = '32.0.2.4.19.2.12.0.0.0.0.0.0.0.0.3.72.0';

interface Readings {
  intervalBlocks: {
    readingType: string;
    intervalReadings: { timestamp: string; value: string; readingQualities: unknown[] }[];
  }[];
  messageCreated: string;
  usagePoint: string;
}

describe('Moj Elektro emulator', () => {
  let emulator: MojElektroEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  async function start(rateLimitPerSecond = 1000) {
    emulator = await startMojElektroEmulator({ now: () => NOW, rateLimitPerSecond });
    return emulator;
  }

  async function get(path: string, token: string = MOJ_ELEKTRO_DEMO.allToken) {
    const response = await fetch(`${emulator?.url}${path}`, { headers: { 'X-API-TOKEN': token } });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  const readings = (usagePoint: string, start: string, end: string, types: string[]) =>
    `/meter-readings?${new URLSearchParams([
      ['usagePoint', usagePoint],
      ['startTime', start],
      ['endTime', end],
      ...types.map((t): [string, string] => ['option', `ReadingType=${t}`]),
    ]).toString()}`;

  it('serves a month of 15-minute data with interval-end timestamps, endTime exclusive, P+ = 4 × A+', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mojelektro\/v1$/);
    const { household } = MOJ_ELEKTRO_DEMO;
    const { status, body } = await get(
      readings(household.eimm, '2026-05-30', '2026-06-06', [A_PLUS, P_PLUS]),
    );
    expect(status).toBe(200);
    const data = body as Readings;
    expect(data.usagePoint).toBe(household.eimm);
    expect(data.messageCreated).toMatch(/^2026-11-28T19:00:00\.\d{9}\+01:00$/);
    expect(data.intervalBlocks.map((b) => b.readingType)).toEqual([A_PLUS, P_PLUS]);
    const [a, p] = data.intervalBlocks;
    expect(a?.intervalReadings).toHaveLength(7 * 96);
    expect(a?.intervalReadings[0]?.timestamp).toBe('2026-05-30T00:15:00+02:00');
    expect(a?.intervalReadings.at(-1)?.timestamp).toBe('2026-06-06T00:00:00+02:00');
    for (const [i, r] of (a?.intervalReadings ?? []).entries()) {
      expect(r.value).toMatch(/^\d+\.\d{4}$/);
      expect(Number(p?.intervalReadings[i]?.value)).toBeCloseTo(4 * Number(r.value), 9);
      expect(p?.intervalReadings[i]?.timestamp).toBe(r.timestamp);
    }
    // Same as the exported generator (what tests of the client compare with), and the same on a re-read.
    const want = mojElektroDemoReadings(household, '2026-05-30', '2026-06-06', NOW);
    expect(a?.intervalReadings.map((r) => Number(r.value))).toEqual(want.map((w) => w.aPlus));
    expect(a?.intervalReadings.map((r) => Date.parse(r.timestamp))).toEqual(
      want.map((w) => w.endMs),
    );
    const again = await get(readings(household.mmGsrn, '2026-05-30', '2026-06-06', [A_PLUS]));
    expect((again.body as Readings).intervalBlocks[0]).toEqual(a);
  });

  it('has 100 quarter hours on the autumn DST day (02:xx twice, +02:00 then +01:00) and 92 in spring', async () => {
    await start();
    const { household } = MOJ_ELEKTRO_DEMO;
    const autumn = (await get(readings(household.eimm, '2025-10-26', '2025-10-27', [P_PLUS])))
      .body as Readings;
    const stamps = autumn.intervalBlocks[0]?.intervalReadings.map((r) => r.timestamp) ?? [];
    expect(stamps).toHaveLength(100);
    expect(stamps.slice(8, 16)).toEqual([
      '2025-10-26T02:15:00+02:00',
      '2025-10-26T02:30:00+02:00',
      '2025-10-26T02:45:00+02:00',
      '2025-10-26T02:00:00+01:00',
      '2025-10-26T02:15:00+01:00',
      '2025-10-26T02:30:00+01:00',
      '2025-10-26T02:45:00+01:00',
      '2025-10-26T03:00:00+01:00',
    ]);
    expect(stamps.at(-1)).toBe('2025-10-27T00:00:00+01:00');
    const spring = (await get(readings(household.eimm, '2026-03-29', '2026-03-30', [P_PLUS])))
      .body as Readings;
    const springStamps = spring.intervalBlocks[0]?.intervalReadings.map((r) => r.timestamp) ?? [];
    expect(springStamps).toHaveLength(92);
    expect(springStamps.slice(6, 9)).toEqual([
      '2026-03-29T01:45:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T03:15:00+02:00',
    ]);
  });

  it('serves data from 2 years + 40 days back up to yesterday 24:00 only', async () => {
    await start();
    const { business } = MOJ_ELEKTRO_DEMO;
    expect(mojElektroDataRange(NOW)).toEqual({ firstDate: '2024-10-19', endDate: '2026-11-28' });
    const recent = (await get(readings(business.eimm, '2026-11-26', '2026-11-30', [A_PLUS])))
      .body as Readings;
    const stamps = recent.intervalBlocks[0]?.intervalReadings.map((r) => r.timestamp) ?? [];
    expect(stamps).toHaveLength(2 * 96);
    expect(stamps.at(-1)).toBe('2026-11-28T00:00:00+01:00');
    const old = (await get(readings(business.eimm, '2024-10-01', '2024-10-21', [A_PLUS])))
      .body as Readings;
    expect(old.intervalBlocks[0]?.intervalReadings[0]?.timestamp).toBe('2024-10-19T00:15:00+02:00');
    expect(old.intervalBlocks[0]?.intervalReadings).toHaveLength(2 * 96);
  });

  it('gives each profile its shape: winter-heavy household with EV peaks, weekday business, solar export', async () => {
    await start();
    const { household, business, solar } = MOJ_ELEKTRO_DEMO;
    const kwh = (rows: { aPlus: number }[]) => rows.reduce((s, r) => s + r.aPlus, 0);
    const january = mojElektroDemoReadings(household, '2026-01-01', '2026-02-01', NOW);
    const july = mojElektroDemoReadings(household, '2026-07-01', '2026-08-01', NOW);
    expect(kwh(january)).toBeGreaterThan(1.6 * kwh(july));
    // EV charging (11 kW) shows up on evenings, within the 17 kW connection.
    const peaks = january.filter((r) => r.pPlus > 11);
    expect(peaks.length).toBeGreaterThan(20);
    expect(Math.max(...january.map((r) => r.pPlus))).toBeLessThanOrEqual(17);
    expect(january.every((r) => r.aMinus === 0)).toBe(true);

    const week = mojElektroDemoReadings(business, '2026-06-01', '2026-06-08', NOW); // Mon–Sun
    const at = (day: number, hour: number) => week[day * 96 + hour * 4]?.pPlus ?? NaN;
    expect(at(2, 10)).toBeGreaterThan(3 * at(2, 2)); // Wednesday 10:00 vs 02:00
    expect(at(2, 10)).toBeGreaterThan(3 * at(6, 10)); // Wednesday vs Sunday
    expect(Math.max(...week.map((r) => r.pPlus))).toBeLessThan(43);

    const june = mojElektroDemoReadings(solar, '2026-06-01', '2026-07-01', NOW);
    const noon = june.filter((r) => new Date(r.endMs).getUTCHours() === 11);
    expect(noon.filter((r) => r.pMinus > 0).length).toBeGreaterThan(noon.length / 2);
    expect(Math.max(...june.map((r) => r.pMinus))).toBeLessThanOrEqual(8);
    const night = june.filter((r) => new Date(r.endMs).getUTCHours() === 1);
    expect(night.every((r) => r.pMinus === 0 && r.pPlus > 0)).toBe(true);
  });

  it('reads places by EIMM or MM GSRN and points by MT GSRN, with the recorded shapes', async () => {
    await start();
    const { solar, household } = MOJ_ELEKTRO_DEMO;
    const place = await get(`/merilno-mesto/${solar.mmGsrn}`, solar.token);
    expect(place.status).toBe(200);
    expect(place.body).toMatchObject({
      identifikator: { enotniIdentifikatorMerilnegaMesta: solar.eimm, gsrn: solar.mmGsrn },
      merilneTocke: [{ gsrn: solar.mtGsrn, vrsta: 'OMTO' }],
      pogodbeniPodatki: {
        jakostOmejevalcaToka: 35,
        prikljucnaMoc: 8,
        steviloFaz: 1,
        obstoj15MinutneMeritve: true,
        instaliranaMocProizvodnje: 8,
      },
    });
    const point = await get(`/merilna-tocka/${household.mtGsrn}`, household.token);
    expect(point.status).toBe(200);
    const body = point.body as {
      steviloTarifMerjenja: number;
      dogovorjeneMoci: Record<string, unknown>[];
    };
    expect(body.steviloTarifMerjenja).toBe(2);
    const records = body.dogovorjeneMoci;
    expect(records.map((r) => [r.datumOd, r.datumDo, r.veljavnost])).toEqual([
      ['2024-10-01T00:00:00Z', '2024-12-31T00:00:00Z', true],
      ['2025-01-01T00:00:00Z', '2025-12-31T00:00:00Z', true],
      ['2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', false],
      ['2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', true],
    ]);
    const all: Record<string, unknown>[] = [];
    for (const place of MOJ_ELEKTRO_DEMO_PLACES) {
      const answer = await get(`/merilna-tocka/${place.mtGsrn}`);
      all.push(...(answer.body as { dogovorjeneMoci: Record<string, unknown>[] }).dogovorjeneMoci);
    }
    expect(all).toHaveLength(12);
    for (const r of all) {
      const blocks = [1, 2, 3, 4, 5].map((b) => Number(r[`casovniBlok${b}`]));
      expect(String(r.casovniBlok1)).toMatch(/^\d+\.\d$/);
      expect(blocks).toEqual([...blocks].sort((x, y) => x - y));
      expect(blocks[0]).toBeGreaterThanOrEqual(Number(r.minimalnaMoc));
      expect(blocks[4]).toBeLessThanOrEqual(Number(r.prikljucnaMoc));
    }
    // Only the business's re-determined record of this year was set by the user (excess power charged).
    expect(all.filter((r) => r.nacinDolocitve === 'UPORABNIK')).toHaveLength(1);
    const business = MOJ_ELEKTRO_DEMO_PLACES.find((p) => p.profile === 'business');
    const own = await get(`/merilna-tocka/${business?.mtGsrn ?? ''}`);
    const current = (
      own.body as { dogovorjeneMoci: Record<string, unknown>[] }
    ).dogovorjeneMoci.find((r) => r.veljavnost === true && r.datumOd === '2026-01-01T00:00:00Z');
    expect(current?.nacinDolocitve).toBe('UPORABNIK');
    expect(records[3]?.minimalnaMoc).toBe('3.4'); // 20 % of 17 kW from 2026
    expect(records[1]?.minimalnaMoc).toBe('4.6'); // 27 % before
  });

  it('serves the reading-type catalogue with its variants and the quality catalogue', async () => {
    await start();
    const types = (await get('/reading-type')).body as Record<string, string>[];
    expect(types).toHaveLength(20);
    expect(types.find((t) => t.oznaka === 'P+')).toEqual({
      naziv: 'Prejeta 15 minutna delovna moč',
      opis: '15 minutna moč, A+, kW',
      oznaka: 'P+',
      perioda: '15 min',
      readingType: P_PLUS,
      readingTypeBrezObracuna: '0.0.2.4.1.2.37.0.0.0.0.0.0.0.0.3.38.0',
      readingTypeObracun: '8.0.2.4.1.2.37.0.0.0.0.0.0.0.0.3.38.0',
      tip: 'delovna prejem',
      vrsta: 'KOLICINA',
    });
    expect(types.find((t) => t.oznaka === 'A+_T1')?.readingType).toBe(
      '32.0.4.1.1.2.12.0.0.0.0.1.0.0.0.3.72.0',
    );
    const qualities = (await get('/reading-qualities')).body as unknown[];
    expect(qualities[0]).toEqual({ readingQualityType: '1.0.0', description: 'Veljavna vrednost' });
    // A variant names the same series.
    const { solar } = MOJ_ELEKTRO_DEMO;
    const variant = (
      await get(
        readings(solar.eimm, '2026-06-01', '2026-06-02', [`8.${A_MINUS.slice(3)}`, A_MINUS]),
      )
    ).body as Readings;
    expect(variant.intervalBlocks[0]?.readingType).toBe(`8.${A_MINUS.slice(3)}`);
    expect(variant.intervalBlocks[0]?.intervalReadings).toEqual(
      variant.intervalBlocks[1]?.intervalReadings,
    );
  });

  it('answers 401, 403, 404 and 400 with the portal error body', async () => {
    await start();
    const { household, business } = MOJ_ELEKTRO_DEMO;
    const unknownToken = await get('/reading-type', 'not-a-token');
    expect(unknownToken.status).toBe(401);
    expect(unknownToken.body).toEqual({
      errors: [{ koda: '401', opis: expect.any(String) as string }],
    });
    const foreign = await get(`/merilno-mesto/${business.eimm}`, household.token);
    expect(foreign.status).toBe(403);
    expect((foreign.body as { errors: unknown[] }).errors).toHaveLength(1);
    expect((await get(`/merilna-tocka/${business.mtGsrn}`, household.token)).status).toBe(403);
    expect(
      (await get(readings(business.eimm, '2026-01-01', '2026-01-02', [A_PLUS]), household.token))
        .status,
    ).toBe(403);
    expect((await get('/merilno-mesto/9-9999999')).status).toBe(404);
    expect((await get('/merilna-tocka/383100000000000000')).status).toBe(404);
    expect((await get(readings('9-9999999', '2026-01-01', '2026-01-02', [A_PLUS]))).status).toBe(
      404,
    );
    for (const [from, to] of [
      ['2026-13-01', '2026-01-02'],
      ['2026-01-05', '2026-01-02'],
      ['yesterday', '2026-01-02'],
    ] as const) {
      const bad = await get(readings(household.eimm, from, to, [A_PLUS]));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ errors: [{ koda: '400' }] });
    }
    expect(
      (await get(readings(household.eimm, '2026-01-01', '2026-01-02', ['1.2.3']))).status,
    ).toBe(400);
  });

  it('limits each token to 5 requests a second with Kong headers and 429', async () => {
    await start(5);
    const { household, solar } = MOJ_ELEKTRO_DEMO;
    // Start the burst at the beginning of a clock second so it stays within one window.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => get('/reading-qualities', household.token)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.headers.get('retry-after')).toBe('1');
    expect(limited?.headers.get('x-ratelimit-remaining-second')).toBe('0');
    expect(limited?.body).toEqual({ message: 'API rate limit exceeded' });
    const ok = answers.find((a) => a.status === 200);
    expect(ok?.headers.get('ratelimit-limit')).toBe('5');
    expect(ok?.headers.get('x-ratelimit-limit-second')).toBe('5');
    // Another token has its own budget.
    expect((await get('/reading-qualities', solar.token)).status).toBe(200);
  });

  it('formats instants in Ljubljana time with the offset', () => {
    expect(portalTimestamp(Date.parse('2026-01-15T10:00:00Z'))).toBe('2026-01-15T11:00:00+01:00');
    expect(portalTimestamp(Date.parse('2026-07-15T10:00:00Z'))).toBe('2026-07-15T12:00:00+02:00');
    expect(MOJ_ELEKTRO_DEMO_PLACES.map((p) => p.eimm)).toEqual([
      '4-1000001',
      '2-2000002',
      '3-3000003',
    ]);
  });
});
