import type { SiteInfo } from '@ec/contract';
import type { SiteRecord, SiteRepository } from './site.repository.ts';

/** A site's row, as other modules see it through this service. */
export type { SiteRecord } from './site.repository.ts';

/** The identifier of the site used when neither identifier nor host selects one. */
export const DEFAULT_SITE_IDENTIFIER = 'default';

/** How a request names its site. */
export interface SiteSelector {
  identifier?: string | undefined;
  /** The request's host name (no port). */
  host?: string | undefined;
}

/** A resolved site and the request host that selected it (null when it was not the host). */
export interface ResolvedSite {
  site: SiteRecord;
  matchedHost: string | null;
}

/** Used only when the database has no default site yet, so the SPA can still start and say what is wrong. */
const BUILT_IN_SITE: SiteRecord = {
  id: 0,
  identifier: DEFAULT_SITE_IDENTIFIER,
  hosts: [],
  platformName: 'Cloud',
  productName: 'Energy Cloud',
  theme: 'default',
  logo: null,
  favicon: null,
  supportEmail: '',
  termsUrl: null,
  privacyUrl: null,
  status: 'normal',
  maintenanceMessage: null,
  defaultLocale: 'sl',
  analyticsScriptUrl: null,
  translationOverrides: {},
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

/** Options of the site service. */
export interface SiteServiceOptions {
  /**
   * How long a looked-up site (or a miss) is reused, in ms. Every page load and API client asks for site info, so
   * a short window takes the database out of that path; an edit reaches every instance within it. 0 disables.
   */
  cacheMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** Lookups kept at most; a flood of made-up identifiers or hosts only empties the cache. */
const CACHE_LIMIT = 1000;

/** Site resolution and the public site info. */
export function createSiteService(repo: SiteRepository, options: SiteServiceOptions = {}) {
  const cacheMs = options.cacheMs ?? 5000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { site: SiteRecord | undefined; until: number }>();

  async function cached(
    key: string,
    load: () => Promise<SiteRecord | undefined>,
  ): Promise<SiteRecord | undefined> {
    if (cacheMs <= 0) return load();
    const hit = cache.get(key);
    const time = now();
    if (hit && hit.until > time) return hit.site;
    const site = await load();
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, { site, until: time + cacheMs });
    return site;
  }
  const byIdentifier = (identifier: string) =>
    cached(`identifier:${identifier}`, () => repo.findByIdentifier(identifier));
  const byHost = (host: string) => cached(`host:${host}`, () => repo.findByHost(host));
  // The allowed-origin check (CSRF) reads every host on every state-changing request: same window as the lookups.
  let hosts: { list: readonly string[]; until: number } | null = null;

  return {
    /**
     * Resolves the site of a request (spec 001 §4): by `identifier`, then by request host, then the default site.
     * An unknown identifier falls through to the host and the default like a missing one.
     */
    async resolve(selector: SiteSelector): Promise<ResolvedSite> {
      if (selector.identifier) {
        const site = await byIdentifier(selector.identifier);
        if (site) return { site, matchedHost: hostOf(site, selector.host) };
      }
      const host = selector.host?.toLowerCase();
      if (host) {
        const site = await byHost(host);
        if (site) return { site, matchedHost: host };
      }
      const site = (await byIdentifier(DEFAULT_SITE_IDENTIFIER)) ?? BUILT_IN_SITE;
      return { site, matchedHost: hostOf(site, host) };
    },

    /** A site by id (a user's site, for branding their mail); the default site when it is gone. */
    async byId(id: number): Promise<SiteRecord> {
      const site = await cached(`id:${id}`, () => repo.findById(id));
      return site ?? (await byIdentifier(DEFAULT_SITE_IDENTIFIER)) ?? BUILT_IN_SITE;
    },

    /**
     * Every site's hosts (lower case), cached like the lookups. The same array is returned until the cache window
     * ends, so callers may cache what they derive from it by identity.
     */
    async allHosts(): Promise<readonly string[]> {
      const time = now();
      if (hosts && cacheMs > 0 && hosts.until > time) return hosts.list;
      const list = Object.freeze((await repo.listHosts()).map((host) => host.toLowerCase()));
      hosts = { list, until: time + cacheMs };
      return list;
    },

    /** Forgets cached lookups, e.g. after this instance edited a site. */
    invalidate(): void {
      cache.clear();
      hosts = null;
    },
  };
}

/** The site service's interface. */
export type SiteService = ReturnType<typeof createSiteService>;

function hostOf(site: SiteRecord, host: string | undefined): string | null {
  const lower = host?.toLowerCase();
  return lower && site.hosts.includes(lower) ? lower : null;
}

/** The map tiles every site shows (server configuration, the same for all sites). */
export type SiteMapInfo = SiteInfo['map'];

/**
 * The public site info. `host` is the request host when it is one of the site's hosts, else null (the client then
 * keeps calling its own origin — spec 001 §7 lets site info replace the API host).
 */
export function toSiteInfo({ site, matchedHost }: ResolvedSite, map: SiteMapInfo): SiteInfo {
  return {
    identifier: site.identifier,
    host: matchedHost,
    platformName: site.platformName,
    productName: site.productName,
    theme: site.theme,
    logo: site.logo,
    favicon: site.favicon,
    defaultLocale: site.defaultLocale,
    contact: { supportEmail: site.supportEmail },
    links: { termsAndConditions: site.termsUrl, privacyPolicy: site.privacyUrl },
    status: site.status,
    maintenance: site.status === 'maintenance' ? { message: site.maintenanceMessage ?? '' } : null,
    analytics: site.analyticsScriptUrl ? { scriptUrl: site.analyticsScriptUrl } : null,
    map,
  };
}
