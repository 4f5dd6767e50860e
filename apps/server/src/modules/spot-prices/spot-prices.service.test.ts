import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { entsoeDayPrices, startEntsoeEmulator, type EntsoeEmulator } from '@ec/emulators/entsoe';
import { agileRate, startOctopusEmulator, type OctopusEmulator } from '@ec/emulators/octopus';
import { createJobQueue, type JobQueue } from '../../jobs/queue.ts';
import { jobsIn, releaseRetries } from '../../test/jobs.ts';
import { createSpotPricesRepository } from './spot-prices.repository.ts';
import {
  BACKFILL_DAYS,
  createSpotPricesService,
  publicationMs,
  SPOT_QUEUES,
  type SpotPricesService,
} from './spot-prices.service.ts';
import { spotZoneOf } from './zones.ts';

const silent = { info() {}, warn() {}, error() {} };
const SI = '10YSI-ELES-----O';
const AT = '10YAT-APG------L';
const HU = '10YHU-MAVIR----U';

let db: TestDatabase;
let jobs: JobQueue;
let entsoe: EntsoeEmulator;
let octopus: OctopusEmulator;
let service: SpotPricesService;
/** The emulators' and the service's clocks (a test moves them). */
let sourceNow: Date;
let serviceNow: Date;

beforeEach(async () => {
  // The demo's users: the job reads the regions in use from users and locations.
  db = await createTestDb({ template: 'demo' });
  sourceNow = new Date('2026-11-28T12:30:00Z'); // 13:30 CET: tomorrow is out at ENTSO-E
  serviceNow = sourceNow;
  entsoe = await startEntsoeEmulator({ now: () => sourceNow });
  octopus = await startOctopusEmulator({ now: () => sourceNow });
  jobs = createJobQueue({ db, log: silent, workers: false });
  service = createSpotPricesService({
    repo: createSpotPricesRepository(db.db),
    jobs,
    log: silent,
    config: {
      entsoeUrl: entsoe.url,
      entsoeToken: entsoe.token,
      octopusUrl: octopus.url,
      octopusProduct: 'AGILE-24-10-01',
    },
    now: () => serviceNow,
  });
});
afterEach(async () => {
  await jobs.stop();
  await service.close();
  await entsoe.close();
  await octopus.close();
  await db.close();
});

