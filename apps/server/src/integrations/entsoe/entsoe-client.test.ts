import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { entsoeDayPrices, startEntsoeEmulator, type EntsoeEmulator } from '@ec/emulators/entsoe';
import { SpotSourceError } from '../spot-source.ts';
import { createEntsoeClient, parseEntsoeDocument } from './entsoe-client.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const expected = (name: string) => JSON.parse(fixture(name)) as Record<string, number[]>;
const decimal = (n: number) => String(n);

function pricesOf(xml: string) {
  const result = parseEntsoeDocument(xml);
  if (result.kind !== 'prices') throw new Error('expected prices');
  return result;
}

describe('parseEntsoeDocument (recorded answer shapes)', () => {
  it('forward-fills the position an A03 day leaves out (95 points → 96 quarter hours)', () => {
    const xml = fixture('si-2025-10-15-pt15m-a03.xml');
    expect(xml.match(/<Point>/g)).toHaveLength(95);
    const result = pricesOf(xml);
    expect(result).toMatchObject({ currency: 'EUR', resolutionMinutes: 15 });
    expect(result.prices).toHaveLength(96);
    expect(result.prices[0]?.startMs).toBe(Date.parse('2025-10-14T22:00:00Z'));
    expect(result.prices[95]?.startMs).toBe(Date.parse('2025-10-15T21:45:00Z'));
    const want = expected('si-2025-10-15-expected.json').prices ?? [];
    expect(result.prices.map((p) => p.pricePerMwh)).toEqual(want.map(decimal));
    // Position 54 (13:15 local) repeats position 53.
    expect(result.prices[53]?.pricePerMwh).toBe(result.prices[52]?.pricePerMwh);
    expect(result.prices.every((p) => p.priceIncVatPerMwh === null)).toBe(true);
  });

  it('reads the DST days: 92 quarter hours in spring, 100 in autumn', () => {
    const spring = pricesOf(fixture('si-2026-03-29-dst-92.xml')).prices;
    expect(spring).toHaveLength(92);
    expect(spring.at(-1)?.startMs).toBe(Date.parse('2026-03-29T21:45:00Z'));
    const autumn = pricesOf(fixture('si-2025-10-26-dst-100.xml')).prices;
    expect(autumn).toHaveLength(100);
    expect(autumn.at(-1)?.startMs).toBe(Date.parse('2025-10-26T22:45:00Z'));
  });

  it('expands an hourly (PT60M) day into four quarter hours per hour', () => {
    const result = pricesOf(fixture('hu-2024-06-15-pt60m.xml'));
    expect(result.resolutionMinutes).toBe(60);
    expect(result.prices).toHaveLength(96);
    const hours = expected('hu-2024-06-15-expected.json').prices ?? [];
    expect(result.prices.map((p) => p.pricePerMwh)).toEqual(
      hours.flatMap((h) => [h, h, h, h]).map(decimal),
    );
    expect(result.prices[5]?.startMs).toBe(Date.parse('2024-06-14T23:15:00Z'));
  });

  it('takes sequence 1 (SDAC) of Austria although sequence 2 (EXAA) comes first', () => {
    const result = pricesOf(fixture('at-2025-11-05-two-sequences.xml'));
    expect(result.resolutionMinutes).toBe(15);
    expect(result.prices.map((p) => p.pricePerMwh)).toEqual(
      (expected('at-2025-11-05-expected.json').sequence1 ?? []).map(decimal),
    );
  });

  it('answers "no data" for the 999 acknowledgement, not an error', () => {
    const result = parseEntsoeDocument(fixture('acknowledgement-999.xml'));
    expect(result.kind).toBe('no-data');
    expect(result.kind === 'no-data' && result.reason).toMatch(/^No matching data found/);
  });

  it('refuses what is not an A44 document', () => {
    expect(() => parseEntsoeDocument('<html><body>Maintenance</body></html>')).toThrow(
      SpotSourceError,
    );
    const other = fixture('acknowledgement-999.xml').replace(
      '<code>999</code>',
      '<code>Z01</code>',
    );
    expect(() => parseEntsoeDocument(other)).toThrow(/reason Z01/);
    const badPrice = fixture('hu-2024-06-15-pt60m.xml').replace(
      /<price\.amount>[^<]+</,
      '<price.amount>1e3<',
    );
    expect(() => parseEntsoeDocument(badPrice)).toThrow(SpotSourceError);
  });
});

