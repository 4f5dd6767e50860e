import ct from 'countries-and-timezones';
import { isVisibleCountry } from '@ec/domain';
import { countries, sql, type Db } from '@ec/db';

/** One row of the countries table as the reference data defines it. */
export interface CountrySeed {
  code: string;
  name: string;
  visible: boolean;
}

/** Every country of `countries-and-timezones` with its English name; visible per the domain's list. */
export function referenceCountries(): CountrySeed[] {
  return Object.values(ct.getAllCountries())
    .map((c) => ({ code: c.id, name: c.name, visible: isVisibleCountry(c.id) }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * Fills the countries table from the reference data, idempotently: new countries are added, names and visibility
 * follow the reference, ids stay (locations and companies point at them). Runs at every start and in the seed.
 */
export async function syncCountries(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(referenceCountries())
    .onConflictDoUpdate({
      target: countries.code,
      set: { name: sql`excluded.name`, visible: sql`excluded.visible` },
      // Only touch rows that differ, so a restart writes nothing.
      setWhere: sql`(${countries.name}, ${countries.visible}) is distinct from (excluded.name, excluded.visible)`,
    });
}

/**
 * Brings the reference tables up to date (today: the countries). Every entry point calls it right after the
 * migrations (server start, `npm run db:seed`, the test app), before any seed that points at countries.
 */
export async function prepareReferenceData(db: Db): Promise<void> {
  await syncCountries(db);
}
