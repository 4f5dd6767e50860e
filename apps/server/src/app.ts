import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { hasForbiddenCharacters, routes } from '@ec/contract';
import type { Database } from '@ec/db';
import type { Config, TrustProxy } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountHandlers } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createOriginResolver } from './modules/accounts/links.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { adminHandlers } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authHandlers, createAuthenticate } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { healthHandlers } from './modules/health/health.routes.ts';
import { impersonationHandlers } from './modules/impersonation/impersonation.routes.ts';
import { createImpersonationService } from './modules/impersonation/impersonation.service.ts';
import { createInvitationsRepository } from './modules/invitations/invitations.repository.ts';
import { securityHandlers } from './modules/invitations/invitations.routes.ts';
import { createInvitationsService } from './modules/invitations/invitations.service.ts';
import { registerMapTiles } from './integrations/map-tiles/map-tiles.plugin.ts';
import { createCompanyEmailRepository } from './modules/company-email/company-email.repository.ts';
import { companyEmailHandlers } from './modules/company-email/company-email.routes.ts';
import { createCompanyEmailService } from './modules/company-email/company-email.service.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { devHandlers, registerDevMailboxGuard } from './modules/mail/mail.routes.ts';
import { createMailService, type MailService } from './modules/mail/mail.service.ts';
import { createMenuRepository } from './modules/menu/menu.repository.ts';
import { menuHandlers } from './modules/menu/menu.routes.ts';
import { createMenuService } from './modules/menu/menu.service.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { searchHandlers } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createUsersAdminRepository } from './modules/users-admin/users-admin.repository.ts';
import { usersAdminHandlers } from './modules/users-admin/users-admin.routes.ts';
import { createUsersAdminService } from './modules/users-admin/users-admin.service.ts';
import { createOrgAccess } from './modules/org/org-access.ts';
import { createLocationUsersRepository } from './modules/locations/location-users.repository.ts';
import { createLocationUsersService } from './modules/locations/location-users.service.ts';
import { createLocationsRepository } from './modules/locations/locations.repository.ts';
import { locationHandlers } from './modules/locations/locations.routes.ts';
import { createLocationsService } from './modules/locations/locations.service.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { companyHandlers } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { referenceHandlers } from './modules/reference/reference.routes.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createOidcRepository } from './modules/oidc/oidc.repository.ts';
import { oidcHandlers, registerOidcRedirects } from './modules/oidc/oidc.routes.ts';
import { createOidcService, type OidcService } from './modules/oidc/oidc.service.ts';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.ts';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { resolveSessionSecret } from './modules/settings/settings.service.ts';
import { createSiteRepository } from './modules/site/site.repository.ts';
import { requestHost, siteHandlers } from './modules/site/site.routes.ts';
import { createOriginAllowList } from './modules/site/site-origin.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createTranslationsService } from './modules/translations/translations.service.ts';
import { registerContractRoutes } from './plugins/contract-routes.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  sendError,
} from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { contentSecurityPolicy, registerSecurity, scriptOriginOf } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerInputGuard } from './plugins/validation.ts';

/** Logos, favicons and demo scripts of the sites, served under /api/site/assets/. */
export const SITE_ASSETS_DIR = fileURLToPath(new URL('../assets/sites/', import.meta.url));

/** Largest accepted request body (bytes); bigger ones get 413 PAYLOAD_TOO_LARGE. */
export const BODY_LIMIT = 1_048_576;

/** Fastify's types omit the hop count it supports; a function says the same: trust the first `n` hops. */
function trustProxyOption(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** What buildApp needs. The caller owns the database (opens, migrates and closes it). */
export interface BuildAppOptions {
  config: Config;
  db: Database;
  logger?: Logger;
  /** How long site lookups are cached (ms, default 5000); tests that edit sites set 0. */
  siteCacheMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail; tests await `mail.idle()` before reading the outbox or the SMTP server. */
    mail: MailService;
  }
}

/**
 * Builds the Fastify app: security headers and CSRF check, compression, error envelopes, the contract's routes
 * with their access rules, OpenAPI at /api/docs, site assets and the built SPA. Does not listen.
 */
