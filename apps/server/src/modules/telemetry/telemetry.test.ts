import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, queryRows, sql } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { closedPort } from '../../test/helpers.ts';
import { dropExpiredPartitions, ensurePartitions } from './partitions.ts';
import { rebuildRollups, runRollups } from './rollups.ts';
import { createTelemetryStore, writeIntervals, type IntervalRow } from './telemetry.repository.ts';
import { batch, telemetryFixture, type TelemetryFixture } from './telemetry.fixtures.ts';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (createTestDb).
const NOW = new Date('2026-03-30T12:00:00Z');

let database: TestDatabase;
let fx: TelemetryFixture;

beforeEach(async () => {
  database = await createTestDb();
  fx = await telemetryFixture(database.db);
});
afterEach(async () => {
  await database.close();
});

const store = (now = NOW) => createTelemetryStore(database.db, { now: () => now });
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(database.db, query);

/** Everything ingest writes, as comparable text. */
async function snapshot(): Promise<string> {
  const parts = await Promise.all([
    rows(sql`select device_id, ts::text, power_w, energy_import_wh from reading order by 1, 2`),
    rows(sql`select device_id, metric, value, unit, at::text from device_latest order by 1, 2`),
    rows(sql`select device_id, ts::text, marked_at::text from rollup_dirty order by 1, 2`),
    rows(sql`select controller_id, ref, first_seen_at::text, last_seen_at::text, last_values, samples
              from discovered_devices order by 1, 2`),
    rows(
      sql`select controller_id, last_seq, last_message_at::text, acked_seq, pending_seqs, gap_since::text
            from controller_ingest order by 1`,
    ),
    rows(
      sql`select controller_id, connected, last_seen_at::text from controller_presence order by 1`,
    ),
  ]);
  return JSON.stringify(parts);
}

async function interval(deviceId: number, ts: string) {
  const [row] = await rows<{ import_wh: number | null; export_wh: number | null; samples: number }>(
    sql`select import_wh, export_wh, power_avg_w, power_min_w, power_max_w, soc_pct, temperature_c, samples
          from interval_15m where device_id = ${deviceId} and ts = ${ts}::timestamptz`,
  );
  return row;
}

async function rollupAll(): Promise<void> {
  while ((await runRollups(database.db, { limit: 1000 })).processed > 0);
}

