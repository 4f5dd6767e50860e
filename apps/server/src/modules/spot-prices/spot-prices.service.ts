import { localDayOf, type SpotRegionType } from '@ec/domain';
import type { SpotPricesConfig } from '../../config.ts';
import { createEntsoeClient, type EntsoeClient } from '../../integrations/entsoe/entsoe-client.ts';
import {
  createOctopusClient,
  type OctopusClient,
} from '../../integrations/octopus/octopus-client.ts';
import type { SpotPricesResult } from '../../integrations/spot-source.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Log } from '../../logger.ts';
import type { SpotPricesRepository, StoredSpotPrice } from './spot-prices.repository.ts';
import { SI_ZONE, spotZoneOf, type SpotZone } from './zones.ts';

/** Where prices come from. */
export type SpotSource = 'ENTSOE' | 'OCTOPUS';

/** The job queues (one per source, so each retries on its own). */
export const SPOT_QUEUES: Record<SpotSource, string> = {
  ENTSOE: 'spot-prices.entsoe',
  OCTOPUS: 'spot-prices.octopus',
};

/** Days back the job fills in. */
export const BACKFILL_DAYS = 30;

const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;

/** What one fetch did (the CLI prints it). */
export interface FetchResult {
  source: SpotSource;
  zone: string;
  /** First and last delivery day fetched (YYYY-MM-DD). */
  from: string;
  to: string;
  status: 'stored' | 'no-data';
  /** Quarter hours written. */
  stored: number;
  /** Quarter hours the days have (92, 96 or 100 a day). */
  expected: number;
  startMs: number;
  endMs: number;
  currency: string;
  /** The source's resolution (15, 30, 60 minutes) when prices came. */
  resolutionMinutes: number | null;
  min: string | null;
  max: string | null;
  /** The source's "no data" text. */
  reason: string | null;
}

/** The answer of GET /pricing/spot-market. */
export interface SpotMarketDays {
  region: string;
  type: SpotRegionType;
  currency: string;
  timeZone: string;
  resolutionMinutes: 15;
  published: boolean;
  prices: { start: string; end: string; pricePerMwh: string; pricePerMwhIncVat: string | null }[];
}

/** A spot fetch asked for something that does not exist. */
export class UnknownSpotZoneError extends Error {
  override readonly name = 'UnknownSpotZoneError';
}

/** `YYYY-MM-DD` plus days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The local day of a date (noon UTC lies inside the local day for every European zone). */
function dayOf(date: string, timeZone: string) {
  return localDayOf(Date.parse(`${date}T12:00:00Z`), timeZone);
}

/**
 * The delivery period of a day: ENTSO-E prices are cut into the zone's calendar days; an Octopus Agile day runs
 * 23:00–23:00 Europe/London and is named by the day it ends in (its rates are published together at 16:00 the day
 * before).
 */
export function deliveryWindow(zone: SpotZone, date: string): { startMs: number; endMs: number } {
  const day = dayOf(date, zone.timeZone);
  return zone.source === 'OCTOPUS'
    ? { startMs: day.startMs - HOUR_MS, endMs: day.endMs - HOUR_MS }
    : { startMs: day.startMs, endMs: day.endMs };
}

/**
 * When a whole day's prices are out: Octopus from 16:00 London the day before; ENTSO-E from 13:00 CET the day before
 * the last CET market day the local day touches (SDAC results come at about 12:45 CET): the day before for CET zones
 * and those east of it, the day itself for London, Dublin and Lisbon, whose evening lies in the next CET day.
 */
export function publicationMs(zone: SpotZone, date: string): number {
  if (zone.source === 'OCTOPUS') {
    return dayOf(addDays(date, -1), 'Europe/London').startMs + 16 * HOUR_MS;
  }
  const lastCetDay = localDayOf(deliveryWindow(zone, date).endMs - 1, 'Europe/Brussels').day;
  return dayOf(addDays(lastCetDay, -1), 'Europe/Brussels').startMs + 13 * HOUR_MS;
}

/** numeric(18,9) text → the shortest decimal (`95.500000000` → `95.5`). */
export function shortDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

