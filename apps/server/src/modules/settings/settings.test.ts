import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { createSettingsRepository } from './settings.repository.ts';
import { resolveSessionSecret, SESSION_SECRET_KEY } from './settings.service.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe('resolveSessionSecret', () => {
  it('uses SESSION_SECRET when configured and stores nothing', async () => {
    const repo = createSettingsRepository(db.db);
    expect(await resolveSessionSecret(repo, 'c'.repeat(40))).toBe('c'.repeat(40));
    expect(await db.db.select().from(appSettings)).toEqual([]);
  });

  it('generates a 256-bit secret once, stores it, and returns the same one afterwards', async () => {
    const repo = createSettingsRepository(db.db);
    const [a, b] = await Promise.all([
      resolveSessionSecret(repo, undefined),
      resolveSessionSecret(repo, undefined),
    ]);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b).toBe(a);
    expect(await resolveSessionSecret(repo, undefined)).toBe(a);
    expect(await repo.get(SESSION_SECRET_KEY)).toBe(a);
  });
});