describe('writeBatches', () => {
  it('stores readings, latest values, dirty marks, the seq and presence; a redelivery changes nothing', async () => {
    const message = batch(7, [
      [
        '2026-03-30T10:00:00+02:00',
        { grid: { power_w: 1200, energy_import_wh: 1000 }, bat: { soc_pct: 55 } },
      ],
      [
        '2026-03-30T08:01:00Z',
        { grid: { power_w: -300, energy_export_wh: 20, temperature_c: 21.5 } },
      ],
    ]);
    const [outcome] = await store().writeBatches([message]);
    expect(outcome).toEqual({
      unitId: 'UNIT-1',
      seq: 7,
      status: 'stored',
      stored: 3,
      skipped: [],
      discovered: 0,
      controllerId: fx.controllerId,
      locationId: fx.locationId,
      ack: 7,
    });
    expect(
      await rows(sql`select metric, value, unit, at from device_latest where device_id = ${fx.devices.grid}
                      order by metric`),
    ).toEqual([
      { metric: 'energy_export_wh', value: 20, unit: 'Wh', at: expect.anything() },
      { metric: 'energy_import_wh', value: 1000, unit: 'Wh', at: expect.anything() },
      { metric: 'power_w', value: -300, unit: 'W', at: expect.anything() },
      { metric: 'temperature_c', value: 21.5, unit: '°C', at: expect.anything() },
    ]);
    expect(
      await rows(
        sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS"+00"') as ts from rollup_dirty
                      where device_id = ${fx.devices.grid} order by ts`,
      ),
    ).toEqual([{ ts: '2026-03-30 08:00:00+00' }]); // both readings' quarter hour
    expect(await rows(sql`select last_seq::int as last_seq from controller_ingest`)).toEqual([
      { last_seq: 7 },
    ]);
    expect(await rows(sql`select connected from controller_presence`)).toEqual([
      { connected: true },
    ]);

    const before = await snapshot();
    const [again] = await store().writeBatches([message]);
    expect(again?.stored).toBe(0);
    expect(await snapshot()).toBe(before);
  });

  it('stores each reading once when two instances write overlapping batches at the same time', async () => {
    const samples: [string, Record<string, { power_w: number; energy_import_wh: number }>][] = [];
    for (let i = 0; i < 50; i++) {
      const time = new Date(Date.parse('2026-03-30T10:00:00Z') + i * 60_000).toISOString();
      samples.push([
        time,
        { grid: { power_w: i, energy_import_wh: i }, pv1: { power_w: i, energy_import_wh: i } },
      ]);
    }
    const results = await Promise.all([
      store().writeBatches([batch(1, samples)]),
      store().writeBatches([batch(1, [...samples].reverse())]),
      store().writeBatches([batch(2, samples.slice(10, 30)), batch(1, samples.slice(0, 20))]),
    ]);
    const stored = results.flat().reduce((sum, outcome) => sum + outcome.stored, 0);
    expect(stored).toBe(100);
    expect(await rows(sql`select count(*)::int as n from reading`)).toEqual([{ n: 100 }]);
    expect(await rows(sql`select count(*)::int as n from rollup_dirty`)).toEqual([{ n: 2 * 4 }]);
  });

  it('keeps the newest latest value when older samples arrive later, and never lowers the seq', async () => {
    await store().writeBatches([batch(9, [['2026-03-30T11:00:00Z', { grid: { power_w: 5 } }]])]);
    await store().writeBatches([batch(3, [['2026-03-30T10:00:00Z', { grid: { power_w: 99 } }]])]);
    expect(
      await rows(sql`select value from device_latest where device_id = ${fx.devices.grid}`),
    ).toEqual([{ value: 5 }]);
    expect(await rows(sql`select last_seq::int as last_seq from controller_ingest`)).toEqual([
      { last_seq: 9 },
    ]);
    expect(await rows(sql`select count(*)::int as n from reading`)).toEqual([{ n: 2 }]);
  });

  it('acknowledges only contiguous seqs: a seq committed by another instance before a gap fills waits', async () => {
    const one = (seq: number, minute: number) =>
      batch(seq, [
        [`2026-03-30T10:${String(minute).padStart(2, '0')}:00Z`, { grid: { power_w: seq } }],
      ]);
    // Instance A commits 10; instance B commits 12 while 11 is still queued at A (or lost with it).
    const [a] = await store().writeBatches([one(10, 0)]);
    expect(a?.ack).toBe(10);
    const [b] = await store().writeBatches([one(12, 2)]);
    expect(b?.ack).toBe(10);
    expect(
      await rows(sql`select acked_seq::int as acked, pending_seqs::text as pending, gap_since is not null as gap
                      from controller_ingest`),
    ).toEqual([{ acked: 10, pending: '{12}', gap: true }]);
    // 11 arrives (re-sent by the controller): everything up to 12 is stored.
    const [c] = await store().writeBatches([one(11, 1)]);
    expect(c?.ack).toBe(12);
    expect(
      await rows(sql`select acked_seq::int as acked, pending_seqs::text as pending, gap_since is null as no_gap
                      from controller_ingest`),
    ).toEqual([{ acked: 12, pending: '{}', no_gap: true }]);
  });

  it('skips a gap that outlived the limit and reports how many seqs it skipped', async () => {
    const skipped: [number, number][] = [];
    const at = (ms: number) =>
      createTelemetryStore(database.db, {
        now: () => new Date(NOW.getTime() + ms),
        ackLimits: { gapMs: 60_000, maxPending: 100 },
        onSeqGapSkipped: (id, n) => skipped.push([id, n]),
      });
    const one = (seq: number, minute: number) =>
      batch(seq, [[`2026-03-30T10:0${minute}:00Z`, { grid: { power_w: seq } }]]);
    await at(0).writeBatches([one(1, 0)]);
    expect((await at(0).writeBatches([one(5, 1)]))[0]?.ack).toBe(1);
    expect((await at(59_000).writeBatches([one(6, 2)]))[0]?.ack).toBe(1);
    expect((await at(61_000).writeBatches([one(7, 3)]))[0]?.ack).toBe(7);
    expect(skipped).toEqual([[fx.controllerId, 3]]);
  });

  it('commits seqs of two transactions in flight without losing either: the second sees the first', async () => {
    const samples = (seq: number) =>
      batch(seq, [
        [`2026-03-30T10:0${seq}:00Z`, { grid: { power_w: seq }, pv1: { power_w: seq } }],
      ]);
    await store().writeBatches([samples(1)]);
    const results = await Promise.all([
      store().writeBatches([samples(2)]),
      store().writeBatches([samples(3)]),
    ]);
    const acks = results.map(([outcome]) => outcome?.ack);
    // Whichever committed last saw both.
    expect(Math.max(...acks.map(Number))).toBe(3);
    expect(
      await rows(
        sql`select acked_seq::int as acked, pending_seqs::text as pending from controller_ingest`,
      ),
    ).toEqual([{ acked: 3, pending: '{}' }]);
  });

  it('marks a dirty quarter hour once per device and quarter hour, and the next stored counter reading after it', async () => {
    // Stored first: a counter reading at 10:40 (quarter hour 10:30).
    await store().writeBatches([
      batch(1, [['2026-03-30T10:40:00Z', { grid: { energy_import_wh: 50 } }]]),
    ]);
    await rows(sql`delete from rollup_dirty`);
    // Late: three counter readings in 10:00–10:15 and one in 10:15–10:30.
    await store().writeBatches([
      batch(2, [
        ['2026-03-30T10:01:00Z', { grid: { energy_import_wh: 10 } }],
        ['2026-03-30T10:05:00Z', { grid: { energy_import_wh: 11 } }],
        ['2026-03-30T10:09:00Z', { grid: { energy_import_wh: 12 } }],
        ['2026-03-30T10:20:00Z', { grid: { energy_import_wh: 20 } }],
      ]),
    ]);
    expect(
      await rows(
        sql`select to_char(ts at time zone 'UTC', 'HH24:MI') as ts from rollup_dirty order by ts`,
      ),
    ).toEqual([{ ts: '10:00' }, { ts: '10:15' }, { ts: '10:30' }]);
  });

  it('answers unknown-controller and writes nothing for a unit id nobody has', async () => {
    const [outcome] = await store().writeBatches([
      batch(1, [['2026-03-30T11:00:00Z', { grid: { power_w: 5 } }]], 'NOBODY'),
    ]);
    expect(outcome).toMatchObject({ status: 'unknown-controller', stored: 0, controllerId: null });
    expect(await rows(sql`select count(*)::int as n from reading`)).toEqual([{ n: 0 }]);
    expect(await rows(sql`select count(*)::int as n from controller_ingest`)).toEqual([{ n: 0 }]);
  });

  it('keeps unknown device references as discovered devices with their last values and a count', async () => {
    const first = batch(1, [
      ['2026-03-30T11:00:00Z', { heatpump2: { power_w: 800, temperature_c: 40 } }],
      ['2026-03-30T11:01:00Z', { heatpump2: { power_w: 900 } }],
    ]);
    const [outcome] = await store().writeBatches([first]);
    expect(outcome).toMatchObject({ stored: 0, discovered: 2 });
    const expected = {
      ref: 'heatpump2',
      first_seen_at: '2026-03-30 11:00:00+00',
      last_seen_at: '2026-03-30 11:01:00+00',
      last_values: { power_w: 900 },
      samples: 2,
    };
    const discovered = () =>
      rows(sql`select ref, to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS"+00"') as first_seen_at,
                 to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS"+00"') as last_seen_at,
                 last_values, samples from discovered_devices where controller_id = ${fx.controllerId}`);
    expect(await discovered()).toEqual([expected]);
    await store().writeBatches([first]); // redelivered: no second count
    expect(await discovered()).toEqual([expected]);
    await store().writeBatches([
      batch(2, [['2026-03-30T11:02:00Z', { heatpump2: { power_w: 1 } }]]),
    ]);
    expect(await discovered()).toEqual([
      {
        ...expected,
        last_seen_at: '2026-03-30 11:02:00+00',
        last_values: { power_w: 1 },
        samples: 3,
      },
    ]);
  });

  it('skips and counts readings of deleted devices and samples outside the time window', async () => {
    const [outcome] = await store().writeBatches([
      batch(1, [
        ['2026-03-30T11:00:00Z', { old: { power_w: 1 }, grid: { power_w: 2 } }],
        ['2026-02-24T11:59:00Z', { grid: { power_w: 3 }, pv1: { power_w: 4 } }], // older than retention − 1 day
        ['2026-02-24T12:00:00Z', { grid: { power_w: 5 } }], // the oldest instant still stored
        ['2026-03-30T12:05:00Z', { grid: { power_w: 6 } }], // now + 5 min: stored
        ['2026-03-30T12:05:00.001Z', { grid: { power_w: 7 } }], // beyond: skipped
      ]),
    ]);
    expect(outcome).toMatchObject({
      stored: 3,
      skipped: [
        { reason: 'time-out-of-range', count: 3 },
        { reason: 'deleted-device', count: 1 },
      ],
    });
    expect(await rows(sql`select power_w from reading order by ts`)).toEqual([
      { power_w: 5 },
      { power_w: 2 },
      { power_w: 6 },
    ]);
    expect(
      await rows(
        sql`select count(*)::int as n from device_latest where device_id = ${fx.devices.old}`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('rejects and leaves nothing half-written when the database fails inside the transaction; a retry stores it once', async () => {
    // The last statement of the transaction (presence) fails, after readings, dirty marks and latest values.
    await database.db.execute(sql`create table fail_switch (on_ boolean not null)`);
    await database.db.execute(sql`insert into fail_switch values (true)`);
    await database.db.execute(
      sql.raw(`create function fail_presence() returns trigger language plpgsql as $$
      begin if (select on_ from fail_switch) then raise exception 'database gone'; end if; return new; end $$`),
    );
    await database.db.execute(
      sql`create trigger fail_presence before insert or update on controller_presence
          for each row execute function fail_presence()`,
    );
    const message = batch(4, [
      [
        '2026-03-30T11:00:00Z',
        { grid: { power_w: 1, energy_import_wh: 10 }, unknown1: { power_w: 2 } },
      ],
    ]);
    await expect(store().writeBatches([message])).rejects.toThrow();
    for (const table of [
      'reading',
      'rollup_dirty',
      'device_latest',
      'discovered_devices',
      'controller_ingest',
    ]) {
      expect(
        await rows(sql`select count(*)::int as n from ${sql.identifier(table)}`),
        table,
      ).toEqual([{ n: 0 }]);
    }
    await database.db.execute(sql`update fail_switch set on_ = false`);
    const [outcome] = await store().writeBatches([message]);
    expect(outcome).toMatchObject({ stored: 1, discovered: 1 });
    const [again] = await store().writeBatches([message]);
    expect(again).toMatchObject({ stored: 0 });
    expect(await rows(sql`select count(*)::int as n from reading`)).toEqual([{ n: 1 }]);
  });

  it('rejects while the database is unreachable', async () => {
    const down = await createDb({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/x`,
    });
    try {
      await expect(
        createTelemetryStore(down.db, { now: () => NOW }).writeBatches([
          batch(1, [['2026-03-30T11:00:00Z', { grid: { power_w: 1 } }]]),
        ]),
      ).rejects.toThrow();
    } finally {
      await down.close();
    }
  });
});

