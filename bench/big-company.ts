// The big company both organisation benches measure against (menu on PostgreSQL, sidebar filter on PGlite): on a
// migrated, seeded database, "Bench Energy" on the site of `siteOfEmail`'s user, a root group with 10 regions ×
// 10 areas and `locations` locations spread over the areas (with coordinates and addresses), optionally a device
// per location ("Meter <n>", so the sidebar search has devices to find), and the demo aggregator moved into it.
import { migrate, queryRows, sql, type Database } from '@ec/db';
import { prepareReferenceData } from '../apps/server/src/modules/reference/countries.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';

/** The demo aggregator (moved into the big company). */
export const AGGREGATOR = { email: 'aggregator@demo.energy', password: 'demo-aggregator-2024' };
/** The demo super admin (the big company is on their site, its tree never loaded until they open it). */
export const SUPER_ADMIN = { email: 'admin@demo.energy', password: 'demo-admin-2024' };

/** Migrates and seeds the database, then builds the big company; returns its id and its root group's id. */
export async function createBigCompany(
  database: Database,
  options: { locations: number; devices?: boolean },
): Promise<{ companyId: number; rootId: number }> {
  const { db } = database;
  await migrate(database);
  await prepareReferenceData(db);
  await seedDemo(db);
  const [company] = await queryRows<{ id: number }>(
    db,
    sql`insert into companies (site_id, name, country_id)
      select u.site_id, 'Bench Energy', (select id from countries where code = 'SI')
      from users u where u.email = ${AGGREGATOR.email} returning id`,
  );
  const companyId = company?.id ?? 0;
  const [root] = await queryRows<{ id: number }>(
    db,
    sql`insert into location_groups (company_id, name) values (${companyId}, 'Bench Energy')
      returning id`,
  );
  const rootId = root?.id ?? 0;
  await db.execute(sql`update companies set root_group_id = ${rootId} where id = ${companyId}`);
  await db.execute(sql`insert into location_groups (company_id, parent_id, name)
    select ${companyId}, ${rootId}, 'Region ' || r from generate_series(1, 10) r`);
  await db.execute(sql`insert into location_groups (company_id, parent_id, name)
    select ${companyId}, g.id, g.name || ' area ' || a
    from location_groups g cross join generate_series(1, 10) a
    where g.parent_id = ${rootId}`);
  await db.execute(sql`insert into locations
      (company_id, group_id, name, timezone, latitude, longitude, street, post_code, city)
    select ${companyId}, areas.id, 'Location ' || i, 'Europe/Ljubljana', 46 + (i % 100) / 100.0,
      14 + (i % 97) / 100.0, 'Bench street ' || i, lpad((1000 + i % 8000)::text, 4, '0'), 'Bench city'
    from generate_series(1, ${options.locations}) i
    join (select id, row_number() over (order by id) - 1 as n from location_groups
      where company_id = ${companyId} and parent_id is not null and parent_id <> ${rootId}) areas
      on areas.n = i % 100`);
  if (options.devices) {
    await db.execute(sql`insert into devices (location_id, name, category)
      select l.id, 'Meter ' || substring(l.name from 10), 'GRID'
      from locations l where l.company_id = ${companyId}`);
  }
  await db.execute(
    sql`update users set company_id = ${companyId} where email = ${AGGREGATOR.email}`,
  );
  return { companyId, rootId };
}
