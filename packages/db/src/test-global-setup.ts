// Vitest globalSetup of the db project: the migrated test database template, once per run (see test-templates.ts).
import type { TestProject } from 'vitest/node';
import { prepareTestTemplates } from './test-templates.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prepared = await prepareTestTemplates({
    adminUrl: project.getProvidedContext().testDatabaseUrl,
  });
  project.provide('testDbTemplates', prepared.templates);
  return () => prepared.teardown();
}