describe('roll-ups', () => {
  it('derives interval energy from counter deltas including the reading before, and corrects it for late samples', async () => {
    const grid = fx.devices.grid;
    await store().writeBatches([
      batch(1, [
        ['2026-03-30T10:00:00Z', { grid: { power_w: 100, energy_import_wh: 1000 } }],
        ['2026-03-30T10:05:00Z', { grid: { power_w: 300, energy_import_wh: 1100 } }],
        ['2026-03-30T10:20:00Z', { grid: { power_w: 200, energy_import_wh: 1400 } }],
      ]),
    ]);
    await rollupAll();
    expect(await interval(grid, '2026-03-30T10:00:00Z')).toMatchObject({
      import_wh: 100,
      export_wh: null,
      power_avg_w: 200,
      power_min_w: 100,
      power_max_w: 300,
      samples: 2,
    });
    expect(await interval(grid, '2026-03-30T10:15:00Z')).toMatchObject({
      import_wh: 300,
      samples: 1,
    });
    expect(await rows(sql`select count(*)::int as n from rollup_dirty`)).toEqual([{ n: 0 }]);

    // A late sample (out of order, in an earlier message) moves energy between the quarter hours.
    await store().writeBatches([
      batch(0, [['2026-03-30T10:14:00Z', { grid: { energy_import_wh: 1350 } }]]),
    ]);
    await rollupAll();
    expect(await interval(grid, '2026-03-30T10:00:00Z')).toMatchObject({
      import_wh: 350,
      samples: 3,
    });
    expect(await interval(grid, '2026-03-30T10:15:00Z')).toMatchObject({ import_wh: 50 });
    expect(
      await rows(
        sql`select import_wh, intervals from device_rollup_hour where device_id = ${grid}`,
      ),
    ).toEqual([{ import_wh: 400, intervals: 2 }]);
    expect(
      await rows(
        sql`select day::text, grid_import_wh from location_rollup_day where location_id = ${fx.locationId}`,
      ),
    ).toEqual([{ day: '2026-03-30', grid_import_wh: 400 }]);

    // A later sample of the same quarter hour corrects it again (the roll-ups are recomputed, not added to).
    await store().writeBatches([
      batch(2, [['2026-03-30T10:25:00Z', { grid: { energy_import_wh: 1500 } }]]),
    ]);
    await rollupAll();
    expect(
      await rows(sql`select import_wh from device_rollup_month where device_id = ${grid}`),
    ).toEqual([{ import_wh: 500 }]);
    expect(
      await rows(
        sql`select grid_import_wh, consumption_wh from location_rollup_hour where location_id = ${fx.locationId}`,
      ),
    ).toEqual([{ grid_import_wh: 500, consumption_wh: 500 }]);
  });

  it('moves energy out of the quarter hour after a gap when a late reading fills the gap', async () => {
    const grid = fx.devices.grid;
    await store().writeBatches([
      batch(1, [
        ['2026-03-30T08:00:00Z', { grid: { energy_import_wh: 1000 } }],
        ['2026-03-30T10:00:00Z', { grid: { energy_import_wh: 2000 } }],
      ]),
    ]);
    await rollupAll();
    expect(await interval(grid, '2026-03-30T10:00:00Z')).toMatchObject({ import_wh: 1000 });
    // The buffered reading of 09:00 arrives late: the 10:00 quarter hour's difference now starts from it.
    await store().writeBatches([
      batch(0, [['2026-03-30T09:00:00Z', { grid: { energy_import_wh: 1600 } }]]),
    ]);
    await rollupAll();
    expect(await interval(grid, '2026-03-30T09:00:00Z')).toMatchObject({ import_wh: 600 });
    expect(await interval(grid, '2026-03-30T10:00:00Z')).toMatchObject({ import_wh: 400 });
    expect(
      await rows(sql`select import_wh from device_rollup_day where device_id = ${grid}`),
    ).toEqual([{ import_wh: 1000 }]);
  });

  it('reads a counter that goes down as a reset: no negative energy, the energy after the reset kept', async () => {
    await store().writeBatches([
      batch(1, [
        ['2026-03-30T10:00:00Z', { bat: { energy_export_wh: 5000, soc_pct: 40 } }],
        ['2026-03-30T10:05:00Z', { bat: { energy_export_wh: 5100, soc_pct: 45 } }],
        ['2026-03-30T10:08:00Z', { bat: { energy_export_wh: 20, soc_pct: 47 } }],
        ['2026-03-30T10:12:00Z', { bat: { energy_export_wh: 70 } }],
      ]),
    ]);
    await rollupAll();
    expect(await interval(fx.devices.bat, '2026-03-30T10:00:00Z')).toMatchObject({
      export_wh: 170,
      soc_pct: 47,
    });
    expect(
      await rows(
        sql`select battery_charge_wh from location_rollup_hour where location_id = ${fx.locationId}`,
      ),
    ).toEqual([{ battery_charge_wh: 170 }]);
  });

  it('keeps a mark that was renewed while the roll-up ran', async () => {
    await store().writeBatches([
      batch(1, [
        ['2026-03-30T10:00:00Z', { grid: { energy_import_wh: 1 } }],
        ['2026-03-30T10:15:00Z', { grid: { energy_import_wh: 2 } }],
      ]),
    ]);
    // A mark whose marked_at changes between the roll-up's read and its delete (a concurrent ingest) stays.
    await database.db.execute(
      sql.raw(`create function renew_mark() returns trigger language plpgsql as $$
      begin update rollup_dirty set marked_at = clock_timestamp() where ts = timestamptz '2026-03-30 10:15:00+00';
      return new; end $$`),
    );
    await database.db.execute(
      sql`create trigger renew_mark before insert on interval_15m for each row execute function renew_mark()`,
    );
    expect(await runRollups(database.db, { limit: 100 })).toEqual({ processed: 2 });
    expect(await rows(sql`select ts::text from rollup_dirty`)).toHaveLength(1);
  });

  it('counts 92 quarter hours on the spring DST day and 100 on the autumn one (Europe/Ljubljana)', async () => {
    // Spring: readings every quarter hour of the local day 2026-03-29 (23 hours), through ingest and runRollups.
    const spring = createTelemetryStore(database.db, {
      now: () => new Date('2026-03-30T00:00:00Z'),
    });
    const samples: [string, Record<string, { energy_import_wh: number; power_w: number }>][] = [];
    for (
      let t = Date.parse('2026-03-28T23:00:00Z');
      t < Date.parse('2026-03-29T22:00:00Z');
      t += 900_000
    ) {
      samples.push([
        new Date(t).toISOString(),
        { pv1: { energy_import_wh: samples.length * 10, power_w: 40 } },
      ]);
    }
    expect(samples).toHaveLength(92);
    await spring.writeBatches([batch(1, samples)]);
    await rollupAll();
    expect(
      await rows(
        sql`select day::text, intervals, import_wh from device_rollup_day where device_id = ${fx.devices.pv1}`,
      ),
    ).toEqual([{ day: '2026-03-29', intervals: 92, import_wh: 910 }]);

    // Autumn: the 25-hour local day 2026-10-25 written as intervals (the demo history path) and rebuilt.
    const intervals: IntervalRow[] = [];
    for (
      let t = Date.parse('2026-10-24T22:00:00Z');
      t < Date.parse('2026-10-25T23:00:00Z');
      t += 900_000
    ) {
      intervals.push(row(fx.devices.pv1, new Date(t), { importWh: 1 }));
    }
    expect(intervals).toHaveLength(100);
    await writeIntervals(database.db, intervals);
    await rebuildRollups(database.db, {
      deviceIds: [fx.devices.pv1],
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-11-01T00:00:00Z'),
    });
    expect(
      await rows(sql`select day::text, intervals, import_wh from device_rollup_day
                      where device_id = ${fx.devices.pv1} and day >= '2026-10-01' order by day`),
    ).toEqual([{ day: '2026-10-25', intervals: 100, import_wh: 100 }]);
    expect(
      await rows(sql`select month::text, solar_wh from location_rollup_month where location_id = ${fx.locationId}
                      order by month`),
    ).toEqual([
      { month: '2026-03-01', solar_wh: 910 },
      { month: '2026-10-01', solar_wh: 100 },
    ]);
    expect(
      await rows(sql`select count(*)::int as n from location_rollup_hour
                      where location_id = ${fx.locationId} and bucket >= '2026-10-01'`),
    ).toEqual([{ n: 25 }]);
  });

  it('maps device categories onto the location columns', async () => {
    const at = new Date('2026-05-04T10:00:00Z');
    const d = fx.devices;
    await writeIntervals(database.db, [
      row(d.grid, at, { importWh: 1000, exportWh: 200 }),
      row(d.pv1, at, { importWh: 3000 }),
      row(d.bat, at, { importWh: 500, exportWh: 400 }),
      row(d.ev, at, { importWh: 700 }),
      row(d.hp, at, { importWh: 300 }),
      row(d.inv, at, { importWh: 100, exportWh: 50 }),
      row(d.misc, at, { importWh: 999 }),
    ]);
    await rebuildRollups(database.db, {
      deviceIds: Object.values(d),
      from: at,
      to: new Date('2026-05-04T10:15:00Z'),
    });
    const expected = {
      // The hybrid inverter's output is what PV and battery measure already: not counted twice.
      consumption_wh: 1000 - 200 + 3000 + 500 - 400,
      grid_import_wh: 1000,
      grid_export_wh: 200,
      solar_wh: 3000,
      battery_charge_wh: 400,
      battery_discharge_wh: 500,
      ev_wh: 700,
      hvac_wh: 300,
    };
    const columns = sql.raw(Object.keys(expected).join(', '));
    for (const table of ['location_rollup_hour', 'location_rollup_day', 'location_rollup_month']) {
      expect(await rows(sql`select ${columns} from ${sql.identifier(table)}`), table).toEqual([
        expected,
      ]);
    }
  });

  it('counts a hybrid inverter as the source where no PV or battery device reports', async () => {
    const at = new Date('2026-05-05T10:00:00Z');
    const d = fx.devices;
    await writeIntervals(database.db, [
      row(d.grid, at, { importWh: 100, exportWh: 0 }),
      row(d.inv, at, { importWh: 900, exportWh: 50 }),
    ]);
    await rebuildRollups(database.db, {
      deviceIds: Object.values(d),
      from: at,
      to: new Date('2026-05-05T10:15:00Z'),
    });
    expect(
      await rows(
        sql`select consumption_wh from location_rollup_hour where bucket = ${at.toISOString()}`,
      ),
    ).toEqual([{ consumption_wh: 100 + 900 - 50 }]);
  });
});

