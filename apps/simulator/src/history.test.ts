import { describe, expect, it } from 'vitest';
import { generateHistory, type HistoryOptions } from './history.ts';
import { KIT_DEVICES } from './model/kits.ts';
import { SiteModel } from './model/site.ts';

const LESCE: HistoryOptions = {
  kit: 'full',
  latitude: 46.359712,
  longitude: 14.158094,
  timezone: 'Europe/Ljubljana',
  seed: 'demo',
  from: new Date('2026-03-01T00:07:00Z'),
  to: new Date('2026-03-08T00:00:00Z'),
};

describe('generateHistory', () => {
  it('gives one row per device per 15-minute interval, aligned, in kit order', () => {
    const rows = [...generateHistory(LESCE)];
    expect(rows).toHaveLength(7 * 96 * KIT_DEVICES.full.length);
    expect(rows[0]?.ts.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(rows.slice(0, 7).map((r) => r.ref)).toEqual(KIT_DEVICES.full.map((d) => d.ref));
    for (const row of rows) {
      expect(row.ts.getTime() % 900_000).toBe(0);
      expect(row.importWh).toBeGreaterThanOrEqual(0);
      expect(row.exportWh).toBeGreaterThanOrEqual(0);
      expect(row.powerMinW).toBeLessThanOrEqual(row.powerAvgW + 0.1);
      expect(row.powerMaxW).toBeGreaterThanOrEqual(row.powerAvgW - 0.1);
      if (row.ref === 'battery') expect(row.socPct).toBeGreaterThanOrEqual(10);
      if (row.ref === 'hp') expect(row.temperatureC).toBeTypeOf('number');
    }
  });

  it('is deterministic and agrees with the live model’s counters at the same resolution', () => {
    const a = [...generateHistory({ ...LESCE, stepS: 60 })];
    const b = [...generateHistory({ ...LESCE, stepS: 60 })];
    expect(a).toEqual(b);
    const model = new SiteModel({ ...LESCE, startMs: Date.UTC(2026, 2, 1), stepS: 60 });
    model.advanceTo(LESCE.to.getTime());
    const grid = model.devices.findIndex((d) => d.ref === 'grid');
    const gridImport = a.filter((r) => r.ref === 'grid').reduce((s, r) => s + r.importWh, 0);
    expect(gridImport).toBeCloseTo(model.importWh[grid] ?? 0, -1); // sums of rounded rows, within a few Wh
  });

  it('generates a year of a full kit in a few seconds at most', () => {
    const started = performance.now();
    let count = 0;
    for (const row of generateHistory({
      ...LESCE,
      from: new Date('2025-11-25T00:00:00Z'),
      to: new Date('2026-11-25T00:00:00Z'),
    })) {
      if (row.ref) count++;
    }
    const ms = performance.now() - started;
    expect(count).toBe(365 * 96 * 7);
    console.info(`one year of a full kit: ${count} rows in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(10_000);
  });
});
