import type { QueryClient } from '@tanstack/react-query';
import type { SiteInfo } from '@ec/contract';
import type { Locale } from '@ec/domain';
import { currentUserQueryOptions } from '../../features/auth/api/auth-api.ts';
import { chooseLocale } from '../../features/i18n/locale-choice.ts';
import { loadLocale, storedLocale } from '../../features/i18n/locale.ts';
import { siteInfoQueryOptions } from '../../features/site/api/site-info-query.ts';
import { resolveSiteIdentifier } from '../../features/site/site-identifier.ts';
import { loadSiteTheme } from '../../shared/theme/index.ts';

/** What the app needs before it renders anything. */
export interface StartData {
  site: SiteInfo;
  locale: Locale;
}

/** Whether a path is in the public auth area, where the start sequence does not load the user. */
export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

export interface StartSequence {
  /**
   * Runs the start sequence for `url`, or joins the run already under way (or done) for the same site. Every
   * route loader awaits it first, so nothing is requested before it or out of its order.
   */
  run(url: URL): Promise<StartData>;
}

/**
 * App start (spec 001 §4), strictly in order: site info (with the `identifier` from the URL or remembered for
 * the session) → maintenance status (part of site info, shown as a banner) → the user, unless the path is
 * under /auth (a 401 means "not signed in") → translations for the chosen locale → render. A failure rejects
 * and is forgotten, so a retry runs the sequence again.
 */
export function createStartSequence(
  queryClient: QueryClient,
  browserLanguages: () => readonly string[] = () => navigator.languages ?? [navigator.language],
): StartSequence {
  let current: { identifier: string | undefined; promise: Promise<StartData> } | null = null;

  async function start(url: URL, identifier: string | undefined): Promise<StartData> {
    const site = await queryClient.fetchQuery(siteInfoQueryOptions(identifier));
    // Maintenance status comes with site info; the banner reads it from there. The site's theme chunk loads
    // while the user is fetched, so the first render already has the site's look.
    const theme = loadSiteTheme(site.theme);
    const user = isAuthPath(url.pathname)
      ? undefined
      : await queryClient.fetchQuery(currentUserQueryOptions());
    await theme;
    const locale = chooseLocale({
      stored: storedLocale(),
      userLocale: user?.locale,
      browserLanguages: browserLanguages(),
      siteDefault: site.defaultLocale,
    });
    await loadLocale(locale, { queryClient, identifier: site.identifier });
    return { site, locale };
  }

  return {
    run(url) {
      const identifier = resolveSiteIdentifier(url);
      if (current && current.identifier === identifier) return current.promise;
      const promise = start(url, identifier);
      const run = { identifier, promise };
      current = run;
      promise.catch(() => {
        if (current === run) current = null;
      });
      return promise;
    },
  };
}