describe('writeIntervals', () => {
  it('writes new intervals with COPY (binary on PGlite) exactly as the upsert does, nulls and negatives included', async () => {
    const d = fx.devices;
    const intervals = [
      row(d.grid, new Date('2026-03-29T00:45:00Z'), {
        importWh: 1234.5678,
        exportWh: 0,
        powerAvgW: -1500.25,
        powerMinW: -3000,
        powerMaxW: 12.5,
        samples: 15,
      }),
      row(d.bat, new Date('2026-03-29T01:00:00Z'), { socPct: 55.5, temperatureC: -4.25 }),
      row(d.pv1, new Date('2025-10-26T00:45:00Z'), { importWh: 1e9 + 0.125, samples: 900 }),
    ];
    expect(await writeIntervals(database.db, intervals, { fresh: true })).toBe(3);
    const copied = await rows(
      sql`select device_id, ts::text, import_wh, export_wh, power_avg_w, power_min_w, power_max_w, soc_pct,
                 temperature_c, samples from interval_15m order by ts, device_id`,
    );
    await rows(sql`delete from interval_15m`);
    await writeIntervals(database.db, intervals);
    const upserted = await rows(
      sql`select device_id, ts::text, import_wh, export_wh, power_avg_w, power_min_w, power_max_w, soc_pct,
                 temperature_c, samples from interval_15m order by ts, device_id`,
    );
    expect(copied).toEqual(upserted);
    expect(copied).toHaveLength(3);
    expect(copied[0]).toMatchObject({ import_wh: 1e9 + 0.125, samples: 900 });
  });
});

