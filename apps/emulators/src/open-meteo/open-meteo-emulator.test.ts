import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSkyGhi,
  startOpenMeteoEmulator,
  type OpenMeteoEmulator,
} from './open-meteo-emulator.ts';

interface Answer {
  timezone: string;
  utc_offset_seconds: number;
  hourly_units: Record<string, string>;
  hourly: { time: string[]; shortwave_radiation: (number | null)[] };
}

describe('Open-Meteo archive emulator', () => {
  let emulator: OpenMeteoEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  const query = (params: Record<string, string>) =>
    `${emulator?.url}/archive?${new URLSearchParams({
      latitude: '46.05',
      longitude: '14.51',
      hourly: 'shortwave_radiation',
      timezone: 'Europe/Ljubljana',
      ...params,
    }).toString()}`;

  it('answers local hours without an offset, 25 on the autumn DST day with 02:00 twice, 23 in spring', async () => {
    emulator = await startOpenMeteoEmulator({ now: () => new Date('2026-11-28T12:00:00Z') });
    const response = await fetch(query({ start_date: '2025-10-26', end_date: '2025-10-26' }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Answer;
    expect(body.timezone).toBe('Europe/Ljubljana');
    expect(body.utc_offset_seconds).toBe(7200);
    expect(body.hourly_units.shortwave_radiation).toBe('W/m²');
    expect(body.hourly.time).toHaveLength(25);
    expect(body.hourly.time.slice(1, 5)).toEqual([
      '2025-10-26T01:00',
      '2025-10-26T02:00',
      '2025-10-26T02:00',
      '2025-10-26T03:00',
    ]);
    const spring = (await (
      await fetch(query({ start_date: '2026-03-29', end_date: '2026-03-30' }))
    ).json()) as Answer;
    expect(spring.hourly.time).toHaveLength(23 + 24);
    expect(spring.hourly.time.slice(1, 3)).toEqual(['2026-03-29T01:00', '2026-03-29T03:00']);
  });

  it('has irradiance in daylight only, up to clear sky, stronger in summer, null within 5 days of its clock', async () => {
    emulator = await startOpenMeteoEmulator({ now: () => new Date('2026-07-10T12:00:00Z') });
    const june = (await (
      await fetch(query({ start_date: '2026-06-01', end_date: '2026-06-30' }))
    ).json()) as Answer;
    const december = (await (
      await fetch(query({ start_date: '2025-12-01', end_date: '2025-12-31' }))
    ).json()) as Answer;
    const sum = (a: Answer) =>
      a.hourly.shortwave_radiation.reduce<number>((s, v) => s + (v ?? 0), 0);
    expect(sum(june)).toBeGreaterThan(3 * sum(december));
    const at = (a: Answer, label: string) =>
      a.hourly.shortwave_radiation[a.hourly.time.indexOf(label)];
    expect(at(june, '2026-06-15T02:00')).toBe(0);
    expect(at(june, '2026-06-15T13:00')).toBeGreaterThan(100);
    expect(Math.max(...june.hourly.shortwave_radiation.map((v) => v ?? 0))).toBeLessThan(1000);
    // The value at 13:00 local (11:00Z) averages 12:00–13:00: at most clear sky at 10:30Z.
    expect(at(june, '2026-06-15T13:00')).toBeLessThanOrEqual(
      Math.round(clearSkyGhi(Date.parse('2026-06-15T10:30:00Z'), 46.05, 14.51) * 10) / 10,
    );
    const recent = (await (
      await fetch(query({ start_date: '2026-07-01', end_date: '2026-07-09' }))
    ).json()) as Answer;
    expect(at(recent, '2026-07-04T12:00')).not.toBeNull();
    expect(at(recent, '2026-07-06T12:00')).toBeNull();
    // Deterministic.
    const again = (await (
      await fetch(query({ start_date: '2026-06-01', end_date: '2026-06-30' }))
    ).json()) as Answer;
    expect(again.hourly).toEqual(june.hourly);
  });

  it('refuses bad parameters with the error body', async () => {
    emulator = await startOpenMeteoEmulator();
    const bad: Record<string, string>[] = [
      { start_date: '2026-01-02', end_date: '2026-01-01' },
      { start_date: '2026-02-30', end_date: '2026-03-01' },
      { start_date: '2026-01-01', end_date: '2026-01-01', latitude: '95' },
      { start_date: '2026-01-01', end_date: '2026-01-01', hourly: 'shortwave_radiation,foo' },
      { start_date: '2026-01-01', end_date: '2026-01-01', timezone: 'Mars/Olympus' },
    ];
    for (const params of bad) {
      const response = await fetch(query(params));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: true,
        reason: expect.any(String) as string,
      });
    }
  });
});
