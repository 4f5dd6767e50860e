import type { Database } from '@ec/db';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { createMqttService } from './ingest/mqtt-service.ts';
import { createMojElektroClient } from './integrations/moj-elektro/client.ts';
import type { MojElektroClient } from './integrations/moj-elektro/types.ts';
import {
  createOpenMeteoArchiveClient,
  type OpenMeteoArchiveClient,
} from './integrations/open-meteo/open-meteo-archive-client.ts';
import { parseP1Message } from './ingest/p1.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createCompanyEmailRepository } from './modules/company-email/company-email.repository.ts';
import { createCompanyEmailService } from './modules/company-email/company-email.service.ts';
import { createControllerSecretsRepository } from './modules/controller-secrets/controller-secrets.repository.ts';
import { createControllerSecretsService } from './modules/controller-secrets/controller-secrets.service.ts';
import { createImpersonationService } from './modules/impersonation/impersonation.service.ts';
import { createInvitationsRepository } from './modules/invitations/invitations.repository.ts';
import { createInvitationsService } from './modules/invitations/invitations.service.ts';
import { createLocationUsersRepository } from './modules/locations/location-users.repository.ts';
import { createLocationUsersService } from './modules/locations/location-users.service.ts';
import { createLocationsRepository } from './modules/locations/locations.repository.ts';
import { createLocationsService } from './modules/locations/locations.service.ts';
import { createCostsRepository } from './modules/costs/costs.repository.ts';
import { createCostsService } from './modules/costs/costs.service.ts';
import {
  createCredentialsCrypto,
  resolveCredentialsKey,
  type CredentialsCrypto,
} from './modules/moj-elektro/credentials-crypto.ts';
import { createMojElektroRepository } from './modules/moj-elektro/moj-elektro.repository.ts';
import { createMojElektroService } from './modules/moj-elektro/moj-elektro.service.ts';
import { createLiveBus } from './modules/live/live-bus.ts';
import { createLiveRepository } from './modules/live/live.repository.ts';
import { createLiveService } from './modules/live/live.service.ts';
import { createLiveStreams } from './modules/live/live.streams.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createMenuRepository } from './modules/menu/menu.repository.ts';
import { createMenuService } from './modules/menu/menu.service.ts';
import { createOidcRepository } from './modules/oidc/oidc.repository.ts';
import { createOidcIdentities, createOidcService } from './modules/oidc/oidc.service.ts';
import { createOrgAccess } from './modules/org/org-access.ts';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.ts';
import { createPricing } from './modules/pricing/pricing.module.ts';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { resolveSessionSecret } from './modules/settings/settings.service.ts';
import { createSpotPricesRepository } from './modules/spot-prices/spot-prices.repository.ts';
import { createSpotPricesService } from './modules/spot-prices/spot-prices.service.ts';
import { createTelemetryService } from './modules/telemetry/telemetry.service.ts';
import { createSiteRepository } from './modules/site/site.repository.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createTranslationsService } from './modules/translations/translations.service.ts';
import { createUsersAdminRepository } from './modules/users-admin/users-admin.repository.ts';
import { createUsersAdminService } from './modules/users-admin/users-admin.service.ts';

/** What createServices needs. The caller owns the database (opens, migrates and closes it). */
export interface ServicesOptions {
  config: Config;
  db: Database;
  log: Logger;
  /** How long site lookups are cached (ms, default 5000); tests that edit sites set 0. */
  siteCacheMs?: number;
  /**
   * Called while a live stream watches a location: at once and every 30 s (the broker's `sendLive`, which asks the
   * location's controllers for 1–2 s updates). Default: nothing.
   */
  onWatch?: (locationId: number) => void | Promise<void>;
}

/**
 * Builds every service of the server once, in one plain sequence (each line uses only services built above it;
 * no late-bound holders), for the HTTP app (buildApp registers routes on top) and for worker processes alike: it
 * needs no Fastify. Repositories are built here and handed to their own module's service only; a module reaches
 * another module through that module's service (lint forbids importing another module's repository; see
 * docs/decisions/0018). `close()` waits for mail under way and closes the SMTP pool; the database stays the
 * caller's.
 */