describe('partitions', () => {
  it('creates daily and monthly partitions idempotently, also when two instances race', async () => {
    const options = { now: NOW, rawRetentionDays: 35 };
    const { created } = await ensurePartitions(database.db, options);
    expect(created).toContain('reading_20260330');
    expect(created).toContain('reading_20260223'); // today − 35 days
    expect(created).toContain('reading_20260402'); // 3 days ahead
    expect(created).toContain('interval_15m_202602');
    expect(created).toContain('interval_15m_202604');
    expect(created.filter((n) => n.startsWith('reading_'))).toHaveLength(39);
    expect((await ensurePartitions(database.db, options)).created).toEqual([]);
    const later = { now: new Date('2026-04-02T00:00:00Z'), rawRetentionDays: 35 };
    const both = await Promise.all([
      ensurePartitions(database.db, later),
      ensurePartitions(database.db, later),
    ]);
    expect(both.flatMap((b) => b.created).sort()).toEqual([
      'interval_15m_202605',
      'reading_20260403',
      'reading_20260404',
      'reading_20260405',
    ]);
  });

  it('drops raw partitions past the retention, keeping intervals and roll-ups', async () => {
    await store().writeBatches([
      batch(1, [
        ['2026-03-01T10:00:00Z', { grid: { energy_import_wh: 1 } }],
        ['2026-03-01T10:05:00Z', { grid: { energy_import_wh: 5 } }],
        ['2026-03-30T10:00:00Z', { grid: { energy_import_wh: 9 } }],
      ]),
    ]);
    await rollupAll();
    const { dropped } = await dropExpiredPartitions(database.db, {
      now: new Date('2026-04-06T00:00:00Z'),
      rawRetentionDays: 35,
    });
    expect(dropped).toEqual(['reading_20260301']); // 2026-04-06 − 35 days = 2026-03-02 is kept
    expect(await rows(sql`select ts::date::text as day from reading`)).toEqual([
      { day: '2026-03-30' },
    ]);
    expect(await interval(fx.devices.grid, '2026-03-01T10:00:00Z')).toMatchObject({ import_wh: 4 });
    expect(
      await rows(
        sql`select count(*)::int as n from device_rollup_day where device_id = ${fx.devices.grid}`,
      ),
    ).toEqual([{ n: 2 }]);
    expect(
      (
        await dropExpiredPartitions(database.db, {
          now: new Date('2026-04-06T00:00:00Z'),
          rawRetentionDays: 35,
        })
      ).dropped,
    ).toEqual([]);
  });
});

function row(deviceId: number, ts: Date, values: Partial<IntervalRow>): IntervalRow {
  return {
    deviceId,
    ts,
    importWh: null,
    exportWh: null,
    powerAvgW: null,
    powerMinW: null,
    powerMaxW: null,
    socPct: null,
    temperatureC: null,
    samples: 1,
    ...values,
  };
}
