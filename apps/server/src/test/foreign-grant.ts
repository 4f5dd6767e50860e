// The tenancy scenario of issue 10 on the demo data: a Sončna energija user (advanced@demo.energy, company 1)
// holds grants in Alpen Energie (company 2), and the Sončna aggregator may impersonate that user. Shared by the
// tests in src/security/ that prove impersonation and user details never cross the company boundary.
import {
  and,
  controllers,
  deviceGroups,
  devices,
  eq,
  invitations,
  locationGroupPermissions,
  locationPermissions,
  users,
} from '@ec/db';
import { DEMO, json, send, signIn, type TestApp } from './helpers.ts';

/** The Alpen Energie aggregator (demo data: company 2). */
export const ALPEN_AGGREGATOR = {
  email: 'aggregator.at@demo.energy',
  password: 'demo-aggregator-2024',
} as const;

/** Demo ids (apps/server/src/seed/organisation-data.ts). */
export const DEMO_IDS = {
  soncna: 1,
  alpen: 2,
  /** Alpen's root group, Kärnten (holds location 9) and Steiermark (holds location 11). */
  alpenRoot: 7,
  karnten: 8,
  steiermark: 9,
  /** Klagenfurt – Einfamilienhaus (Alpen, in Kärnten): the location of the reproduction. */
  klagenfurt: 9,
  /** Graz – Wohnanlage (Alpen, in Steiermark). */
  graz: 11,
  /** Ljubljana – poslovna stavba (Sončna): owned by advanced@demo.energy. */
  ljubljana: 4,
  /** Sončna's Štajerska group: advanced@demo.energy may view and edit it (a demo group grant). */
  stajerska: 6,
} as const;

/** Words that name Alpen's company, groups or locations: none may reach an answer about Sončna only. */
export const ALPEN_NAMES = [
  'Alpen',
  'Klagenfurt',
  'Steiermark',
  'Kärnten',
  'Wien',
  'Graz',
  'Villach',
];

/** The Alpen names (and Alpen's company id as a `companyId`) that an answer mentions. */
export function alpenMentions(body: string): string[] {
  const found = ALPEN_NAMES.filter((name) => body.includes(name));
  if (/"companyId":2\b/.test(body)) found.push('"companyId":2');
  return found;
}

/** Ids of things below a location: its first device group, device and controller. */
export interface LocationParts {
  deviceGroupId: number;
  deviceId: number;
  controllerId: number;
}

/** The first device group, device and controller of a location. */
export async function partsOf(t: TestApp, locationId: number): Promise<LocationParts> {
  const [group] = await t.db.db
    .select()
    .from(deviceGroups)
    .where(eq(deviceGroups.locationId, locationId))
    .orderBy(deviceGroups.id)
    .limit(1);
  const [device] = await t.db.db
    .select()
    .from(devices)
    .where(eq(devices.locationId, locationId))
    .orderBy(devices.id)
    .limit(1);
  const [controller] = await t.db.db
    .select()
    .from(controllers)
    .where(eq(controllers.locationId, locationId))
    .orderBy(controllers.id)
    .limit(1);
  if (!group || !device || !controller) throw new Error(`location ${locationId} has no parts`);
  return { deviceGroupId: group.id, deviceId: device.id, controllerId: controller.id };
}

/** A user's id by e-mail. */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * The reproduction of issue 10 through the real routes: the Alpen aggregator invites advanced@demo.energy to
 * Klagenfurt (location 9) and the user accepts, which grants `view`. Returns the invitation id.
 */
export async function inviteAdvancedToKlagenfurt(t: TestApp): Promise<number> {
  const alpen = await signIn(t.app, ALPEN_AGGREGATOR);
  const invited = await send(t.app, 'POST', `/api/locations/${DEMO_IDS.klagenfurt}/invitations`, {
    token: alpen,
    data: { email: DEMO.advanced.email },
  });
  if (invited.statusCode !== 201) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
  const { id } = json<{ data: { invitation: { id: number } } }>(invited).data.invitation;
  const advanced = await signIn(t.app, DEMO.advanced);
  const accepted = await send(t.app, 'POST', '/api/security/validate-confirmation', {
    token: advanced,
    data: { id, action: 'LOCATION_INVITE' },
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return id;
}

/**
 * Widens advanced@demo.energy's rights in Alpen so writes are possible too (the invitation grants `view` only;
 * an Alpen admin could grant more): every flag on Klagenfurt, and a group grant with every flag on Steiermark.
 */
export async function widenAdvancedInAlpen(t: TestApp): Promise<void> {
  const advanced = await userIdOf(t, DEMO.advanced.email);
  await t.db.db
    .update(locationPermissions)
    .set({ canView: true, canEdit: true, canManage: true })
    .where(
      and(
        eq(locationPermissions.userId, advanced),
        eq(locationPermissions.locationId, DEMO_IDS.klagenfurt),
      ),
    );
  await t.db.db.insert(locationGroupPermissions).values({
    userId: advanced,
    groupId: DEMO_IDS.steiermark,
    canView: true,
    canEdit: true,
    canManage: true,
  });
}

/** A pending invitation of advanced@demo.energy to an Alpen location (made directly in the database). */
export async function pendingInvitation(t: TestApp, locationId: number): Promise<number> {
  const [row] = await t.db.db
    .insert(invitations)
    .values({
      email: DEMO.advanced.email,
      locationId,
      locationName: 'Alpen location',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.id;
}

/** Signs in as `login` and starts acting as `email`; returns the session token. */
export async function impersonating(
  t: TestApp,
  login: { email: string; password: string },
  email: string,
): Promise<string> {
  const token = await signIn(t.app, login);
  const res = await send(t.app, 'POST', '/api/auth/impersonate', {
    token,
    data: { userId: await userIdOf(t, email) },
  });
  if (res.statusCode !== 200) throw new Error(`impersonate: ${res.statusCode} ${res.body}`);
  return token;
}

/** Injects a request with `{ data }` as the body and the session cookie (any method). */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  options: { data?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    cookies: { ec_session: token },
    headers: options.headers ?? {},
    ...(options.data === undefined ? {} : { payload: { data: options.data } }),
  });
}