async function stored(code: string) {
  return queryRows<{
    ts: string;
    price: string;
    inc: string | null;
    currency: string;
    res: number;
    source: string;
  }>(
    db.db,
    sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as ts, price_per_mwh::text as price, price_inc_vat_per_mwh::text as inc, currency,
               source_resolution_min as res, source
          from spot_prices where region_code = ${code} order by ts`,
  );
}

describe('spot prices service', () => {
  it('stores an ENTSO-E day per quarter hour, and a re-fetch replaces it', async () => {
    const result = await service.fetchDay('ENTSOE', SI, '2026-11-26');
    expect(result).toMatchObject({
      status: 'stored',
      stored: 96,
      expected: 96,
      currency: 'EUR',
      resolutionMinutes: 15,
      startMs: Date.parse('2026-11-25T23:00:00Z'),
      endMs: Date.parse('2026-11-26T23:00:00Z'),
    });
    const rows = await stored(SI);
    expect(rows).toHaveLength(96);
    expect(rows.map((r) => Number(r.price))).toEqual(
      entsoeDayPrices(SI, '2026-11-26').map((p) => p.price),
    );
    expect(rows[0]).toMatchObject({ currency: 'EUR', res: 15, source: 'ENTSOE', inc: null });
    await db.db.execute(sql`update spot_prices set price_per_mwh = 0 where region_code = ${SI}`);
    await service.fetchDay('ENTSOE', SI, '2026-11-26');
    expect((await stored(SI)).map((r) => Number(r.price))).toEqual(
      entsoeDayPrices(SI, '2026-11-26').map((p) => p.price),
    );
  });

  it('stores 92 quarter hours on the spring DST day', async () => {
    const result = await service.fetchDay('ENTSOE', SI, '2026-03-29');
    expect(result).toMatchObject({ stored: 92, expected: 92 });
  });

  it('answers "no data" for a day not yet published, storing nothing', async () => {
    sourceNow = new Date('2026-11-28T11:00:00Z');
    const result = await service.fetchDay('ENTSOE', SI, '2026-11-29');
    expect(result).toMatchObject({ status: 'no-data', stored: 0 });
    expect(result.reason).toMatch(/No matching data found/);
    expect(await stored(SI)).toHaveLength(0);
  });

  it('stores an Agile day (23:00–23:00 London) in GBP/MWh with and without VAT', async () => {
    const result = await service.fetchDay('OCTOPUS', 'C', '2026-11-27');
    expect(result).toMatchObject({
      status: 'stored',
      stored: 96,
      currency: 'GBP',
      resolutionMinutes: 30,
      startMs: Date.parse('2026-11-26T23:00:00Z'),
    });
    const rows = await stored('C');
    const rate = agileRate('C', Date.parse('2026-11-26T23:00:00Z'));
    expect(Number(rows[0]?.price)).toBeCloseTo(rate.exc * 10, 6);
    expect(Number(rows[0]?.inc)).toBeCloseTo(rate.inc * 10, 6);
    expect(rows[1]?.price).toBe(rows[0]?.price);
    expect(rows[0]).toMatchObject({ source: 'OCTOPUS', res: 30 });
  });

  it('refuses an unknown zone', async () => {
    await expect(service.fetchDay('ENTSOE', 'C', '2026-11-26')).rejects.toThrow(
      /unknown bidding zone/,
    );
    await expect(service.fetchDay('OCTOPUS', 'I', '2026-11-26')).rejects.toThrow(
      /unknown Agile region/,
    );
  });

  it('knows the publication times: 13:00 CET for ENTSO-E (London zone: the day itself), 16:00 London for Agile', () => {
    const si = spotZoneOf('EIC', SI);
    const gb = spotZoneOf('EIC', '10YGB----------A');
    const agile = spotZoneOf('AGILE', 'C');
    if (!si || !gb || !agile) throw new Error('zones');
    expect(new Date(publicationMs(si, '2026-11-29')).toISOString()).toBe(
      '2026-11-28T12:00:00.000Z',
    );
    expect(new Date(publicationMs(si, '2026-07-01')).toISOString()).toBe(
      '2026-06-30T11:00:00.000Z',
    );
    expect(new Date(publicationMs(gb, '2026-11-29')).toISOString()).toBe(
      '2026-11-29T12:00:00.000Z',
    );
    expect(new Date(publicationMs(agile, '2026-11-29')).toISOString()).toBe(
      '2026-11-28T16:00:00.000Z',
    );
  });
});

describe('spot prices job', () => {
  it('fills the last 30 days and tomorrow for SI and every region in use, one request per region, then has nothing to do', async () => {
    // The demo's locations use SI, AT, HR and NL; a user adds Hungary.
    await db.db.execute(
      sql`update users set spot_region_code = ${HU}, spot_region_type = 'EIC' where email = 'basic@demo.energy'`,
    );
    const zones = (await service.regionsOf('ENTSOE')).map((z) => z.code);
    expect(zones).toEqual(expect.arrayContaining([SI, AT, HU]));
    const requestsBefore = entsoe.requests;
    const { fetched, missing } = await service.fetchDue('ENTSOE');
    expect(missing).toEqual([]);
    expect(fetched.map((f) => [f.zone, f.from, f.to])).toEqual(
      zones.map((zone) => [zone, '2026-10-30', '2026-11-29']),
    );
    expect(entsoe.requests - requestsBefore).toBe(zones.length);
    expect(BACKFILL_DAYS).toBe(30);
    // 30 Oct – 29 Nov 2026: 31 days without a DST change.
    const si = await stored(SI);
    expect(si).toHaveLength(31 * 96);
    expect(si.at(-1)?.ts).toBe('2026-11-29T22:45Z');
    expect(await stored(HU)).toHaveLength(31 * 96);
    const again = await service.fetchDue('ENTSOE');
    expect(again).toEqual({ fetched: [], missing: [] });
    // A gap in the middle is fetched alone.
    await db.db.execute(
      sql`delete from spot_prices where region_code = ${SI} and ts >= '2026-11-09T23:00Z' and ts < '2026-11-10T23:00Z'`,
    );
    const gap = await service.fetchDue('ENTSOE');
    expect(gap.fetched.map((f) => [f.zone, f.from, f.to, f.stored])).toEqual([
      [SI, '2026-11-10', '2026-11-10', 96],
    ]);
  });

  it('leaves ENTSO-E alone when it is not configured (production without ENTSOE_TOKEN)', async () => {
    const off = createSpotPricesService({
      repo: createSpotPricesRepository(db.db),
      jobs: createJobQueue({ db, log: silent, workers: false }),
      log: silent,
      config: {
        entsoeUrl: null,
        entsoeToken: undefined,
        octopusUrl: octopus.url,
        octopusProduct: 'AGILE-24-10-01',
      },
      now: () => serviceNow,
    });
    expect(await off.fetchDue('ENTSOE')).toEqual({ fetched: [], missing: [] });
    expect(await off.fetchDay('ENTSOE', SI, '2026-11-26')).toMatchObject({
      status: 'no-data',
      stored: 0,
    });
    await off.close();
  });

  it('does not ask for tomorrow before 13:00 CET', async () => {
    serviceNow = new Date('2026-11-28T11:59:00Z');
    const { fetched, missing } = await service.fetchDue('ENTSOE');
    expect(missing).toEqual([]);
    expect(fetched.every((f) => f.from === '2026-10-30' && f.to === '2026-11-28')).toBe(true);
    expect(fetched.map((f) => f.zone)).toContain(SI);
  });

  it('retries with back-off while a published day is late at the source, and completes once it is there', async () => {
    sourceNow = new Date('2026-11-28T11:00:00Z'); // the source is late: tomorrow not out yet
    await jobs.send(SPOT_QUEUES.ENTSOE, {});
    await jobs.drain(SPOT_QUEUES.ENTSOE);
    const [waiting] = await jobsIn(jobs, SPOT_QUEUES.ENTSOE);
    expect(waiting?.state).toBe('retry');
    expect(waiting?.waitSeconds).toBeGreaterThan(200);
    sourceNow = new Date('2026-11-28T12:30:00Z');
    await releaseRetries(jobs, SPOT_QUEUES.ENTSOE);
    await jobs.drain(SPOT_QUEUES.ENTSOE);
    expect((await jobsIn(jobs, SPOT_QUEUES.ENTSOE)).map((j) => j.state)).toEqual(['completed']);
    expect((await stored(SI)).at(-1)?.ts).toBe('2026-11-29T22:45Z');
  });

  it('keeps the Agile regions in use filled after 16:00 London', async () => {
    await db.db.execute(
      sql`update users set spot_region_code = 'C', spot_region_type = 'AGILE' where email = 'basic@demo.energy'`,
    );
    serviceNow = sourceNow = new Date('2026-11-28T16:30:00Z');
    const { fetched, missing } = await service.fetchDue('OCTOPUS');
    expect(missing).toEqual([]);
    expect(fetched.map((f) => [f.zone, f.from, f.to, f.stored])).toEqual([
      ['C', '2026-10-30', '2026-11-29', 31 * 96],
    ]);
  });
});
