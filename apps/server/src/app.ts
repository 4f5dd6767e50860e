import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { hasForbiddenCharacters, routes } from '@ec/contract';
import type { Database } from '@ec/db';
import type { Config, TrustProxy } from './config.ts';
import { jobHandlers } from './jobs/jobs.routes.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createLogger, type Logger } from './logger.ts';
import { accountHandlers } from './modules/accounts/accounts.routes.ts';
import { createOriginResolver } from './modules/accounts/links.ts';
import { adminHandlers } from './modules/audit/audit.routes.ts';
import { authHandlers, createAuthenticate } from './modules/auth/auth.routes.ts';
import { companyHandlers } from './modules/companies/companies.routes.ts';
import { companyEmailHandlers } from './modules/company-email/company-email.routes.ts';
import { controllerSecretHandlers } from './modules/controller-secrets/controller-secrets.routes.ts';
import { healthHandlers } from './modules/health/health.routes.ts';
import { impersonationHandlers } from './modules/impersonation/impersonation.routes.ts';
import { securityHandlers } from './modules/invitations/invitations.routes.ts';
import { liveHandlers } from './modules/live/live.routes.ts';
import { locationHandlers } from './modules/locations/locations.routes.ts';
import { devHandlers, registerDevMailboxGuard } from './modules/mail/mail.routes.ts';
import type { MailService } from './modules/mail/mail.service.ts';
import { registerMapTiles } from './integrations/map-tiles/map-tiles.plugin.ts';
import { menuHandlers } from './modules/menu/menu.routes.ts';
import { oidcHandlers, registerOidcRedirects } from './modules/oidc/oidc.routes.ts';
import { referenceHandlers } from './modules/reference/reference.routes.ts';
import { searchHandlers } from './modules/search/search.routes.ts';
import { spotMarketHandlers } from './modules/spot-prices/spot-prices.routes.ts';
import { requestHost, siteHandlers } from './modules/site/site.routes.ts';
import { createOriginAllowList } from './modules/site/site-origin.ts';
import { usersAdminHandlers } from './modules/users-admin/users-admin.routes.ts';
import { registerContractRoutes } from './plugins/contract-routes.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  sendError,
} from './plugins/errors.ts';
import { pricingHandlers } from './modules/pricing/pricing.routes.ts';
import { costsHandlers } from './modules/costs/costs.routes.ts';
import { mojElektroHandlers } from './modules/moj-elektro/moj-elektro.routes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { contentSecurityPolicy, registerSecurity, scriptOriginOf } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerInputGuard } from './plugins/validation.ts';
import { createServices, type Services } from './services.ts';

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
  /** Called while a live stream watches a location (see ServicesOptions.onWatch). */
  onWatch?: (locationId: number) => void | Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once by createServices (tests reach services through it). */
    services: Services;
    /** Outgoing mail; tests await `mail.idle()` before reading the outbox or the SMTP server. */
    mail: MailService;
    /** The database job queue (docs/decisions/0015); server.ts starts it, closing the app stops it. */
    jobs: JobQueue;
  }
}

/**
 * Builds the Fastify app on the services of createServices (built here, once): security headers and CSRF check, compression, error envelopes, the contract's routes
 * with their access rules, OpenAPI at /api/docs, site assets and the built SPA. Does not listen.
 */
export async function buildApp({
  config,
  db,
  logger,
  siteCacheMs,
  onWatch,
}: BuildAppOptions): Promise<FastifyInstance> {
  const log = logger ?? createLogger(config);
  const services = await createServices({ config, db, log, siteCacheMs, onWatch });
  const app = Fastify({
    // Typed as Fastify's logger interface so the instance keeps Fastify's default generics.
    loggerInstance: log as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    clientErrorHandler,
    frameworkErrors,
  });
  app.decorate('services', services);
  app.decorate('mail', services.mail);
  app.decorate('jobs', services.jobs);
  // server.ts starts the queue (workers, schedules); otherwise it starts with the first job sent. services.close()
  // stops the workers before the SMTP pool closes.
  app.addHook('onClose', () => services.close());
  // Open live streams would hold the server open: end them before it stops listening.
  app.addHook('preClose', (done) => {
    services.liveStreams.closeAll();
    done();
  });
  if (!config.smtpUrl) {
    app.log.info(
      config.devMailbox
        ? 'no SMTP_URL: mail goes to the development mailbox (/dev/mailbox; from this machine only)'
        : 'no SMTP_URL: mail is stored in the mail_outbox table only',
    );
  }
  const { sites } = services;
  const cookiePolicy = { secure: config.publicUrl?.startsWith('https:') ?? false };
  const https = cookiePolicy.secure;
  const origin = createOriginResolver(config, sites, app.log);

  registerErrorHandling(app);
  // The map tile server (site info `map`) is the only image origin besides our own.
  const imageSources = config.mapTiles.imageSource ? [config.mapTiles.imageSource] : [];
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    isAllowedOrigin: createOriginAllowList(config, sites),
    csp: { imageSources },
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // Signed cookies are available to later flows (e.g. OAuth state); the session cookie itself is a random token.
  await app.register(cookie, { secret: services.sessionSecret });
  const authenticate = createAuthenticate(services.auth, cookiePolicy);
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
      site: siteHandlers(sites, services.translations, {
        tileUrl: config.mapTiles.url,
        attribution: config.mapTiles.attribution,
      }),
      health: healthHandlers(() => db.ping()),
      auth: authHandlers(services.auth, cookiePolicy, services.audit),
      accounts: accountHandlers({
        accounts: services.accounts,
        sites,
        origin,
        policy: cookiePolicy,
      }),
      impersonation: impersonationHandlers(services.impersonation),
      oidc: oidcHandlers(services.oidc),
      security: securityHandlers(services.invitations),
      admin: adminHandlers(services.audit),
      jobs: jobHandlers(services.jobs),
      dev: devHandlers(services.mail),
      locations: locationHandlers({
        locations: services.locations,
        users: services.locationUsers,
        origin,
      }),
      reference: referenceHandlers(services.reference),
      companies: companyHandlers(services.companies),
      companyEmail: companyEmailHandlers(services.companyEmail),
      menu: menuHandlers(services.menu),
      search: searchHandlers(services.search),
      usersAdmin: usersAdminHandlers({ service: services.usersAdmin, origin }),
      pricing: pricingHandlers(services.pricing),
      live: {
        ...liveHandlers({
          live: services.live,
          streams: services.liveStreams,
          auth: services.auth,
        }),
        ...controllerSecretHandlers(services.controllerSecrets),
      },
      spotMarket: spotMarketHandlers(services.spotPrices),
      costs: costsHandlers(services.costs),
      mojElektro: mojElektroHandlers(services.mojElektroModule),
    },
    { authenticate },
  );
  registerOidcRedirects(app, {
    oidc: services.oidc,
    sites,
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
      const { site } = await sites.resolve({ identifier, host: requestHost(request) });
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