export async function buildApp({
  config,
  db,
  logger,
  siteCacheMs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as Fastify's logger interface so the instance keeps Fastify's default generics.
    loggerInstance: (logger ?? createLogger(config)) as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    clientErrorHandler,
    frameworkErrors,
  });

  const sessionSecret = await resolveSessionSecret(
    createSettingsRepository(db.db),
    config.sessionSecret,
  );
  const siteService = createSiteService(createSiteRepository(db.db), { cacheMs: siteCacheMs });
  const translationsService = createTranslationsService();
  const limiter = createRateLimiter(createRateLimitRepository(db.db), {
    enabled: config.rateLimits,
  });
  const orgAccess = createOrgAccess(db.db);
  const referenceService = createReferenceService(createReferenceRepository(db.db));
  const companiesService = createCompaniesService({
    repo: createCompaniesRepository(db.db),
    access: orgAccess,
    reference: referenceService,
  });
  const authService = createAuthService(createAuthRepository(db.db), {
    userAccess: (user, impersonator) => orgAccess.permissionsOf(user, impersonator),
    idleMinutes: config.sessionIdleMinutes,
    maxDays: config.sessionMaxDays,
    limiter,
    log: app.log,
  });
  const cookiePolicy = { secure: config.publicUrl?.startsWith('https:') ?? false };
  const https = cookiePolicy.secure;
  const companyEmailService = createCompanyEmailService({
    repo: createCompanyEmailRepository(db.db),
    access: orgAccess,
    config,
  });
  const mailService = createMailService({
    config,
    repo: createMailRepository(db.db),
    translations: translationsService,
    log: app.log,
    senders: (companyId) => companyEmailService.senderFor(companyId),
  });
  app.decorate('mail', mailService);
  app.addHook('onClose', () => mailService.close());
  if (!config.smtpUrl) {
    app.log.info(
      config.devMailbox
        ? 'no SMTP_URL: mail goes to the development mailbox (/dev/mailbox; from this machine only)'
        : 'no SMTP_URL: mail is stored in the mail_outbox table only',
    );
  }
  const auditService = createAuditService(createAuditRepository(db.db));
  const invitationsService = createInvitationsService(createInvitationsRepository(db.db));
  const origin = createOriginResolver(config, siteService, app.log);
  const locationsService = createLocationsService({
    repo: createLocationsRepository(db.db),
    access: orgAccess,
  });
  const locationUsersService = createLocationUsersService({
    repo: createLocationUsersRepository(db.db),
    access: orgAccess,
    mail: mailService,
    sites: siteService,
    limiter,
  });
  // The data export lists social identities, so the accounts service reaches the OIDC service created after it.
  const late: { oidc?: OidcService } = {};
  const accountsService = createAccountsService({
    repo: createAccountsRepository(db.db),
    auth: authService,
    mail: mailService,
    sites: siteService,
    limiter,
    log: app.log,
    exportSources: {
      socialIdentities: async (userId) => (late.oidc ? late.oidc.identitiesOf(userId) : []),
      invitations: (email) => invitationsService.forEmail(email),
      auditLog: (userId) => auditService.forUser(userId),
    },
  });
  const oidcService = createOidcService({
    providers: config.oidcProviders,
    repo: createOidcRepository(db.db),
    accounts: accountsService,
    auth: authService,
    sites: siteService,
    log: app.log,
    allowInsecure: config.nodeEnv !== 'production',
  });
  late.oidc = oidcService;
  const impersonationService = createImpersonationService({
    auth: authService,
    audit: auditService,
  });

  registerErrorHandling(app);
  // The map tile server (site info `map`) is the only image origin besides our own.
  const imageSources = config.mapTiles.imageSource ? [config.mapTiles.imageSource] : [];
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    isAllowedOrigin: createOriginAllowList(config, siteService),
    csp: { imageSources },
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // Signed cookies are available to later flows (e.g. OAuth state); the session cookie itself is a random token.
  await app.register(cookie, { secret: sessionSecret });
  const authenticate = createAuthenticate(authService, cookiePolicy);
  registerDevMailboxGuard(app, {
    enabled: config.devMailbox,
    open: config.devMailboxOpen,
    authenticate,
  });
  await registerOpenApi(app);
  registerInputGuard(app);

  registerContractRoutes(
    app,
    routes,
    {
      site: siteHandlers(siteService, translationsService, {
        tileUrl: config.mapTiles.url,
        attribution: config.mapTiles.attribution,
      }),
      health: healthHandlers(() => db.ping()),
      auth: authHandlers(authService, cookiePolicy, auditService),
      accounts: accountHandlers({
        accounts: accountsService,
        sites: siteService,
        origin,
        policy: cookiePolicy,
      }),
      impersonation: impersonationHandlers(impersonationService),
      oidc: oidcHandlers(oidcService),
      security: securityHandlers(invitationsService),
      admin: adminHandlers(auditService),
      dev: devHandlers(mailService),
      locations: locationHandlers({
        locations: locationsService,
        users: locationUsersService,
        origin,
      }),
      reference: referenceHandlers(referenceService),
      companies: companyHandlers(companiesService),
      companyEmail: companyEmailHandlers(companyEmailService),
      menu: menuHandlers(
        createMenuService({ repo: createMenuRepository(db.db), access: orgAccess }),
      ),
      search: searchHandlers(
        createSearchService({ repo: createSearchRepository(db.db), access: orgAccess }),
      ),
      usersAdmin: usersAdminHandlers({
        service: createUsersAdminService({
          repo: createUsersAdminRepository(db.db),
          accounts: createAccountsRepository(db.db),
          access: orgAccess,
          mail: mailService,
          sites: siteService,
          log: app.log,
        }),
        origin,
      }),
    },
    { authenticate },
  );
  registerOidcRedirects(app, {
    oidc: oidcService,
    sites: siteService,
    origin,
    policy: cookiePolicy,
  });

  await app.register(fastifyStatic, {
    root: SITE_ASSETS_DIR,
    prefix: '/api/site/assets/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      // Logos are embedded in mail, which webmail shows from its own origin: allow cross-origin embedding here
      // (helmet's same-origin default stays on everything else).
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  if (config.mapTiles.local) await registerMapTiles(app);

  const spaFallback = await registerSpa(app, {
    distDir: config.webDistDir,
    async csp(request) {
      const query = request.query as Record<string, unknown>;
      // A page is no API route, so the input guard does not see its query: an identifier no site can have (a NUL
      // would reach the database) is treated like none.
      const identifier =
        typeof query.identifier === 'string' && !hasForbiddenCharacters(query.identifier)
          ? query.identifier.slice(0, 100)
          : undefined;
      const { site } = await siteService.resolve({ identifier, host: requestHost(request) });
      const origin = scriptOriginOf(site.analyticsScriptUrl);
      return contentSecurityPolicy(
        { scriptOrigins: origin ? [origin] : [], imageSources },
        { upgradeInsecure: https },
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      !isPage ||
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    ) {
      return sendError(reply, 404, 'NOT_FOUND');
    }
    return spaFallback(request, reply);
  });

  return app;
}
