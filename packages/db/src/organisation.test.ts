import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from './index.ts';
import {
  companies,
  countries,
  deviceGroups,
  devices,
  locationGroups,
  locations,
  sites,
} from './schema/index.ts';
import { createTestDb, type TestDatabase } from './testing.ts';

let database: TestDatabase;

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('missing fixture row');
  return value;
}
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

async function version(companyId: number) {
  const [row] = await database.db
    .select({ v: companies.menuVersion })
    .from(companies)
    .where(eq(companies.id, companyId));
  return must(row).v;
}

describe('organisation schema', () => {
  it('bumps the company menu version on every change to its tree, and only then', async () => {
    const { db } = database;
    const [site] = await db
      .insert(sites)
      .values({ identifier: 'org', productName: 'P', supportEmail: 's@example.com' })
      .returning();
    const [country] = await db
      .insert(countries)
      .values({ code: 'SI', name: 'Slovenia' })
      .returning();
    const [company] = await db
      .insert(companies)
      .values({ siteId: must(site).id, name: 'Co', countryId: must(country).id })
      .returning();
    const id = must(company).id;
    expect(await version(id)).toBe(0);

    const [root] = await db
      .insert(locationGroups)
      .values({ companyId: id, name: 'Root' })
      .returning();
    expect(await version(id)).toBe(1);
    await db
      .update(companies)
      .set({ rootGroupId: must(root).id })
      .where(eq(companies.id, id));
    expect(await version(id)).toBe(2);
    await db.update(companies).set({ contactPhone: '+386 1' }).where(eq(companies.id, id));
    expect(await version(id)).toBe(2);

    const [location] = await db
      .insert(locations)
      .values({ companyId: id, groupId: must(root).id, name: 'Home' })
      .returning();
    expect(await version(id)).toBe(3);
    const [group] = await db
      .insert(deviceGroups)
      .values({ locationId: must(location).id, name: 'Roof' })
      .returning();
    expect(await version(id)).toBe(4);
    await db.insert(devices).values({
      locationId: must(location).id,
      deviceGroupId: must(group).id,
      name: 'PV',
      category: 'SOLAR_POWER_PLANT',
    });
    expect(await version(id)).toBe(5);
    await db.delete(locations).where(eq(locations.id, must(location).id));
    expect(await version(id)).toBeGreaterThan(5);
  });

  it('rejects coordinates out of range and a lone coordinate', async () => {
    const { db } = database;
    const [company] = await db.select().from(companies).limit(1);
    const base = {
      companyId: must(company).id,
      groupId: must(must(company).rootGroupId),
      name: 'X',
    };
    await expect(
      db.insert(locations).values({ ...base, latitude: 91, longitude: 0 }),
    ).rejects.toThrow();
    await expect(db.insert(locations).values({ ...base, latitude: 46 })).rejects.toThrow();
    await expect(
      db.insert(locations).values({ ...base, latitude: -90, longitude: 180 }),
    ).resolves.toBeDefined();
  });
});
