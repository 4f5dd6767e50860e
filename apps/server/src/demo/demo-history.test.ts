import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@ec/db';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { demoFleetControllers, demoUnitId } from './demo-fleet.ts';
import { OFFLINE_FOR_MS, writeDemoHistory } from './demo-history.ts';

const silent = { info: () => undefined, error: () => undefined } as never;
const now = new Date('2026-11-25T12:07:00Z');
const end = new Date('2026-11-25T12:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo history', () => {
  it('writes 15-minute intervals up to the quarter hour for online demo controllers, 3 h less for offline ones, and their roll-ups', async () => {
    const written = await writeDemoHistory({
      db: t.db.db,
      telemetry: t.app.services.telemetry,
      log: silent,
      now,
      days: 1,
      recentDays: 0.25,
    });
    expect(written).toBeGreaterThan(0);
    const last = await queryRows<{ unit_id: string; last: string }>(
      t.db.db,
      sql`select c.unit_id, max(i.ts) as last from interval_15m i join devices d on d.id = i.device_id
          join controllers c on c.id = d.controller_id group by c.unit_id`,
    );
    const lastOf = (unitId: string) =>
      new Date(last.find((r) => r.unit_id === unitId)?.last ?? 0).getTime();
    // Vila Lesce (2) is online, Domžale (6) offline in the seed.
    expect(lastOf(demoUnitId(2))).toBe(end.getTime() - 15 * 60_000);
    expect(lastOf(demoUnitId(6))).toBe(end.getTime() - OFFLINE_FOR_MS - 15 * 60_000);
    const [presence] = await queryRows<{ connected: boolean; last_seen_at: string }>(
      t.db.db,
      sql`select p.connected, p.last_seen_at from controller_presence p
          join controllers c on c.id = p.controller_id where c.unit_id = ${demoUnitId(6)}`,
    );
    expect(presence?.connected).toBe(false);
    expect(new Date(presence?.last_seen_at ?? 0).getTime()).toBe(end.getTime() - OFFLINE_FOR_MS);
    const [day] = await queryRows<{ n: number; solar: number }>(
      t.db.db,
      sql`select count(*)::int as n, coalesce(sum(solar_wh), 0)::float8 as solar from location_rollup_day`,
    );
    expect(day?.n).toBeGreaterThan(0);
    expect(day?.solar).toBeGreaterThan(0);
  });

  it('issues each simulated demo controller a fresh secret and marks the seed’s offline ones so the fleet leaves them out', async () => {
    const issued: number[] = [];
    const fleet = await demoFleetControllers(t.db.db, async (ids) => {
      issued.push(...ids);
      return ids.map((controllerId) => ({ controllerId, unitId: '', secret: `s-${controllerId}` }));
    });
    expect(fleet.length).toBe(issued.length);
    expect(fleet.every((c) => c.secret.startsWith('s-'))).toBe(true);
    expect(fleet.find((c) => c.unitId === demoUnitId(6))?.online).toBe(false);
    expect(fleet.find((c) => c.unitId === demoUnitId(3))).toMatchObject({
      kit: 'meter',
      setupType: 'P1_WIFI',
      online: true,
    });
  });
});
