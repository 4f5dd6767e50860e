import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { agileRate, startOctopusEmulator, type OctopusEmulator } from '@ec/emulators/octopus';
import {
  createOctopusClient,
  octopusRatesToQuarterHours,
  penceKwhToPoundsMwh,
} from './octopus-client.ts';

const page = (n: number) =>
  readFileSync(new URL(`./fixtures/agile-c-2025-11-05-page-${n}.json`, import.meta.url), 'utf8');

const FROM = Date.parse('2025-11-05T00:00:00Z');
const TO = Date.parse('2025-11-06T00:00:00Z');

let server: Server | undefined;
let emulator: OctopusEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
  if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
  server = undefined;
});

/** Serves the recorded pages, with `next` pointing at this server (as the real host points at itself). */
async function serveRecorded(nextOrigin?: string) {
  const paths: string[] = [];
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const body = page(url.searchParams.get('page') === '2' ? 2 : 1).replaceAll(
      'https://api.octopus.energy',
      nextOrigin ?? origin,
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, paths };
}

describe('Octopus client', () => {
  it('converts p/kWh to GBP/MWh exactly', () => {
    expect(penceKwhToPoundsMwh(13.4286)).toBe('134.286');
    expect(penceKwhToPoundsMwh(-0.5048)).toBe('-5.048');
    expect(penceKwhToPoundsMwh(100)).toBe('1000');
  });

  it('follows the recorded pages (newest first) and answers quarter hours oldest first, with and without VAT', async () => {
    const { origin, paths } = await serveRecorded();
    const client = createOctopusClient({ baseUrl: origin, product: 'AGILE-24-10-01' });
    const result = await client.unitRates('C', FROM, TO);
    if (result.kind !== 'prices') throw new Error('expected prices');
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(
      /^\/v1\/products\/AGILE-24-10-01\/electricity-tariffs\/E-1R-AGILE-24-10-01-C\/standard-unit-rates\/\?period_from=2025-11-05T00%3A00%3A00.000Z&period_to=2025-11-06T00%3A00%3A00.000Z$/,
    );
    expect(result).toMatchObject({ currency: 'GBP', resolutionMinutes: 30 });
    expect(result.prices).toHaveLength(96);
    expect(result.prices[0]?.startMs).toBe(FROM);
    expect(result.prices.at(-1)?.startMs).toBe(TO - 900_000);
    const recorded = [
      ...(
        JSON.parse(page(1)) as {
          results: { value_exc_vat: number; value_inc_vat: number; valid_from: string }[];
        }
      ).results,
      ...(
        JSON.parse(page(2)) as {
          results: { value_exc_vat: number; value_inc_vat: number; valid_from: string }[];
        }
      ).results,
    ];
    const oldest = recorded.at(-1);
    expect(result.prices[0]).toEqual({
      startMs: FROM,
      pricePerMwh: penceKwhToPoundsMwh(oldest?.value_exc_vat ?? 0),
      priceIncVatPerMwh: penceKwhToPoundsMwh(oldest?.value_inc_vat ?? 0),
    });
    // Both quarter hours of a half hour carry its rate; the negative half hour stays negative.
    expect(result.prices[1]?.pricePerMwh).toBe(result.prices[0]?.pricePerMwh);
    expect(result.prices[12]?.pricePerMwh).toBe('-5.048');
  });

  it('does not follow a next page on another origin', async () => {
    const { origin } = await serveRecorded('https://evil.example');
    const client = createOctopusClient({ baseUrl: origin, product: 'AGILE-24-10-01' });
    await expect(client.unitRates('C', FROM, TO)).rejects.toThrow(/another origin/);
  });

  it('reads the emulator end to end; no rates yet is "no data"', async () => {
    emulator = await startOctopusEmulator({
      now: () => new Date('2026-11-28T12:00:00Z'),
      pageSize: 25,
    });
    const client = createOctopusClient({ baseUrl: emulator.url, product: 'AGILE-24-10-01' });
    const from = Date.parse('2026-11-27T00:00:00Z');
    const result = await client.unitRates('N', from, from + 86_400_000);
    if (result.kind !== 'prices') throw new Error('expected prices');
    expect(result.prices).toHaveLength(96);
    expect(result.prices[0]?.priceIncVatPerMwh).toBe(penceKwhToPoundsMwh(agileRate('N', from).inc));
    const tomorrow = await client.unitRates(
      'N',
      Date.parse('2026-11-29T00:00:00Z'),
      Date.parse('2026-11-30T00:00:00Z'),
    );
    expect(tomorrow.kind).toBe('no-data');
    expect((await client.unitRates('I', from, from + 86_400_000)).kind).toBe('no-data');
  });

  it('keeps the first rate of a duplicated slot and skips what lies outside the period', () => {
    const prices = octopusRatesToQuarterHours(
      [
        {
          value_exc_vat: 1,
          value_inc_vat: 1.05,
          valid_from: '2025-11-05T00:30:00Z',
          valid_to: '2025-11-05T01:00:00Z',
        },
        {
          value_exc_vat: 2,
          value_inc_vat: 2.1,
          valid_from: '2025-11-05T00:30:00Z',
          valid_to: '2025-11-05T01:00:00Z',
        },
        {
          value_exc_vat: 3,
          value_inc_vat: 3.15,
          valid_from: '2025-11-04T23:30:00Z',
          valid_to: '2025-11-05T00:00:00Z',
        },
      ],
      FROM,
      TO,
    );
    expect(prices.map((p) => p.pricePerMwh)).toEqual(['10', '10']);
  });
});