function compareDecimal(a: string, b: string): number {
  return Number(a) - Number(b);
}

/** What {@link createSpotPricesService} needs. */
export interface SpotPricesServiceOptions {
  repo: SpotPricesRepository;
  jobs: JobQueue;
  log: Log;
  config: SpotPricesConfig;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * Spot prices: fetches day-ahead prices from ENTSO-E (bidding zones) and Octopus (Agile regions) into the store, the
 * job that keeps every region in use filled (tomorrow after publication, retried until it is there; the last
 * {@link BACKFILL_DAYS} days back-filled), and the reads the API answers.
 */
export function createSpotPricesService(options: SpotPricesServiceOptions) {
  const { repo, jobs, log, config } = options;
  const now = options.now ?? (() => new Date());
  const emulators: { close(): Promise<void> }[] = [];
  let entsoe: Promise<EntsoeClient | null> | undefined;
  let octopus: Promise<OctopusClient> | undefined;

  // `local` starts the emulator in this process on first use (development and tests without a token).
  function entsoeClient(): Promise<EntsoeClient | null> {
    entsoe ??= (async () => {
      if (config.entsoeUrl === null) return null;
      if (config.entsoeUrl !== 'local') {
        return createEntsoeClient({ baseUrl: config.entsoeUrl, token: config.entsoeToken ?? '' });
      }
      const { startEntsoeEmulator } = await import('@ec/emulators/entsoe');
      const emulator = await startEntsoeEmulator();
      emulators.push(emulator);
      log.info({ url: emulator.url }, 'ENTSO-E emulator started (no ENTSOE_TOKEN)');
      return createEntsoeClient({ baseUrl: emulator.url, token: emulator.token });
    })();
    return entsoe;
  }

  function octopusClient(): Promise<OctopusClient> {
    octopus ??= (async () => {
      if (config.octopusUrl !== 'local') {
        return createOctopusClient({ baseUrl: config.octopusUrl, product: config.octopusProduct });
      }
      const { startOctopusEmulator } = await import('@ec/emulators/octopus');
      const emulator = await startOctopusEmulator();
      emulators.push(emulator);
      log.info({ url: emulator.url }, 'Octopus emulator started');
      return createOctopusClient({ baseUrl: emulator.url, product: config.octopusProduct });
    })();
    return octopus;
  }

  function zoneFor(source: SpotSource, code: string): SpotZone {
    const zone = spotZoneOf(source === 'ENTSOE' ? 'EIC' : 'AGILE', code);
    if (!zone) {
      throw new UnknownSpotZoneError(
        source === 'ENTSOE' ? `unknown bidding zone ${code}` : `unknown Agile region ${code}`,
      );
    }
    return zone;
  }

  /** Fetches the delivery days `from`–`to` (inclusive) of one zone and stores what came. */
  async function fetchRange(
    source: SpotSource,
    code: string,
    from: string,
    to: string,
  ): Promise<FetchResult> {
    const zone = zoneFor(source, code);
    const startMs = deliveryWindow(zone, from).startMs;
    const endMs = deliveryWindow(zone, to).endMs;
    let result: SpotPricesResult;
    if (source === 'ENTSOE') {
      const client = await entsoeClient();
      if (!client) {
        result = { kind: 'no-data', reason: 'ENTSO-E is not configured (ENTSOE_TOKEN)' };
      } else {
        result = await client.dayAheadPrices(code, startMs, endMs);
      }
    } else {
      result = await (await octopusClient()).unitRates(code, startMs, endMs);
    }
    const base = {
      source,
      zone: code,
      from,
      to,
      expected: (endMs - startMs) / QUARTER_MS,
      startMs,
      endMs,
    };
    if (result.kind === 'no-data') {
      return {
        ...base,
        status: 'no-data',
        stored: 0,
        currency: zone.currency,
        resolutionMinutes: null,
        min: null,
        max: null,
        reason: result.reason,
      };
    }
    const inside = result.prices.filter((p) => p.startMs >= startMs && p.startMs < endMs);
    const stored = await repo.upsert(
      inside.map((p) => ({
        regionType: zone.type,
        regionCode: code,
        source,
        ts: new Date(p.startMs),
        pricePerMwh: p.pricePerMwh,
        priceIncVatPerMwh: p.priceIncVatPerMwh,
        currency: result.currency,
        sourceResolutionMin: result.resolutionMinutes,
      })),
      now(),
    );
    const sorted = inside.map((p) => p.pricePerMwh).sort(compareDecimal);
    return {
      ...base,
      status: 'stored',
      stored,
      currency: result.currency,
      resolutionMinutes: result.resolutionMinutes,
      min: sorted[0] ?? null,
      max: sorted.at(-1) ?? null,
      reason: null,
    };
  }

  /** The delivery days of the window that lack quarter hours in the store. */
  async function missingDays(zone: SpotZone, dates: string[]): Promise<string[]> {
    if (dates.length === 0) return [];
    const first = deliveryWindow(zone, dates[0] as string).startMs;
    const last = deliveryWindow(zone, dates.at(-1) as string).endMs;
    const stored = new Set(
      await repo.storedStarts(zone.type, zone.code, new Date(first), new Date(last)),
    );
    return dates.filter((date) => {
      const { startMs, endMs } = deliveryWindow(zone, date);
      for (let t = startMs; t < endMs; t += QUARTER_MS) if (!stored.has(t)) return true;
      return false;
    });
  }

  /** The regions a source keeps filled: those in use (Slovenia's zone always for ENTSO-E). */
  async function regionsOf(source: SpotSource): Promise<SpotZone[]> {
    const inUse = await repo.regionsInUse();
    const codes = new Set(source === 'ENTSOE' ? [SI_ZONE] : []);
    for (const region of inUse) {
      if ((region.type === 'EIC') === (source === 'ENTSOE')) codes.add(region.code);
    }
    return [...codes].flatMap(
      (code) => spotZoneOf(source === 'ENTSOE' ? 'EIC' : 'AGILE', code) ?? [],
    );
  }

  /**
   * The job: for every region of the source, fetches each published day of the last {@link BACKFILL_DAYS} days and
   * tomorrow that is not complete in the store (consecutive days in one request). Throws — so the queue retries with
   * back-off — while a published today or tomorrow is still missing somewhere, or a source failed.
   */
  async function fetchDue(
    source: SpotSource,
  ): Promise<{ fetched: FetchResult[]; missing: string[] }> {
    const nowMs = now().getTime();
    const fetched: FetchResult[] = [];
    const missing: string[] = [];
    // Production without ENTSOE_TOKEN: nothing to fetch from ENTSO-E (not a failure to retry).
    if (source === 'ENTSOE' && config.entsoeUrl === null) return { fetched, missing };
    for (const zone of await regionsOf(source)) {
      const today = localDayOf(nowMs, zone.timeZone).day;
      const dates: string[] = [];
      for (let back = BACKFILL_DAYS - 1; back >= -1; back--) {
        const date = addDays(today, -back);
        if (publicationMs(zone, date) <= nowMs) dates.push(date);
      }
      try {
        const gaps = await missingDays(zone, dates);
        // Consecutive missing days go in one request.
        const runs: string[][] = [];
        for (const date of gaps) {
          const run = runs.at(-1);
          if (run && addDays(run.at(-1) as string, 1) === date) run.push(date);
          else runs.push([date]);
        }
        for (const run of runs) {
          fetched.push(await fetchRange(source, zone.code, run[0] as string, run.at(-1) as string));
        }
        const stillMissing = await missingDays(
          zone,
          dates.filter((d) => d >= today),
        );
        for (const date of stillMissing) missing.push(`${zone.code} ${date}`);
      } catch (error) {
        log.warn({ err: error, source, zone: zone.code }, 'spot price fetch failed');
        missing.push(`${zone.code} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    if (fetched.some((f) => f.stored > 0)) {
      log.info(
        {
          source,
          fetched: fetched.map((f) => ({ zone: f.zone, from: f.from, to: f.to, stored: f.stored })),
        },
        'spot prices stored',
      );
    }
    return { fetched, missing };
  }

  for (const source of ['ENTSOE', 'OCTOPUS'] as const) {
    jobs.define<Record<string, never>>({
      name: SPOT_QUEUES[source],
      policy: 'stately',
      // From 5 minutes doubling up to an hour: about 10 hours of tries after a late publication.
      retryLimit: 12,
      retryDelaySeconds: 300,
      retryBackoff: true,
      retryDelayMaxSeconds: 3600,
      expireInSeconds: 600,
      keepDays: 7,
      batchSize: 1,
      handler: async () => {
        const { missing } = await fetchDue(source);
        if (missing.length > 0)
          throw new Error(`spot prices not yet complete: ${missing.join(', ')}`);
      },
    });
  }
  // After publication, and hourly for back-fill and regions set since.
  jobs.schedule({
    queue: SPOT_QUEUES.ENTSOE,
    cron: '5 13 * * *',
    tz: 'Europe/Brussels',
    key: 'publication',
  });
  jobs.schedule({ queue: SPOT_QUEUES.ENTSOE, cron: '20 * * * *', tz: 'UTC', key: 'hourly' });
  jobs.schedule({
    queue: SPOT_QUEUES.OCTOPUS,
    cron: '5 16 * * *',
    tz: 'Europe/London',
    key: 'publication',
  });
  jobs.schedule({ queue: SPOT_QUEUES.OCTOPUS, cron: '25 * * * *', tz: 'UTC', key: 'hourly' });

  return {
    fetchRange,
    /** Fetches one delivery day of a zone (CLI: `npm run prices -- fetch`). */
    fetchDay: (source: SpotSource, code: string, date: string) =>
      fetchRange(source, code, date, date),
    fetchDue,
    regionsOf,

    /** Enqueues a fetch for both sources now (at server start: back-fill without waiting for the hourly cron). */
    async requestFetch(): Promise<void> {
      await jobs.send(SPOT_QUEUES.ENTSOE, {});
      await jobs.send(SPOT_QUEUES.OCTOPUS, {});
    },

    /**
     * The stored quarter hours of a region for the local days `from`–`to` (inclusive) in the zone's time zone;
     * undefined for an unknown region. `published`: whether the last day has prices (false for tomorrow before
     * publication).
     */
    async days(
      type: SpotRegionType,
      code: string,
      from: string,
      to: string,
    ): Promise<SpotMarketDays | undefined> {
      const zone = spotZoneOf(type, code);
      if (!zone) return undefined;
      const start = dayOf(from, zone.timeZone);
      const last = dayOf(to, zone.timeZone);
      const rows: StoredSpotPrice[] = await repo.between(
        type,
        code,
        new Date(start.startMs),
        new Date(last.endMs),
      );
      return {
        region: code,
        type,
        currency: rows[0]?.currency.trim() ?? zone.currency,
        timeZone: zone.timeZone,
        resolutionMinutes: 15,
        published: rows.some((r) => r.ts.getTime() >= last.startMs),
        prices: rows.map((r) => ({
          start: r.ts.toISOString(),
          end: new Date(r.ts.getTime() + QUARTER_MS).toISOString(),
          pricePerMwh: shortDecimal(r.pricePerMwh),
          pricePerMwhIncVat:
            r.priceIncVatPerMwh === null ? null : shortDecimal(r.priceIncVatPerMwh),
        })),
      };
    },

    /**
     * The stored quarter hours of a region in [from, to) by start (UTC ms): price per MWh (exact decimal) and its
     * currency, for the costs of a location's energy.
     */
    async pricesBetween(
      type: SpotRegionType,
      code: string,
      from: Date,
      to: Date,
    ): Promise<Map<number, { pricePerMwh: string; currency: string }>> {
      const rows = await repo.between(type, code, from, to);
      return new Map(
        rows.map((r) => [
          r.ts.getTime(),
          { pricePerMwh: shortDecimal(r.pricePerMwh), currency: r.currency.trim() },
        ]),
      );
    },

    /** Closes the emulators this process started. */
    async close(): Promise<void> {
      await Promise.all(emulators.splice(0).map((e) => e.close()));
    },
  };
}

/** The spot-prices service. */
export type SpotPricesService = ReturnType<typeof createSpotPricesService>;