export async function createServices({ config, db, log, siteCacheMs, onWatch }: ServicesOptions) {
  const sessionSecret = await resolveSessionSecret(
    createSettingsRepository(db.db),
    config.sessionSecret,
  );
  const sites = createSiteService(createSiteRepository(db.db), { cacheMs: siteCacheMs });
  const translations = createTranslationsService();
  const limiter = createRateLimiter(createRateLimitRepository(db.db), {
    enabled: config.rateLimits,
  });
  const orgAccess = createOrgAccess(db.db);
  const reference = createReferenceService(createReferenceRepository(db.db));
  const companies = createCompaniesService({
    repo: createCompaniesRepository(db.db),
    access: orgAccess,
    reference,
  });
  const auth = createAuthService(createAuthRepository(db.db), {
    userAccess: (user, impersonator) => orgAccess.permissionsOf(user, impersonator),
    idleMinutes: config.sessionIdleMinutes,
    maxDays: config.sessionMaxDays,
    limiter,
    log,
  });
  const companyEmail = createCompanyEmailService({
    repo: createCompanyEmailRepository(db.db),
    access: orgAccess,
    config,
  });
  const jobs = createJobQueue({ db, log, workers: config.jobsWorkers });
  const mail = createMailService({
    config,
    repo: createMailRepository(db.db),
    translations,
    log,
    senders: (companyId) => companyEmail.senderFor(companyId),
    jobs,
  });
  const telemetry = createTelemetryService({
    db: db.db,
    jobs,
    log,
    rawRetentionDays: config.telemetryRawRetentionDays,
  });
  const audit = createAuditService(createAuditRepository(db.db));
  // Day-ahead prices (ENTSO-E, Octopus Agile) and the jobs that keep the regions in use filled.
  const spotPrices = createSpotPricesService({
    repo: createSpotPricesRepository(db.db),
    jobs,
    log,
    config: config.spotPrices,
  });
  // External metering (Moj Elektro) and weather history (Open-Meteo): one client each for the process, made on first
  // use; `local` starts the emulator in this process (development and tests), closed with the services.
  const externalEmulators: { close(): Promise<void> }[] = [];
  let mojElektro: Promise<MojElektroClient> | undefined;
  let openMeteoArchive: Promise<OpenMeteoArchiveClient> | undefined;
  function mojElektroClient(): Promise<MojElektroClient> {
    mojElektro ??= (async () => {
      if (config.mojElektroUrl !== 'local') {
        return createMojElektroClient({ baseUrl: config.mojElektroUrl });
      }
      const { startMojElektroEmulator } = await import('@ec/emulators/moj-elektro');
      const emulator = await startMojElektroEmulator();
      externalEmulators.push(emulator);
      log.info({ url: emulator.url }, 'Moj Elektro emulator started (MOJ_ELEKTRO_API_URL=local)');
      return createMojElektroClient({ baseUrl: emulator.url });
    })().catch((error: unknown) => {
      mojElektro = undefined;
      throw error;
    });
    return mojElektro;
  }
  function openMeteoArchiveClient(): Promise<OpenMeteoArchiveClient> {
    openMeteoArchive ??= (async () => {
      if (config.openMeteoArchiveUrl !== 'local') {
        return createOpenMeteoArchiveClient({ baseUrl: config.openMeteoArchiveUrl });
      }
      const { startOpenMeteoEmulator } = await import('@ec/emulators/open-meteo');
      const emulator = await startOpenMeteoEmulator();
      externalEmulators.push(emulator);
      log.info(
        { url: emulator.url },
        'Open-Meteo archive emulator started (OPEN_METEO_ARCHIVE_URL=local)',
      );
      return createOpenMeteoArchiveClient({ baseUrl: emulator.url });
    })().catch((error: unknown) => {
      openMeteoArchive = undefined;
      throw error;
    });
    return openMeteoArchive;
  }
  const invitations = createInvitationsService(createInvitationsRepository(db.db));
  const locations = createLocationsService({
    repo: createLocationsRepository(db.db),
    access: orgAccess,
  });
  const pricing = createPricing({ db: db.db, access: orgAccess });
  // Costs of a location's energy: its grid intervals priced by its lists (pricing store) and spot prices.
  const costs = createCostsService({
    repo: createCostsRepository(db.db),
    prices: pricing.prices,
    spotPrices,
    access: orgAccess,
  });
  // Moj Elektro (issue 14): the users' portal tokens (encrypted with EXTERNAL_CREDENTIALS_KEY, else a key generated
  // once and kept in app_settings outside production), their metering devices, the import job and calculations.
  let credentialsCrypto: Promise<CredentialsCrypto> | undefined;
  const mojElektroCrypto = () =>
    (credentialsCrypto ??= resolveCredentialsKey(
      createSettingsRepository(db.db),
      config.externalCredentialsKey,
      config.nodeEnv === 'production',
    ).then(createCredentialsCrypto));
  const mojElektroModule = createMojElektroService({
    repo: createMojElektroRepository(db.db),
    crypto: mojElektroCrypto,
    client: mojElektroClient,
    jobs,
    log,
    irradiance: async (query) => (await openMeteoArchiveClient()).hourlyIrradiance(query),
  });
  const locationUsers = createLocationUsersService({
    repo: createLocationUsersRepository(db.db),
    access: orgAccess,
    mail,
    sites,
    limiter,
  });
  // The data export lists social identities: read by the OIDC module's identities reader, which needs no accounts,
  // so accounts comes before the OIDC service that uses it (through the OidcAccounts interface OIDC owns).
  const oidcRepo = createOidcRepository(db.db);
  const oidcIdentities = createOidcIdentities(oidcRepo);
  const accounts = createAccountsService({
    repo: createAccountsRepository(db.db),
    auth,
    mail,
    sites,
    limiter,
    log,
    exportSources: {
      socialIdentities: (userId) => oidcIdentities.identitiesOf(userId),
      invitations: (email) => invitations.forEmail(email),
      auditLog: (userId) => audit.forUser(userId),
    },
  });
  const oidc = createOidcService({
    providers: config.oidcProviders,
    repo: oidcRepo,
    accounts,
    auth,
    sites,
    log,
    allowInsecure: config.nodeEnv !== 'production',
  });
  const impersonation = createImpersonationService({ auth, audit });
  const menu = createMenuService({ repo: createMenuRepository(db.db), access: orgAccess });
  const search = createSearchService({ repo: createSearchRepository(db.db), access: orgAccess });
  // Controllers over MQTT (apps/server/src/ingest, docs/mqtt-broker.md); server.ts starts it when MQTT_ENABLED.
  // Telemetry goes to the telemetry store; P1 gateways report their meter as device `grid` (docs/controller-protocol.md).
  const mqtt = createMqttService({
    config: config.mqtt,
    db: db.db,
    log,
    store: telemetry.store,
    p1: parseP1Message,
  });
  const controllerSecrets = createControllerSecretsService({
    repo: createControllerSecretsRepository(db.db),
    access: orgAccess,
    audit,
    onRotated: (unitId, secret) => mqtt.secretRotated(unitId, secret),
  });
  // Live data: the bus carries "these locations changed" between instances (LISTEN/NOTIFY on PostgreSQL); while
  // somebody watches a location its controllers are asked for 2-second data (cmd/live).
  const liveBus = createLiveBus(db, log);
  const live = createLiveService({
    repo: createLiveRepository(db.db),
    access: orgAccess,
    locations,
    bus: liveBus,
  });
  const liveStreams = createLiveStreams({
    bus: liveBus,
    onWatch:
      onWatch ??
      (async (locationId) => {
        await mqtt.sendLive(locationId);
      }),
    log,
  });
  mqtt.onCommitted((locationIds) => {
    telemetry.requestRollup();
    void live.notify(locationIds);
  });
  const usersAdmin = createUsersAdminService({
    repo: createUsersAdminRepository(db.db),
    accounts,
    access: orgAccess,
    mail,
    sites,
    log,
  });

  return {
    /** Signs cookies (from SESSION_SECRET, else generated once and kept in the settings table). */
    sessionSecret,
    sites,
    translations,
    limiter,
    orgAccess,
    reference,
    companies,
    auth,
    companyEmail,
    mail,
    jobs,
    telemetry,
    audit,
    invitations,
    locations,
    locationUsers,
    /** Time plans, price-type configs and price lists (issue 13). */
    pricing,
    /** Costs of a location's energy under its price lists (issue 13). */
    costs,
    oidcIdentities,
    accounts,
    oidc,
    impersonation,
    menu,
    search,
    usersAdmin,
    /** Live data of locations and groups; `live.notify(locationIds)` after a commit reaches every stream. */
    live,
    liveBus,
    /** The open live streams of this instance (buildApp ends them when the server closes). */
    liveStreams,
    mqtt,
    controllerSecrets,
    spotPrices,
    /** Moj Elektro tokens, metering devices, imports and network-fee calculations (issue 14). */
    mojElektroModule,
    /**
     * The Moj Elektro client (MOJ_ELEKTRO_API_URL; `local` starts `@ec/emulators/moj-elektro` in this process on the
     * first call). One instance: its 5 requests/s limit is the process's.
     */
    mojElektro: mojElektroClient,
    /** The Open-Meteo archive client (OPEN_METEO_ARCHIVE_URL; `local` starts `@ec/emulators/open-meteo`). */
    openMeteoArchive: openMeteoArchiveClient,
    /**
     * Ends the live streams, stops MQTT (after one last flush of the ingest queue), stops requesting telemetry
     * roll-ups and the job workers, then waits for mail under way and closes the SMTP pool (the database is the
     * caller's to close).
     */
    async close(): Promise<void> {
      liveStreams.closeAll();
      await mqtt.close();
      await liveBus.close();
      await telemetry.close();
      await jobs.stop();
      await spotPrices.close();
      await Promise.all(externalEmulators.splice(0).map((e) => e.close()));
      await mail.close();
    },
  };
}

/** Every service of the server, built once by {@link createServices}. */
export type Services = Awaited<ReturnType<typeof createServices>>;
