import { eq, invitations, sites, sql, users, type Db } from '@ec/db';
import type { Logger } from '../logger.ts';
import { createStartupPhases, type StartupPhases } from '../startup-phases.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { seedDemoPriceLists, seedPricingDefaults } from '../modules/pricing/pricing.seed.ts';
import {
  DEMO_INVITATIONS,
  DEMO_SITES,
  DEMO_UNVERIFIED_USER,
  DEMO_USERS,
  DEMO_VERIFIED_AT,
  demoSiteAssets,
  type DemoSite,
} from './data.ts';
import { DEMO_EXTRA_USERS } from './organisation-data.ts';
import { createRandom, DEMO_SEED } from './random.ts';
import { seedOrganisation } from './seed-organisation.ts';
import { upsert } from './upsert.ts';

/** Whether the database has no sites yet (a first start). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: sites.id }).from(sites).limit(1);
  return row === undefined;
}

async function upsertSite(db: Db, site: DemoSite): Promise<number> {
  const values = { ...site, ...demoSiteAssets(site.identifier) };
  const { identifier: _identifier, ...changes } = values;
  const [row] = await db
    .insert(sites)
    .values(values)
    .onConflictDoUpdate({ target: sites.identifier, set: { ...changes, updatedAt: sql`now()` } })
    .returning({ id: sites.id });
  if (!row) throw new Error(`could not upsert site ${site.identifier}`);
  return row.id;
}

/** Creates (or restores) only the default site: what a production installation needs to answer. */
export async function seedDefaultSite(db: Db): Promise<void> {
  const site = DEMO_SITES.find((s) => s.identifier === 'default');
  if (site) await upsertSite(db, site);
}

/**
 * The demo data: every demo site, one verified user per role (plus a second company's aggregator and a basic
 * user without a location), one unverified user, the demo organisation (seed-organisation.ts) and a pending
 * location invitation. Deterministic (fixed-seed PRNG, also for the password salts; fixed dates) and idempotent (upserts by
 * identifier, e-mail and invitation id), so running it again restores the demo state.
 */
export async function seedDemo(
  db: Db,
  log?: Logger,
  phases: StartupPhases = createStartupPhases(),
): Promise<{
  sites: number;
  users: number;
  invitations: number;
  companies: number;
  locations: number;
}> {
  const random = createRandom(DEMO_SEED);
  const siteIds = new Map<string, number>();
  await phases.run('seed sites', async () => {
    for (const site of DEMO_SITES) siteIds.set(site.identifier, await upsertSite(db, site));
  });

  await phases.run('seed users', () => seedUsers(db, siteIds, random));

  const organisation = await phases.run('seed organisation', () => seedOrganisation(db));

  await phases.run('seed invitations', () => seedInvitations(db));

  // Pricing: the shipped country defaults, then a current and a previous price list per demo location.
  await phases.run('seed pricing', async () => {
    await seedPricingDefaults(db);
    await seedDemoPriceLists(db);
  });

  const counts = {
    sites: DEMO_SITES.length,
    users: DEMO_USERS.length + 1 + DEMO_EXTRA_USERS.length,
    invitations: DEMO_INVITATIONS.length,
    ...organisation,
  };
  log?.info(counts, 'demo data seeded');
  return counts;
}

async function seedUsers(
  db: Db,
  siteIds: Map<string, number>,
  random: ReturnType<typeof createRandom>,
): Promise<void> {
  for (const user of [...DEMO_USERS, DEMO_UNVERIFIED_USER, ...DEMO_EXTRA_USERS]) {
    const siteId = siteIds.get(user.siteIdentifier);
    if (siteId === undefined)
      throw new Error(`demo user ${user.email}: unknown site ${user.siteIdentifier}`);
    const passwordHash = await hashPassword(user.password, { salt: random.bytes(16) });
    const values = {
      email: user.email,
      passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      locale: user.locale,
      siteId,
      type: user === DEMO_UNVERIFIED_USER ? ('REGISTERED' as const) : ('PROVISIONED' as const),
      emailVerifiedAt: user === DEMO_UNVERIFIED_USER ? null : DEMO_VERIFIED_AT,
      countryCode: 'SI',
    };
    const { email: _email, ...changes } = values;
    await db
      .insert(users)
      .values(values)
      .onConflictDoUpdate({ target: users.email, set: { ...changes, updatedAt: sql`now()` } });
  }
}

async function seedInvitations(db: Db): Promise<void> {
  for (const invitation of DEMO_INVITATIONS) {
    await upsert(db, invitations, ['id'], {
      ...invitation,
      status: 'pending',
      createdAt: DEMO_VERIFIED_AT,
      confirmedAt: null,
      confirmedBy: null,
    });
  }
  // The ids above were given explicitly: move the sequence past them so later invitations do not collide.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('invitations', 'id'), greatest((select max(id) from invitations), 1))`,
  );
}

/** Prints the demo logins as a block of log lines (JSON-safe: one line per login). */
export function logDemoLogins(log: Logger): void {
  log.info(
    'Demo sign-in (e-mail / password) — public demo credentials, never use them in production:',
  );
  for (const user of DEMO_USERS) {
    log.info(`  ${user.role.padEnd(19)} ${user.email.padEnd(24)} / ${user.password}`);
  }
  for (const user of DEMO_EXTRA_USERS) {
    log.info(`  ${user.role.padEnd(19)} ${user.email.padEnd(24)} / ${user.password}`);
  }
  const unverified = DEMO_UNVERIFIED_USER;
  log.info(
    `  ${'(e-mail unverified)'.padEnd(19)} ${unverified.email.padEnd(24)} / ${unverified.password}`,
  );
  log.info('  Demo sites: ?identifier=default | sunpower | gridline (maintenance) | voltika');
  for (const invitation of DEMO_INVITATIONS) {
    log.info(
      `  Invitation for ${invitation.email} to "${invitation.locationName}": /?confirmationAction=LOCATION_INVITE&confirmationId=${invitation.id}`,
    );
  }
}

/** Whether the demo users are present (to print their logins only when they can sign in). */
export async function hasDemoUsers(db: Db): Promise<boolean> {
  const first = DEMO_USERS[0];
  if (!first) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, first.email))
    .limit(1);
  return row !== undefined;
}
