import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  archiveShortwave,
  startOpenMeteoEmulator,
  type OpenMeteoEmulator,
} from '@ec/emulators/open-meteo';
import {
  createOpenMeteoArchiveClient,
  localTimeToInstant,
  OpenMeteoError,
} from './open-meteo-archive-client.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

async function serve(
  replies: { status: number; body: string; headers?: Record<string, string> }[],
) {
  const seen: URL[] = [];
  const server = createServer((req, res) => {
    seen.push(new URL(req.url ?? '/', 'http://x'));
    const next = replies.shift() ?? { status: 500, body: '' };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

const local = (text: string) => Date.parse(`${text}:00Z`);

describe('localTimeToInstant', () => {
  it('resolves the repeated autumn hour by order and ordinary hours by the zone', () => {
    const zone = 'Europe/Ljubljana';
    const first = localTimeToInstant(local('2025-10-26T02:00'), zone, -Infinity);
    expect(new Date(first).toISOString()).toBe('2025-10-26T00:00:00.000Z');
    const second = localTimeToInstant(local('2025-10-26T02:00'), zone, first);
    expect(new Date(second).toISOString()).toBe('2025-10-26T01:00:00.000Z');
    expect(new Date(localTimeToInstant(local('2026-01-15T12:00'), zone, 0)).toISOString()).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(new Date(localTimeToInstant(local('2026-07-15T12:00'), zone, 0)).toISOString()).toBe(
      '2026-07-15T10:00:00.000Z',
    );
    // The spring gap (never sent) takes the offset before the change.
    expect(new Date(localTimeToInstant(local('2026-03-29T02:00'), zone, 0)).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });
});

describe('Open-Meteo archive client', () => {
  it('reads a real-shaped answer: hour-end labels → hour starts, the repeated hour twice, nulls left out', async () => {
    const time = [
      '2025-10-26T00:00',
      '2025-10-26T01:00',
      '2025-10-26T02:00',
      '2025-10-26T02:00',
      '2025-10-26T03:00',
    ];
    const { url, seen } = await serve([
      {
        status: 200,
        body: JSON.stringify({
          latitude: 46.06,
          longitude: 14.5,
          generationtime_ms: 0.2,
          utc_offset_seconds: 7200,
          timezone: 'Europe/Ljubljana',
          timezone_abbreviation: 'CEST',
          elevation: 298,
          hourly_units: { time: 'iso8601', shortwave_radiation: 'W/m²' },
          hourly: { time, shortwave_radiation: [0, 0.5, null, 1.5, 2] },
        }),
      },
    ]);
    const client = createOpenMeteoArchiveClient({ baseUrl: `${url}/` });
    const result = await client.hourlyIrradiance({
      latitude: 46.05,
      longitude: 14.51,
      startDate: '2025-10-26',
      endDate: '2025-10-26',
      timeZone: 'Europe/Ljubljana',
    });
    expect(result.timesMs.map((t) => new Date(t).toISOString())).toEqual([
      '2025-10-25T21:00:00.000Z',
      '2025-10-25T22:00:00.000Z',
      // 02:00+02:00 (null) left out; 02:00+01:00 = 01:00Z ends the hour starting at 00:00Z.
      '2025-10-26T00:00:00.000Z',
      '2025-10-26T01:00:00.000Z',
    ]);
    expect(result.ghiWm2).toEqual([0, 0.5, 1.5, 2]);
    expect(seen[0]?.pathname).toBe('/v1/archive');
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      latitude: '46.05',
      longitude: '14.51',
      start_date: '2025-10-26',
      end_date: '2025-10-26',
      hourly: 'shortwave_radiation',
      timezone: 'Europe/Ljubljana',
    });
  });

  it('maps errors: 400 reason, bad shapes, not JSON, 429 and 5xx after retries', async () => {
    const { url } = await serve([
      {
        status: 400,
        body: JSON.stringify({
          error: true,
          reason: 'Parameter start_date is out of allowed range',
        }),
      },
      {
        status: 200,
        body: JSON.stringify({ hourly: { time: ['2026-01-01T00:00'], shortwave_radiation: [] } }),
      },
      {
        status: 200,
        body: JSON.stringify({ hourly: { time: ['2026-01-01 00:00'], shortwave_radiation: [1] } }),
      },
      { status: 200, body: '<html>' },
      { status: 429, body: '', headers: { 'retry-after': '1' } },
      { status: 429, body: '' },
      { status: 503, body: '' },
      { status: 503, body: '' },
    ]);
    const client = createOpenMeteoArchiveClient({
      baseUrl: url,
      maxRetries: 1,
      sleep: async () => {},
    });
    const q = {
      latitude: 46,
      longitude: 14.5,
      startDate: '2026-01-01',
      endDate: '2026-01-01',
      timeZone: 'Europe/Ljubljana',
    };
    await expect(client.hourlyIrradiance(q)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('out of allowed range') as string,
    });
    await expect(client.hourlyIrradiance(q)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    await expect(client.hourlyIrradiance(q)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    await expect(client.hourlyIrradiance(q)).rejects.toBeInstanceOf(OpenMeteoError);
    await expect(client.hourlyIrradiance(q)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(client.hourlyIrradiance(q)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  describe('against the emulator', () => {
    let emulator: OpenMeteoEmulator | undefined;
    afterEach(async () => {
      await emulator?.close();
      emulator = undefined;
    });

    it('reads a year of hours (8760 + DST days in order) equal to the emulated values', async () => {
      emulator = await startOpenMeteoEmulator({ now: () => new Date('2026-11-28T12:00:00Z') });
      const client = createOpenMeteoArchiveClient({ baseUrl: emulator.url });
      const result = await client.hourlyIrradiance({
        latitude: 46.05,
        longitude: 14.51,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        timeZone: 'Europe/Ljubljana',
      });
      expect(result.timesMs).toHaveLength(8760);
      expect(result.timesMs[0]).toBe(Date.parse('2024-12-31T22:00:00Z'));
      expect(
        result.timesMs.every(
          (t, i) => i === 0 || t - (result.timesMs[i - 1] as number) === 3_600_000,
        ),
      ).toBe(true);
      const noon = result.timesMs.indexOf(Date.parse('2025-06-15T10:00:00Z'));
      expect(result.ghiWm2[noon]).toBe(
        archiveShortwave(46.05, 14.51, Date.parse('2025-06-15T11:00:00Z'), '2025-06-15'),
      );
      expect(result.ghiWm2[noon]).toBeGreaterThan(0);
    });
  });
});
