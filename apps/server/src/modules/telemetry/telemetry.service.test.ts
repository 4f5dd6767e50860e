// The telemetry service in the app: its jobs on the real job queue (pg-boss on the test database), the retention
// from the configuration. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@ec/db';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { jobsIn } from '../../test/jobs.ts';
import { batch, telemetryFixture, type TelemetryFixture } from './telemetry.fixtures.ts';
import { PARTITIONS_QUEUE, ROLLUP_QUEUE } from './telemetry.service.ts';

let t: TestApp;
let fx: TelemetryFixture;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { TELEMETRY_RAW_RETENTION_DAYS: '10' } });
  fx = await telemetryFixture(t.db.db);
});
afterAll(async () => {
  await t.close();
});

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(t.db.db, query);

describe('telemetry service', () => {
  it('creates partitions for the configured retention and drops older raw ones', async () => {
    const telemetry = t.app.services.telemetry;
    await telemetry.maintainPartitions();
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    // Whatever the database had before (the test template has 35 days), the retention of 10 days is what is left.
    const partitions = await queryRows<{ name: string }>(
      t.db.db,
      sql.raw(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
                 join pg_class p on p.oid = i.inhparent where p.relname = 'reading'`),
    );
    const names = partitions.map((r) => r.name);
    expect(names).toContain(`reading_${today}`);
    expect(names).toHaveLength(10 + 1 + 3);
    await t.db.db.execute(
      sql.raw(`create table reading_20000101 partition of reading
                 for values from ('2000-01-01T00:00:00Z') to ('2000-01-02T00:00:00Z')`),
    );
    expect(await telemetry.maintainPartitions()).toEqual({
      created: [],
      dropped: ['reading_20000101'],
    });
    // The daily job does the same.
    await t.app.jobs.send(PARTITIONS_QUEUE, {});
    await t.app.jobs.drain(PARTITIONS_QUEUE);
    expect((await jobsIn(t.app.jobs, PARTITIONS_QUEUE)).map((j) => j.state)).toEqual(['completed']);
  });

  it('requests one roll-up job for a burst of commits, and the job computes the intervals', async () => {
    const telemetry = t.app.services.telemetry;
    const minute = new Date(Math.floor(Date.now() / 900_000) * 900_000 - 900_000);
    const at = (s: number) => new Date(minute.getTime() + s * 1000).toISOString();
    const [outcome] = await telemetry.writeBatches([
      batch(1, [
        [at(0), { grid: { energy_import_wh: 100 } }],
        [at(60), { grid: { energy_import_wh: 160 } }],
      ]),
    ]);
    expect(outcome?.stored).toBe(2);
    telemetry.requestRollup();
    telemetry.requestRollup();
    telemetry.requestRollup();
    await telemetry.close(); // waits for the request under way (and stops further ones)
    expect((await jobsIn(t.app.jobs, ROLLUP_QUEUE)).map((j) => j.state)).toEqual(['created']);
    await t.app.jobs.drain(ROLLUP_QUEUE);
    expect(
      await rows(sql`select import_wh from interval_15m where device_id = ${fx.devices.grid}`),
    ).toEqual([{ import_wh: 60 }]);
    expect(await rows(sql`select count(*)::int as n from rollup_dirty`)).toEqual([{ n: 0 }]);
  });
});
