import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MOJ_ELEKTRO_DEMO,
  mojElektroDemoReadings,
  startMojElektroEmulator,
  type MojElektroEmulator,
} from '@ec/emulators/moj-elektro';
import {
  createMojElektroClient,
  createRateLimiter,
  monthChunks,
  MojElektroError,
  mojElektroErrorKey,
  READING_TYPES,
} from './client.ts';

const TOKEN = 'secret-token-1234567890';
const noSleep = async () => {};

interface Reply {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** A local server answering the replies in turn; records each request's URL and headers. */
async function serve(replies: Reply[] | ((url: URL) => Reply)) {
  const seen: { url: URL; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ url, headers: req.headers });
    const next = Array.isArray(replies)
      ? (replies.shift() ?? { status: 500, body: '' })
      : replies(url);
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mojelektro/v1`, seen };
}
const servers: Server[] = [];

const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  body: JSON.stringify(body),
  ...(headers ? { headers } : {}),
});

/** `2025-10-26T02:15:00+02:00`-style interval ends of a local day in Ljubljana (real portal shape). */
function localStamps(fromUtc: string, count: number): string[] {
  const start = Date.parse(fromUtc);
  return Array.from({ length: count }, (_, i) => {
    const ms = start + (i + 1) * 900_000;
    // CEST until 2025-10-26T01:00Z and from 2026-03-29T01:00Z, CET between.
    const summer =
      ms <= Date.parse('2025-10-26T00:45:00Z') || ms >= Date.parse('2026-03-29T01:00:00Z');
    const offset = summer ? 2 : 1;
    const local = new Date(ms + offset * 3_600_000).toISOString().slice(0, 19);
    return `${local}+0${offset}:00`;
  });
}

const block = (readingType: string, stamps: string[], value: (i: number) => string) => ({
  intervalReadings: stamps.map((timestamp, i) => ({
    readingQualities: [],
    timestamp,
    value: value(i),
  })),
  readingType,
});

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

describe('Moj Elektro client against answers in the real shapes', () => {
  it('reads the autumn DST day: 100 interval ends, 02:xx twice (+02:00 then +01:00), decimal strings', async () => {
    const stamps = localStamps('2025-10-25T22:00:00Z', 100);
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
    const { url, seen } = await serve([
      json({
        intervalBlocks: [
          block(READING_TYPES.aPlus, stamps, (i) => (i / 10_000).toFixed(4)),
          block(READING_TYPES.pPlus, stamps, (i) => ((4 * i) / 10_000).toFixed(4)),
          block(READING_TYPES.aMinus, stamps, () => '0.0000'),
        ],
        messageCreated: '2026-06-07T15:59:33.312031398+02:00',
        usagePoint: '4-1000001',
      }),
    ]);
    const client = createMojElektroClient({ baseUrl: url, sleep: noSleep });
    const result = await client.meterReadings(TOKEN, '4-1000001', '2025-10-26', '2025-10-27');
    expect(result.pPlus).toHaveLength(100);
    expect(result.aPlus?.[0]).toEqual({ endMs: Date.parse('2025-10-25T22:15:00Z'), value: 0 });
    // Strictly increasing, every end 15 minutes after the previous one: the repeated hour is two instants.
    const ends = result.aPlus?.map((r) => r.endMs) ?? [];
    expect(ends.every((e, i) => i === 0 || e - (ends[i - 1] as number) === 900_000)).toBe(true);
    expect(ends.at(-1)).toBe(Date.parse('2025-10-26T23:00:00Z'));
    expect(result.pPlus?.[11]).toEqual({
      endMs: Date.parse('2025-10-26T01:00:00Z'),
      value: 0.0044,
    });
    expect(result.aMinus?.every((r) => r.value === 0)).toBe(true);
    // P− was not in the answer: null, not an empty series.
    expect(result.pMinus).toBeNull();
    const query = seen[0]?.url.searchParams;
    expect(seen[0]?.url.pathname).toBe('/mojelektro/v1/meter-readings');
    expect(query?.get('usagePoint')).toBe('4-1000001');
    expect(query?.get('startTime')).toBe('2025-10-26');
    expect(query?.get('endTime')).toBe('2025-10-27');
    expect(query?.getAll('option')).toEqual([
      `ReadingType=${READING_TYPES.pPlus}`,
      `ReadingType=${READING_TYPES.pMinus}`,
      `ReadingType=${READING_TYPES.aPlus}`,
      `ReadingType=${READING_TYPES.aMinus}`,
    ]);
    expect(seen[0]?.headers['x-api-token']).toBe(TOKEN);
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('reads the spring DST day (92 intervals, 01:45+01:00 then 03:00+02:00) and the 0./8. type variants', async () => {
    const stamps = localStamps('2026-03-28T23:00:00Z', 92);
    expect(stamps.slice(6, 9)).toEqual([
      '2026-03-29T01:45:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T03:15:00+02:00',
    ]);
    const { url } = await serve([
      json({
        intervalBlocks: [
          block(`8.${READING_TYPES.pPlus.slice(3)}`, stamps, () => '1.5000'),
          block(`0.${READING_TYPES.pMinus.slice(3)}`, stamps, () => '0.2500'),
        ],
      }),
    ]);
    const client = createMojElektroClient({ baseUrl: url, sleep: noSleep });
    const result = await client.meterReadings(TOKEN, 'x', '2026-03-29', '2026-03-30');
    expect(result.pPlus).toHaveLength(92);
    expect(result.pPlus?.[7]?.endMs).toBe(Date.parse('2026-03-29T01:00:00Z'));
    expect(result.pMinus?.[0]?.value).toBe(0.25);
    expect(result.aPlus).toBeNull();
  });

  it('splits a range into calendar months, reports progress and merges the months', async () => {
    expect(monthChunks('2025-01-15', '2025-03-10')).toEqual([
      { start: '2025-01-15', end: '2025-02-01' },
      { start: '2025-02-01', end: '2025-03-01' },
      { start: '2025-03-01', end: '2025-03-10' },
    ]);
    expect(monthChunks('2025-12-01', '2026-01-01')).toEqual([
      { start: '2025-12-01', end: '2026-01-01' },
    ]);
    expect(monthChunks('2025-12-01', '2025-12-01')).toEqual([]);
    const { url, seen } = await serve((u) => {
      // One quarter hour per month: the first interval of startTime (UTC+1 in winter).
      const start = u.searchParams.get('startTime') ?? '';
      return json({
        intervalBlocks: [block(READING_TYPES.pPlus, [`${start}T00:15:00+01:00`], () => '2.0000')],
      });
    });
    const progress: [number, number][] = [];
    const client = createMojElektroClient({ baseUrl: url, sleep: noSleep });
    const result = await client.meterReadings(TOKEN, '4-1', '2025-01-15', '2025-03-10', (d, t) =>
      progress.push([d, t]),
    );
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(
      seen.map((s) => [s.url.searchParams.get('startTime'), s.url.searchParams.get('endTime')]),
    ).toEqual([
      ['2025-01-15', '2025-02-01'],
      ['2025-02-01', '2025-03-01'],
      ['2025-03-01', '2025-03-10'],
    ]);
    expect(result.pPlus?.map((r) => new Date(r.endMs).toISOString())).toEqual([
      '2025-01-14T23:15:00.000Z',
      '2025-01-31T23:15:00.000Z',
      '2025-02-28T23:15:00.000Z',
    ]);
  });

  it('maps the metering place and point answers (decimal strings, superseded record)', async () => {
    const { url, seen } = await serve([
      json({
        identifikator: {
          enotniIdentifikatorMerilnegaMesta: '4-0000000',
          gsrn: '100000000000000000',
        },
        lastnik: { davcnaSt: 'X', naslov: 'Y', naziv: 'Z' },
        merilneTocke: [{ gsrn: '200000000000000000', vrsta: 'OMTO' }],
        naslov: 'Cesta 1',
        naziv: 'Hiša',
        pogodbeniPodatki: {
          daljinskoCitanje: true,
          jakostOmejevalcaToka: 25,
          nazivNapetostnegaNivoja: 'Nizka napetost',
          obstoj15MinutneMeritve: true,
          oznakaNapetostnegaNivoja: 'NN',
          prikljucnaMoc: 17,
          steviloFaz: 3,
          vrstaOmejevalcaToka: 'varovalka',
        },
        tehnicniPodatki: { tipStevca: 'ZMXi320CQU1L1D3', letoIzdelave: 2019 },
      }),
      json({
        dobavitelj: {
          datumDo: '9999-12-31',
          datumOd: '2020-12-04',
          eic: '11XIGET--------D',
          naziv: 'Dobavitelj',
          oznaka: 10036,
        },
        dogovorjeneMoci: [
          {
            casovniBlok1: '4.6',
            casovniBlok2: '5.0',
            casovniBlok3: '5.0',
            casovniBlok4: '5.0',
            casovniBlok5: '5.0',
            datumDo: '2025-12-31T00:00:00Z',
            datumOd: '2025-01-01T00:00:00Z',
            datumVnosa: '2024-06-22',
            minimalnaMoc: '4.6',
            nacinDolocitve: 'DISTRIBUTER',
            novUporabnik: false,
            oznakaIzracuna: 'M1',
            prikljucnaMoc: '17.0',
            veljavnost: true,
          },
          {
            casovniBlok1: '4.6',
            casovniBlok2: '4.8',
            casovniBlok3: '4.8',
            casovniBlok4: '4.8',
            casovniBlok5: '4.8',
            datumDo: '2026-12-31T00:00:00Z',
            datumOd: '2026-01-01T00:00:00Z',
            datumVnosa: '2025-06-19',
            minimalnaMoc: '4.6',
            nacinDolocitve: 'DISTRIBUTER',
            novUporabnik: false,
            oznakaIzracuna: 'M1',
            prikljucnaMoc: '17.0',
            veljavnost: false,
          },
        ],
        gsrn: '200000000000000000',
        idVrstaOdjema: 2,
        letneObratovalneUre: 0,
        nazivVrstaOdjema: 'Gospodinjstvo',
        obracunskaMoc: 10,
        steviloTarifMerjenja: 2,
        uporabniskaSkupina: '0 - NN',
        vrsta: 'OMTO',
      }),
    ]);
    const client = createMojElektroClient({ baseUrl: `${url}/`, sleep: noSleep });
    expect(await client.meteringPlace(TOKEN, ' 4-0000000 ')).toEqual({
      eimm: '4-0000000',
      gsrn: '100000000000000000',
      name: 'Hiša',
      address: 'Cesta 1',
      connectionPowerKw: 17,
      phases: 3,
      fuseA: 25,
      limiterType: 'varovalka',
      voltageLevel: 'NN',
      voltageLevelName: 'Nizka napetost',
      has15MinMetering: true,
      productionPowerKw: null,
      meteringPoints: [{ gsrn: '200000000000000000', kind: 'OMTO' }],
    });
    const point = await client.meteringPoint(TOKEN, '200000000000000000');
    expect(point).toMatchObject({
      gsrn: '200000000000000000',
      supplier: { name: 'Dobavitelj', code: '11XIGET--------D' },
      consumptionTypeId: 2,
      consumptionTypeName: 'Gospodinjstvo',
      yearlyWorkHours: 0,
      billingPowerKw: 10,
      tariffsCount: 2,
      userGroup: '0 - NN',
    });
    expect(point.agreedPowers[1]).toEqual({
      blocksKw: [4.6, 4.8, 4.8, 4.8, 4.8],
      dateFrom: '2026-01-01',
      dateTo: '2026-12-31',
      enteredOn: '2025-06-19',
      minimumPowerKw: 4.6,
      connectionPowerKw: 17,
      determinedBy: 'DISTRIBUTER',
      calculationMark: 'M1',
      newUser: false,
      valid: false,
    });
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/mojelektro/v1/merilno-mesto/4-0000000',
      '/mojelektro/v1/merilna-tocka/200000000000000000',
    ]);
  });

  it('retries a 429 after its Retry-After and a 500 after 1 s, then succeeds', async () => {
    const { url } = await serve([
      {
        status: 429,
        body: '{"message":"API rate limit exceeded"}',
        headers: { 'retry-after': '2' },
      },
      { status: 500, body: 'oops' },
      json([{ readingType: READING_TYPES.aPlus }]),
    ]);
    const waits: number[] = [];
    const client = createMojElektroClient({
      baseUrl: url,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await client.checkToken(TOKEN);
    expect(waits).toEqual([2000, 2000]);
  });

  it('gives up after 4 retries (1 s doubling) with RATE_LIMITED or UNAVAILABLE, at once on a long Retry-After', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const limited = await serve(() => ({ status: 429, body: '{}' }));
    const client = createMojElektroClient({ baseUrl: limited.url, sleep });
    await expect(client.checkToken(TOKEN)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    expect(limited.seen).toHaveLength(5);
    waits.length = 0;
    const down = await serve(() => ({ status: 503, body: '' }));
    await expect(
      createMojElektroClient({ baseUrl: down.url, sleep }).meteringPlace(TOKEN, '4-1'),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    const banned = await serve([{ status: 429, body: '', headers: { 'retry-after': '600' } }]);
    waits.length = 0;
    await expect(
      createMojElektroClient({ baseUrl: banned.url, sleep }).checkToken(TOKEN),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(waits).toEqual([]);
    // Nobody listening: a network error, retried, then UNAVAILABLE.
    await expect(
      createMojElektroClient({ baseUrl: 'http://127.0.0.1:1', sleep, maxRetries: 1 }).checkToken(
        TOKEN,
      ),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('times out a silent server as UNAVAILABLE', async () => {
    const server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    const client = createMojElektroClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 100,
      maxRetries: 0,
      sleep: noSleep,
    });
    await expect(client.checkToken(TOKEN)).rejects.toThrow(/no answer in 100 ms/);
    server.closeAllConnections();
  });

  it('maps the error bodies (errors[koda, opis], opisNapake, message) and statuses to codes, without the token', async () => {
    const { url } = await serve([
      json(
        {
          zahteva: '/merilno-mesto/4-1',
          errors: [{ koda: 'E404', opis: 'Merilno mesto ne obstaja.' }],
        },
        404,
      ),
      json(
        {
          errors: [
            { koda: 400, opis: 'Napačen datum' },
            { koda: 401, opis: 'Manjka endTime' },
          ],
        },
        400,
      ),
      json({ opisNapake: 'Dostop zavrnjen' }, 403),
      json({ message: `Invalid authentication credentials ${TOKEN}` }, 401),
      json({ message: 'forbidden' }, 403),
      { status: 200, body: '<html>maintenance</html>' },
      json({ unexpected: true }),
      { status: 418, body: 'teapot' },
    ]);
    const client = createMojElektroClient({ baseUrl: url, sleep: noSleep });
    const failure = async (call: Promise<unknown>) => {
      try {
        await call;
      } catch (error) {
        expect(error).toBeInstanceOf(MojElektroError);
        expect((error as Error).message).not.toContain(TOKEN);
        return error as MojElektroError;
      }
      throw new Error('expected a failure');
    };
    expect(await failure(client.meteringPlace(TOKEN, '4-1'))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      portalCode: 'E404',
      portalMessage: 'Merilno mesto ne obstaja.',
    });
    expect(
      await failure(client.meterReadings(TOKEN, '4-1', '2026-01-01', '2026-01-02')),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      portalCode: '400',
      portalMessage: 'Napačen datum; Manjka endTime',
    });
    expect(await failure(client.meteringPoint(TOKEN, '2'))).toMatchObject({
      code: 'FORBIDDEN',
      portalMessage: 'Dostop zavrnjen',
    });
    const rejected = await failure(client.meteringPlace(TOKEN, '4-1'));
    expect(rejected).toMatchObject({ code: 'TOKEN_REJECTED', status: 401 });
    expect(rejected.portalMessage).toBe('Invalid authentication credentials •••');
    // A 403 on the token check means the token itself is refused.
    expect(await failure(client.checkToken(TOKEN))).toMatchObject({
      code: 'TOKEN_REJECTED',
      status: 403,
    });
    expect(await failure(client.checkToken(TOKEN))).toMatchObject({ code: 'BAD_RESPONSE' });
    expect(await failure(client.meteringPlace(TOKEN, '4-1'))).toMatchObject({
      code: 'BAD_RESPONSE',
    });
    expect(await failure(client.checkToken(TOKEN))).toMatchObject({
      code: 'BAD_RESPONSE',
      status: 418,
    });
    expect(mojElektroErrorKey('TOKEN_REJECTED')).toBe('moj_elektro.errors.token_rejected');
    expect(mojElektroErrorKey('BAD_RESPONSE')).toBe('moj_elektro.errors.bad_response');
  });

  it('does not follow redirects (the token header would go along) and refuses unusable tokens without a request', async () => {
    const elsewhere = await serve(() => json([]));
    const { url, seen } = await serve([
      { status: 302, body: '', headers: { location: `${elsewhere.url}/reading-type` } },
    ]);
    const client = createMojElektroClient({ baseUrl: url, sleep: noSleep });
    await expect(client.checkToken(TOKEN)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      status: 302,
    });
    expect(elsewhere.seen).toHaveLength(0);
    for (const bad of ['', 'two words', 'žeton', 'line\nbreak']) {
      await expect(client.checkToken(bad)).rejects.toMatchObject({ code: 'TOKEN_REJECTED' });
    }
    expect(seen).toHaveLength(1);
  });

  it('refuses readings whose timestamps have no offset or are not quarter-hour ends', async () => {
    const { url } = await serve([
      json({ intervalBlocks: [block(READING_TYPES.aPlus, ['2026-01-01T00:15:00'], () => '1.0')] }),
      json({
        intervalBlocks: [block(READING_TYPES.aPlus, ['2026-01-01T00:10:00+01:00'], () => '1.0')],
      }),
      json({
        intervalBlocks: [block(READING_TYPES.aPlus, ['2026-01-01T00:15:00+01:00'], () => '1,0')],
      }),
    ]);
    const client = createMojElektroClient({ baseUrl: url, sleep: noSleep });
    for (let i = 0; i < 3; i++) {
      await expect(
        client.meterReadings(TOKEN, '4-1', '2026-01-01', '2026-01-02'),
      ).rejects.toMatchObject({
        code: 'BAD_RESPONSE',
      });
    }
    await expect(
      client.meterReadings(TOKEN, '4-1', '2026-02-30', '2026-03-02'),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('starts at most 5 requests in any second (6 calls take ≥ 1 s on a fake clock), shared by all tokens', async () => {
    let clock = 0;
    const starts: number[] = [];
    const sleep = async (ms: number) => {
      clock += ms;
    };
    const acquire = createRateLimiter(5, () => clock, sleep);
    await Promise.all(Array.from({ length: 6 }, () => acquire().then(() => starts.push(clock))));
    expect(starts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(starts[5]).toBeGreaterThanOrEqual(1000);

    // Through the client: 6 calls with two tokens against a server.
    const { url, seen } = await serve(() => json([]));
    clock = 0;
    const times: number[] = [];
    const client = createMojElektroClient({
      baseUrl: url,
      now: () => clock,
      sleep,
      fetch: (input, init) => {
        times.push(clock);
        return fetch(input, init);
      },
    });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.checkToken(i % 2 === 0 ? TOKEN : 'other-token')),
    );
    expect(seen).toHaveLength(6);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(1000);
  });
});

describe('Moj Elektro client against the emulator', () => {
  let emulator: MojElektroEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });
  const NOW = new Date('2026-11-28T18:00:00Z');

  it('checks tokens, reads a place, its point and two months of readings', async () => {
    emulator = await startMojElektroEmulator({ now: () => NOW });
    const client = createMojElektroClient({ baseUrl: emulator.url });
    const { solar, household } = MOJ_ELEKTRO_DEMO;
    await client.checkToken(solar.token);
    await expect(client.checkToken('wrong-token')).rejects.toMatchObject({
      code: 'TOKEN_REJECTED',
    });
    const place = await client.meteringPlace(solar.token, solar.eimm);
    expect(place).toMatchObject({
      eimm: solar.eimm,
      gsrn: solar.mmGsrn,
      connectionPowerKw: 8,
      phases: 1,
      fuseA: 35,
      productionPowerKw: 8,
      has15MinMetering: true,
      meteringPoints: [{ gsrn: solar.mtGsrn, kind: 'OMTO' }],
    });
    const point = await client.meteringPoint(solar.token, solar.mtGsrn);
    expect(point.tariffsCount).toBe(1);
    expect(
      point.agreedPowers.filter((r) => r.dateFrom === '2026-01-01').map((r) => r.valid),
    ).toEqual([false, true]);
    await expect(client.meteringPlace(solar.token, household.eimm)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(client.meteringPlace(solar.token, '9-9999999')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const progress: number[] = [];
    const readings = await client.meterReadings(
      MOJ_ELEKTRO_DEMO.allToken,
      solar.mmGsrn,
      '2026-05-20',
      '2026-07-01',
      (done) => progress.push(done),
    );
    expect(progress).toEqual([1, 2]);
    const want = mojElektroDemoReadings(solar, '2026-05-20', '2026-07-01', NOW);
    expect(readings.pPlus?.map((r) => r.endMs)).toEqual(want.map((w) => w.endMs));
    expect(readings.pPlus?.map((r) => r.value)).toEqual(want.map((w) => w.pPlus));
    expect(readings.pMinus?.map((r) => r.value)).toEqual(want.map((w) => w.pMinus));
    expect(readings.aPlus?.map((r) => r.value)).toEqual(want.map((w) => w.aPlus));
    expect(readings.aMinus?.map((r) => r.value)).toEqual(want.map((w) => w.aMinus));
    expect(readings.pMinus?.some((r) => r.value > 1)).toBe(true);
    await expect(
      client.meterReadings(solar.token, household.eimm, '2026-05-20', '2026-06-01'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
