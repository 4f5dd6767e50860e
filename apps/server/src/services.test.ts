// The services container on its own, as a worker process uses it: no Fastify, the same services the app uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { parseConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { SYSTEM_USER_ID, systemActor } from './modules/auth/system-actor.ts';
import { createOidcRepository } from './modules/oidc/oidc.repository.ts';
import { prepareReferenceData } from './modules/reference/countries.ts';
import { seedDemo } from './seed/seed.ts';
import { createServices, type Services } from './services.ts';
import { ADMIN, createTestApp } from './test/helpers.ts';

let db: TestDatabase;
let services: Services;
beforeAll(async () => {
  db = await createTestDb();
  await prepareReferenceData(db.db);
  await seedDemo(db.db);
  const config = parseConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  services = await createServices({ config, db, log: createLogger(config, { tty: false }) });
});
afterAll(async () => {
  await services.close();
  await db.close();
});

describe('createServices', () => {
  it('builds working services without an HTTP app (for workers)', async () => {
    const { site } = await services.sites.resolve({});
    expect(site.identifier).toBeTruthy();
    const admin = await services.accounts.findByEmail(ADMIN.email);
    expect(admin?.role).toBe('ROLE_SUPER_ADMIN');
    // The cookie secret is resolved once (generated and stored when the environment gives none).
    expect(services.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('wires accounts and OIDC without a late-bound holder: the data export reads the linked identities', async () => {
    const admin = await services.accounts.findByEmail(ADMIN.email);
    if (!admin) throw new Error('demo admin missing');
    await createOidcRepository(db.db).insertIdentity({
      provider: 'google',
      subject: 'subject-1',
      userId: admin.id,
      email: ADMIN.email,
    });
    const data = await services.accounts.exportUser({
      user: admin,
      sessionId: 'no-session',
      impersonator: null,
    });
    expect(data.socialIdentities).toEqual([
      expect.objectContaining({ provider: 'google', email: ADMIN.email }),
    ]);
  });

  it('has no user for the system actor: it cannot sign in and has no account of its own', async () => {
    const { site } = await services.sites.resolve({});
    const system = systemActor(site.id);
    expect(await services.auth.findUser(SYSTEM_USER_ID)).toBeUndefined();
    expect(await services.accounts.findById(SYSTEM_USER_ID)).toBeUndefined();
    for (const work of [
      services.accounts.exportUser(system),
      services.accounts.updateUser(system, { firstName: 'x' }),
      services.accounts.deleteUser(system, 'password', { ip: null, origin: 'http://x.test' }),
      services.accounts.changePassword(
        system,
        { currentPassword: 'a', newPassword: 'b' },
        { ip: null, origin: 'http://x.test' },
      ),
    ]) {
      await expect(work).rejects.toMatchObject({ statusCode: 403 });
    }
  });

  it('is the set of services the HTTP app serves', async () => {
    const t = await createTestApp({ seed: false });
    try {
      expect(t.app.services.mail).toBe(t.app.mail);
      expect(Object.keys(t.app.services).sort()).toEqual(Object.keys(services).sort());
    } finally {
      await t.close();
    }
  });

  it('makes one Moj Elektro and one Open-Meteo archive client on first use, against the in-process emulators (local)', async () => {
    const { MOJ_ELEKTRO_DEMO } = await import('@ec/emulators/moj-elektro');
    const first = services.mojElektro();
    expect(services.mojElektro()).toBe(first);
    const client = await first;
    await client.checkToken(MOJ_ELEKTRO_DEMO.household.token);
    await expect(client.checkToken('not-a-demo-token')).rejects.toMatchObject({
      code: 'TOKEN_REJECTED',
    });
    const place = await client.meteringPlace(
      MOJ_ELEKTRO_DEMO.household.token,
      MOJ_ELEKTRO_DEMO.household.eimm,
    );
    expect(place.connectionPowerKw).toBe(17);
    const archive = await services.openMeteoArchive();
    expect(await services.openMeteoArchive()).toBe(archive);
    const hours = await archive.hourlyIrradiance({
      latitude: 46.05,
      longitude: 14.51,
      startDate: '2025-06-01',
      endDate: '2025-06-01',
      timeZone: 'Europe/Ljubljana',
    });
    expect(hours.timesMs).toHaveLength(24);
    expect(Math.max(...hours.ghiWm2)).toBeGreaterThan(0);
  });
});
