// The query keys of what belongs to the site rather than to a user: branding (site info), translation catalogs
// and the sign-in providers. They load with the first page (the sign-in page too), so they live here, not in an
// entity; signing out keeps everything under {@link siteKeys.all}.

/** The site's query-key family. */
export const siteKeys = {
  /** Root: what stays cached across sign-in and sign-out. */
  all: ['site'] as const,
  /** Prefix of the site info of every identifier. */
  infos: () => [...siteKeys.all, 'info'] as const,
  /** GET /api/site/info?identifier=. */
  info: (identifier: string | undefined) => [...siteKeys.infos(), identifier ?? ''] as const,
  /** GET /api/site/translations/:locale?identifier=. */
  translations: (locale: string, identifier: string | undefined) =>
    [...siteKeys.all, 'translations', locale, identifier ?? ''] as const,
  /** GET /api/auth/oidc/providers. */
  oidcProviders: () => [...siteKeys.all, 'oidc-providers'] as const,
};
