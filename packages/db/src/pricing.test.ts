// The pricing tables (migration 0009): exact numeric(18,9) prices and arrays, and the checks the database keeps
// even when a writer forgets the service's rules. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from './index.ts';
import {
  priceTypeConfigs,
  timePlanBlocks,
  timePlans,
  timePlanSeasons,
  timePlanSlots,
} from './schema/index.ts';
import { createTestDb, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let plan = 0;
let block = 0;
let season = 0;
beforeAll(async () => {
  database = await createTestDb();
  const [row] = await database.db
    .insert(timePlans)
    .values({ title: 'Plan', color: '#000000', code: 'TEST-PLAN' })
    .returning();
  plan = row?.id ?? 0;
  const [b] = await database.db
    .insert(timePlanBlocks)
    .values({ timePlanId: plan, title: 'VT', color: '#ff0000', position: 1 })
    .returning();
  block = b?.id ?? 0;
  const [s] = await database.db
    .insert(timePlanSeasons)
    .values({ timePlanId: plan, title: 'Year', fromDay: '01-01', toDay: '12-31' })
    .returning();
  season = s?.id ?? 0;
});
afterAll(() => database.close());

const config = (changes: Partial<typeof priceTypeConfigs.$inferInsert> = {}) => ({
  kind: 'SUPPLIER_ENERGY_BUY' as const,
  name: 'Energy',
  countryCode: 'SI',
  currency: 'EUR',
  model: 'FIXED' as const,
  prices: ['0.123456789'],
  validFrom: '2025-01-01',
  ...changes,
});

describe('pricing tables', () => {
  it('keeps prices exact to nine decimals, in arrays too', async () => {
    const [row] = await database.db
      .insert(priceTypeConfigs)
      .values(
        config({ prices: ['0.123456789', '-0.5', '123456789.000000001'], feePerMonth: '1.99' }),
      )
      .returning();
    const [read] = await database.db
      .select()
      .from(priceTypeConfigs)
      .where(eq(priceTypeConfigs.id, row?.id ?? 0));
    expect(read?.prices).toEqual(['0.123456789', '-0.500000000', '123456789.000000001']);
    expect(read?.feePerMonth).toBe('1.990000000');
  });

  it.each([
    ['a bad currency', config({ currency: 'eu' })],
    ['an unknown kind', config({ kind: 'OTHER' as never })],
    ['an end before the start', config({ validTo: '2024-12-31' })],
  ])('refuses a config with %s', async (_what, values) => {
    await expect(database.db.insert(priceTypeConfigs).values(values)).rejects.toThrow();
  });

  it('refuses slots off quarter hours, past 24:00, empty, or on day 8', async () => {
    const slot = { timePlanId: plan, seasonId: season, blockId: block, dayOfWeek: 1 };
    for (const [start, end, day] of [
      [0, 10, 1],
      [0, 1455, 1],
      [60, 60, 1],
      [0, 60, 8],
    ] as const) {
      await expect(
        database.db
          .insert(timePlanSlots)
          .values({ ...slot, startMinute: start, endMinute: end, dayOfWeek: day }),
      ).rejects.toThrow();
    }
    await database.db.insert(timePlanSlots).values({ ...slot, startMinute: 0, endMinute: 1440 });
  });

  it('keeps the codes of shipped rows unique and colours lower case', async () => {
    await expect(
      database.db.insert(timePlans).values({ title: 'Again', color: '#000000', code: 'TEST-PLAN' }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(timePlans).values({ title: 'Upper', color: '#AABBCC' }),
    ).rejects.toThrow();
  });
});
