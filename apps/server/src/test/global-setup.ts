// Vitest globalSetup of the server project: the test database templates, built once per run instead of once per test
// file. `migrated` for tests that want an empty database; `demo` adds the reference data and the demo seed (whose
// argon2 password hashes are most of a test file's set-up), which createTestApp copies unless `seed: false`.
import type { TestProject } from 'vitest/node';
import { prepareTestTemplates, type PreparedTestTemplates } from '@ec/db/test-templates';
import { prepareReferenceData } from '../modules/reference/countries.ts';
import { ensurePartitions } from '../modules/telemetry/partitions.ts';
import { seedDemo } from '../seed/seed.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prepare = (): Promise<PreparedTestTemplates> =>
    prepareTestTemplates({
      adminUrl: project.getProvidedContext().testDatabaseUrl,
      templates: {
        demo: async (database) => {
          await prepareReferenceData(database.db);
          await seedDemo(database.db);
          // As the server's start does: today's raw partitions (tests write readings of "now").
          await ensurePartitions(database.db, { now: new Date(), rawRetentionDays: 35 });
        },
      },
    });
  let prepared = await prepare();
  project.provide('testDbTemplates', prepared.templates);
  // Watch mode: the seed's sources may have changed since the last run, so rebuild rather than serve a stale copy.
  project.onTestsRerun(async () => {
    await prepared.teardown();
    prepared = await prepare();
    project.provide('testDbTemplates', prepared.templates);
  });
  return () => prepared.teardown();
}