describe('ENTSO-E client over HTTP', () => {
  let server: Server | undefined;
  let emulator: EntsoeEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
  });

  /** A local server answering the given responses in turn; records the query strings. */
  async function serve(
    responses: { status: number; body: string; headers?: Record<string, string> }[],
  ) {
    const seen: URLSearchParams[] = [];
    server = createServer((req, res) => {
      seen.push(new URL(req.url ?? '/', 'http://x').searchParams);
      const next = responses.shift() ?? { status: 500, body: '' };
      res.writeHead(next.status, { 'content-type': 'application/xml', ...next.headers });
      res.end(next.body);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/api`, seen };
  }

  it('sends the A44 query and honours Retry-After on 429 before succeeding', async () => {
    const { url, seen } = await serve([
      { status: 429, body: 'Too many requests', headers: { 'retry-after': '2' } },
      { status: 200, body: fixture('si-2025-10-15-pt15m-a03.xml') },
    ]);
    const waits: number[] = [];
    const client = createEntsoeClient({
      baseUrl: url,
      token: 'secret',
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const from = Date.parse('2025-10-14T22:00:00Z');
    const result = await client.dayAheadPrices('10YSI-ELES-----O', from, from + 86_400_000);
    expect(result.kind === 'prices' && result.prices).toHaveLength(96);
    expect(waits).toEqual([2000]);
    expect(Object.fromEntries(seen[0] ?? [])).toEqual({
      securityToken: 'secret',
      documentType: 'A44',
      in_Domain: '10YSI-ELES-----O',
      out_Domain: '10YSI-ELES-----O',
      periodStart: '202510142200',
      periodEnd: '202510152200',
    });
  });

  it('gives up after its bounded retries with RATE_LIMITED, and at once when Retry-After is too long', async () => {
    const limited = { status: 429, body: '', headers: { 'retry-after': '1' } };
    const { url } = await serve([limited, limited, limited]);
    const waits: number[] = [];
    const client = createEntsoeClient({
      baseUrl: url,
      token: 't',
      maxRetries: 2,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await expect(client.dayAheadPrices('10YSI-ELES-----O', 0, 86_400_000)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(waits).toEqual([1000, 1000]);
    const banned = await serve([{ status: 429, body: '', headers: { 'retry-after': '600' } }]);
    const quick = createEntsoeClient({ baseUrl: banned.url, token: 't', sleep: async () => {} });
    await expect(quick.dayAheadPrices('10YSI-ELES-----O', 0, 86_400_000)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('fails clearly on 401 and reads the acknowledgement also when it comes with 400', async () => {
    const { url } = await serve([
      { status: 401, body: '<html>Unauthorized</html>' },
      { status: 400, body: fixture('acknowledgement-999.xml') },
    ]);
    const client = createEntsoeClient({ baseUrl: url, token: 'wrong' });
    await expect(client.dayAheadPrices('10YSI-ELES-----O', 0, 86_400_000)).rejects.toThrow(
      /refused the security token.*ENTSOE_TOKEN/,
    );
    expect((await client.dayAheadPrices('10YSI-ELES-----O', 0, 86_400_000)).kind).toBe('no-data');
  });

  it('reads the emulator end to end (two days, sequence 1 of Austria)', async () => {
    emulator = await startEntsoeEmulator({ now: () => new Date('2026-11-28T18:00:00Z') });
    const client = createEntsoeClient({ baseUrl: emulator.url, token: emulator.token });
    const from = Date.parse('2026-11-25T23:00:00Z');
    const result = await client.dayAheadPrices('10YAT-APG------L', from, from + 2 * 86_400_000);
    if (result.kind !== 'prices') throw new Error('expected prices');
    const want = [
      ...entsoeDayPrices('10YAT-APG------L', '2026-11-26'),
      ...entsoeDayPrices('10YAT-APG------L', '2026-11-27'),
    ];
    expect(result.prices.map((p) => Number(p.pricePerMwh))).toEqual(want.map((p) => p.price));
    expect(result.prices.map((p) => p.startMs)).toEqual(want.map((p) => p.startMs));
    const tomorrow = await client.dayAheadPrices(
      '10YSI-ELES-----O',
      Date.parse('2026-11-29T23:00:00Z'),
      Date.parse('2026-11-30T23:00:00Z'),
    );
    expect(tomorrow.kind).toBe('no-data');
  });
});
