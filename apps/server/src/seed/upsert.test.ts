import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, eq } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { upsert } from './upsert.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const rowsOf = (code: string) => db.db.select().from(countries).where(eq(countries.code, code));

describe('upsert', () => {
  it('inserts a new row, then sets the other columns of the row with the same key', async () => {
    await upsert(db.db, countries, ['code'], { code: 'XQ', name: 'First', visible: true });
    const [first] = await rowsOf('XQ');
    expect(first).toMatchObject({ code: 'XQ', name: 'First', visible: true });

    await upsert(db.db, countries, ['code'], { code: 'XQ', name: 'Second', visible: false });
    expect(await rowsOf('XQ')).toEqual([{ ...first, name: 'Second', visible: false }]);
  });
});
