// The live bus: payloads below PostgreSQL's NOTIFY limit, in-process delivery on PGlite, and on PostgreSQL a
// notification from one instance (its own pool) reaching another instance's subscribers, also after the LISTEN
// connection was cut.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, sql, type Database } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { createLiveBus, livePayloads, parseLivePayload, type LiveBus } from './live-bus.ts';

describe('payloads', () => {
  it('joins distinct positive ids with commas and splits long lists below 8000 bytes', () => {
    expect(livePayloads([3, 1, 3, 0, -2, 1.5, 7])).toEqual(['3,1,7']);
    expect(livePayloads([])).toEqual([]);
    const many = Array.from({ length: 3_000 }, (_, i) => 1_000_000 + i);
    const payloads = livePayloads(many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap(parseLivePayload)).toEqual(many);
  });

  it('ignores what is not an id', () => {
    expect(parseLivePayload('1,x,,-3,2.5,4')).toEqual([1, 4]);
    expect(parseLivePayload(undefined)).toEqual([]);
  });
});

/** Resolves with the next ids a bus delivers, or rejects after `ms`. */
function next(bus: LiveBus, ms = 2_000): Promise<readonly number[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('nothing delivered'));
    }, ms);
    const stop = bus.subscribe((ids) => {
      clearTimeout(timer);
      stop();
      resolve(ids);
    });
  });
}

const adminUrl = inject('testDatabaseUrl');

describe('one instance', () => {
  let db: TestDatabase;
  let bus: LiveBus;
  beforeAll(async () => {
    db = await createTestDb();
    bus = createLiveBus(db);
  });
  afterAll(async () => {
    await bus.close();
    await db.close();
  });

  it('delivers its own notifications to its subscribers', async () => {
    // Let a PostgreSQL bus open its LISTEN connection first (a PGlite one delivers in process).
    const warm = bus.subscribe(() => {});
    await new Promise((done) => setTimeout(done, 200));
    const got = next(bus);
    await bus.notify([5, 6]);
    expect(await got).toEqual([5, 6]);
    warm();
  });

  it('says nothing for an empty list', async () => {
    const got = next(bus, 300);
    await bus.notify([]);
    await expect(got).rejects.toThrow('nothing delivered');
  });
});

describe.runIf(adminUrl)('two instances on PostgreSQL', () => {
  let db: TestDatabase;
  let other: Database;
  let a: LiveBus;
  let b: LiveBus;
  beforeAll(async () => {
    db = await createTestDb();
    const url = new URL(adminUrl);
    url.pathname = `/${db.databaseName ?? ''}`;
    other = await createDb({ databaseUrl: url.href, maxConnections: 2 });
    a = createLiveBus(db);
    b = createLiveBus(other);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await other.close();
    await db.close();
  });

  it('a commit announced on one instance reaches the other’s streams', async () => {
    const warm = a.subscribe(() => {});
    await new Promise((done) => setTimeout(done, 200));
    const got = next(a);
    await b.notify([42]);
    expect(await got).toEqual([42]);
    warm();
  });

  it('reopens its LISTEN connection when it is cut', async () => {
    const warm = a.subscribe(() => {});
    await new Promise((done) => setTimeout(done, 200));
    await other.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`,
    );
    // Back-off starts at 250 ms.
    await new Promise((done) => setTimeout(done, 1_000));
    const got = next(a);
    await b.notify([43]);
    expect(await got).toEqual([43]);
    warm();
  });
});
