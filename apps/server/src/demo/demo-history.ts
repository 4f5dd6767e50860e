/**
 * A year of demo history (issue 12): on the first start of a demo database, every demo location gets one year of
 * 15-minute intervals per device up to the current quarter hour, from the same deterministic site models the live
 * simulator runs (apps/simulator `generateHistory`), then its hourly, daily and monthly roll-ups. Charts and
 * totals therefore have data from the first minute; live readings take over from there.
 *
 * Controllers the seed marks offline stop three hours before the start, and their "last seen" says so.
 */
import {
  and,
  controllerPresence,
  controllers,
  devices,
  eq,
  inArray,
  isNull,
  locations,
  type Db,
} from '@ec/db';
import { generateHistory, isKitName } from '@ec/simulator';
import type { Log } from '../logger.ts';
import type { IntervalRow } from '../modules/telemetry/telemetry.repository.ts';
import { DEMO_LOCATIONS } from '../seed/organisation-data.ts';
import { DEMO_SEED, demoUnitId } from './demo-fleet.ts';

const QUARTER_HOUR_MS = 15 * 60_000;
/** How long before the start the offline demo controllers went quiet. */
export const OFFLINE_FOR_MS = 3 * 3600_000;
const CHUNK = 20_000;

/** What the history needs of the telemetry service. */
export interface HistoryWriter {
  writeIntervals(rows: IntervalRow[], options?: { fresh?: boolean }): Promise<number>;
  rebuildRollups(range: { deviceIds: number[]; from: Date; to: Date }): Promise<void>;
}

/**
 * Writes the demo year; answers how many intervals it wrote. Two passes so the overview has its data first: the
 * last `recentDays` of every location with their roll-ups, then the rest of the year with its roll-ups. The models
 * run over the whole year both times (a few seconds of CPU), so both passes see the same states of charge and
 * counters.
 */
export async function writeDemoHistory(options: {
  db: Db;
  telemetry: HistoryWriter;
  log: Log;
  now?: Date;
  days?: number;
  recentDays?: number;
  /** Stops the work between two chunks (the server is shutting down); what was written stays. */
  signal?: AbortSignal;
}): Promise<number> {
  const { db, telemetry, log } = options;
  const now = options.now ?? new Date();
  const end = new Date(Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
  const from = new Date(end.getTime() - (options.days ?? 365) * 86_400_000);
  const started = performance.now();
  const byUnit = new Map(DEMO_LOCATIONS.map((l) => [demoUnitId(l.id), l]));
  const rows = await db
    .select({
      controllerId: controllers.id,
      unitId: controllers.unitId,
      latitude: locations.latitude,
      longitude: locations.longitude,
      timezone: locations.timezone,
      deviceId: devices.id,
      ref: devices.ref,
    })
    .from(controllers)
    .innerJoin(locations, eq(locations.id, controllers.locationId))
    .innerJoin(devices, and(eq(devices.controllerId, controllers.id), isNull(devices.deletedAt)))
    .where(inArray(controllers.unitId, [...byUnit.keys()]));

  const sites = new Map<number, { unitId: string; refs: Map<string, number> }>();
  for (const row of rows) {
    const site = sites.get(row.controllerId) ?? { unitId: row.unitId, refs: new Map() };
    if (row.ref !== null) site.refs.set(row.ref, row.deviceId);
    sites.set(row.controllerId, site);
  }

  const recentFrom = new Date(end.getTime() - (options.recentDays ?? 3) * 86_400_000);
  const deviceIds = [...sites.values()].flatMap((site) => [...site.refs.values()]);
  let written = 0;
  for (const pass of ['recent', 'older'] as const) {
    if (options.signal?.aborted) break;
    const keep = (ts: Date) => (pass === 'recent' ? ts >= recentFrom : ts < recentFrom);
    written += await writeSites(keep);
    if (options.signal?.aborted) break;
    await telemetry.rebuildRollups(
      pass === 'recent'
        ? { deviceIds, from: recentFrom, to: end }
        : { deviceIds, from, to: recentFrom },
    );
  }

  async function writeSites(keep: (ts: Date) => boolean): Promise<number> {
    let count = 0;
    let steps = 0;
    for (const [controllerId, site] of sites) {
      const demo = byUnit.get(site.unitId);
      const row = rows.find((r) => r.controllerId === controllerId);
      if (!demo || !row || !isKitName(demo.kit)) continue;
      const siteEnd = demo.connected ? end : new Date(end.getTime() - OFFLINE_FOR_MS);
      let chunk: IntervalRow[] = [];
      for (const interval of generateHistory({
        kit: demo.kit,
        latitude: row.latitude ?? demo.latitude,
        longitude: row.longitude ?? demo.longitude,
        timezone: row.timezone,
        seed: DEMO_SEED,
        from,
        to: siteEnd,
      })) {
        // Let the server answer requests between slices of the (synchronous) models.
        if (++steps % 20_000 === 0) {
          await new Promise((resolve) => setImmediate(resolve));
          if (options.signal?.aborted) return count;
        }
        const deviceId = site.refs.get(interval.ref);
        if (deviceId === undefined || !keep(interval.ts)) continue;
        chunk.push({
          deviceId,
          ts: interval.ts,
          importWh: interval.importWh,
          exportWh: interval.exportWh,
          powerAvgW: interval.powerAvgW,
          powerMinW: interval.powerMinW,
          powerMaxW: interval.powerMaxW,
          socPct: interval.socPct ?? null,
          temperatureC: interval.temperatureC ?? null,
          samples: 15,
        });
        if (chunk.length >= CHUNK) {
          count += await telemetry.writeIntervals(chunk, { fresh: true });
          chunk = [];
        }
      }
      count += await telemetry.writeIntervals(chunk, { fresh: true });
      if (!demo.connected) {
        await db
          .update(controllerPresence)
          .set({ connected: false, lastSeenAt: siteEnd })
          .where(eq(controllerPresence.controllerId, controllerId));
      }
    }
    return count;
  }

  log.info(
    { intervals: written, devices: deviceIds.length, ms: Math.round(performance.now() - started) },
    'demo: a year of 15-minute history written',
  );
  return written;
}
