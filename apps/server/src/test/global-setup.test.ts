import { countries, eq, users } from '@ec/db';
import { createTestDb, hasTestTemplate } from '@ec/db/testing';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './helpers.ts';

// The server project's globalSetup (global-setup.ts) seeds once per run what createTestApp copies for each file.
describe('test database templates of the server project', () => {
  it('has a demo template: migrated, with the reference data and the demo seed', async () => {
    expect(hasTestTemplate('migrated')).toBe(true);
    expect(hasTestTemplate('demo')).toBe(true);
    const database = await createTestDb({ template: 'demo' });
    try {
      const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
      expect(admin?.role).toBe('ROLE_SUPER_ADMIN');
      expect((await database.db.select().from(countries)).length).toBeGreaterThan(200);
    } finally {
      await database.close();
    }
  });

  it('leaves the migrated template empty', async () => {
    const database = await createTestDb();
    try {
      expect(await database.db.select().from(users)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
