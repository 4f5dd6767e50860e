import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMeterFile, parseMeterReadings } from '../src/network-fee/index.ts';
import { SAMPLE_YEAR, sampleCsv, sampleJson, samplePortalCsv } from './generate-sample.ts';
import { generateHouseholdProfile, mulberry32 } from './household-profile.ts';

describe('household profile generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateHouseholdProfile({ startDate: '2025-01-01', days: 7 });
    const b = generateHouseholdProfile({ startDate: '2025-01-01', days: 7 });
    const c = generateHouseholdProfile({ startDate: '2025-01-01', days: 7, seed: 1 });
    expect(a).toEqual(b);
    expect(a.powersKw).not.toEqual(c.powersKw);
    expect([mulberry32(1)(), mulberry32(1)()]).toEqual([mulberry32(1)(), mulberry32(1)()]);
  });

  it('covers every local quarter hour, DST days included, with plausible four-decimal powers', () => {
    const p = generateHouseholdProfile({ startDate: '2025-03-29', days: 3 });
    expect(p.intervalEndsMs).toHaveLength(96 + 92 + 96);
    for (const kw of p.powersKw) {
      expect(kw).toBeGreaterThan(0);
      expect(kw).toBeLessThan(17);
      expect(Math.round(kw * 1e4) / 1e4).toBe(kw);
    }
  });
});

describe('shipped samples', () => {
  const year = generateHouseholdProfile(SAMPLE_YEAR);

  it('match what the generator produces now', () => {
    const dir = new URL('../samples/', import.meta.url);
    expect(readFileSync(fileURLToPath(new URL('household-heat-pump-ev.json', dir)), 'utf8')).toBe(
      sampleJson(year),
    );
    expect(readFileSync(fileURLToPath(new URL('household-week.csv', dir)), 'utf8')).toBe(
      sampleCsv(year),
    );
    expect(readFileSync(fileURLToPath(new URL('household-week-portal.csv', dir)), 'utf8')).toBe(
      samplePortalCsv(year),
    );
  });

  it('the portal-layout week reads back as the same intervals as the CLI CSV week, with power and export', () => {
    const cli = parseMeterFile(sampleCsv(year));
    const portal = parseMeterFile(samplePortalCsv(year), 'household-week-portal.csv');
    expect(portal.source).toBe('portal-csv');
    expect(portal.kind).toBe('power');
    expect(portal.intervalEndsMs).toEqual(cli.intervalEndsMs);
    // 7 days, one of them 25 hours long.
    expect(portal.intervalEndsMs).toHaveLength(7 * 96 + 4);
    const first = year.intervalEndsMs.indexOf(portal.intervalEndsMs[0] as number);
    expect(portal.importValues).toEqual(year.powersKw.slice(first, first + 7 * 96 + 4));
    expect(portal.exportValues?.every((v) => v === 0)).toBe(true);
  });

  it('parse back to the generated year', () => {
    const parsed = parseMeterReadings(sampleJson(year));
    expect(parsed.kind).toBe('power');
    expect(parsed.intervalEndsMs).toEqual(year.intervalEndsMs);
    expect(parsed.values).toEqual(year.powersKw);
  });
});
