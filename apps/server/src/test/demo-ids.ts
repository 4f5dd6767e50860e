import {
  asc,
  companies,
  controllers,
  countries,
  deviceGroups,
  devices,
  eq,
  invitations,
  isNotNull,
  locationGroups,
  locations,
  users,
} from '@ec/db';
import type { TestApp } from './helpers.ts';

/** Ids of real rows of the demo data, one of each kind, all inside the first demo company. */
export interface DemoIds {
  company: number;
  /** Slovenia, a country companies may be created in. */
  country: number;
  rootGroup: number;
  location: number;
  deviceGroup: number;
  device: number;
  controller: number;
  /** A user of the first company (not the super admin). */
  user: number;
  /** An invitation id, or 1 when the demo has none (only the invitation routes use it). */
  invitation: number;
}

function must<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`the demo data has no ${what}`);
  return row;
}

/**
 * Looks up one real row of each kind in the seeded demo data, so a test can send requests whose ids pass
 * validation and name something that exists (the request then reaches the service and the database).
 */
export async function demoIds(t: TestApp): Promise<DemoIds> {
  const { db } = t.db;
  const [company] = await db
    .select({ id: companies.id, rootGroupId: companies.rootGroupId })
    .from(companies)
    .orderBy(asc(companies.id))
    .limit(1);
  const { id: companyId, rootGroupId } = must(company, 'company');
  const [group] = await db
    .select({ id: locationGroups.id })
    .from(locationGroups)
    .where(eq(locationGroups.companyId, companyId))
    .limit(1);
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id))
    .limit(1);
  const [deviceGroup] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .orderBy(asc(deviceGroups.id))
    .limit(1);
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .orderBy(asc(devices.id))
    .limit(1);
  const [controller] = await db
    .select({ id: controllers.id })
    .from(controllers)
    .where(isNotNull(controllers.locationId))
    .orderBy(asc(controllers.id))
    .limit(1);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id))
    .limit(1);
  const [invitation] = await db.select({ id: invitations.id }).from(invitations).limit(1);
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, 'SI'))
    .limit(1);
  return {
    company: companyId,
    country: must(country, 'country SI').id,
    rootGroup: rootGroupId ?? must(group, 'location group').id,
    location: must(location, 'location').id,
    deviceGroup: must(deviceGroup, 'device group').id,
    device: must(device, 'device').id,
    controller: must(controller, 'controller').id,
    user: must(user, 'company user').id,
    invitation: invitation?.id ?? 1,
  };
}
