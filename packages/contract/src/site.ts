import { z } from 'zod';
import { LOCALES, THEMES } from '@ec/domain';
import { defineRoute } from './http.ts';
import { singleLineText } from './text.ts';

/** Public branding and status of a site (spec 001 §3 Site info). */
export const siteInfoSchema = z
  .object({
    identifier: z.string(),
    host: z.string().nullable(),
    platformName: z.string(),
    productName: z.string(),
    theme: z.enum(THEMES),
    logo: z.string().nullable(),
    favicon: z.string().nullable(),
    defaultLocale: z.enum(LOCALES),
    contact: z.object({ supportEmail: z.string() }),
    links: z.object({
      termsAndConditions: z.string().nullable(),
      privacyPolicy: z.string().nullable(),
    }),
    status: z.enum(['normal', 'maintenance']),
    maintenance: z.object({ message: z.string() }).nullable(),
    /** Script loaded only after analytics consent; null when the site has none. */
    analytics: z.object({ scriptUrl: z.string() }).nullable(),
    /**
     * Map tiles for the coordinates selector (server configuration MAP_TILE_URL): a Leaflet URL template with
     * `{z}`, `{x}`, `{y}` (and maybe `{s}`), absolute or a same-origin path, and its attribution as plain text.
     */
    map: z.object({ tileUrl: z.string(), attribution: z.string() }),
  })
  .meta({ id: 'SiteInfo' });
/** Site info as the client receives it. */
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** A translation catalog: nested objects of strings. */
export type Catalog = { [key: string]: string | Catalog };
/** A translation catalog's schema (recursive). */
export const catalogSchema: z.ZodType<Catalog> = z
  .lazy(() => z.record(z.string(), z.union([z.string(), catalogSchema])))
  .meta({ id: 'Catalog' });

/** Site info and translations (spec 001 §7). */
export const siteRoutes = {
  info: defineRoute({
    method: 'GET',
    path: '/site/info',
    summary:
      'Branding and status of the site resolved by identifier, then host, then the default site',
    tags: ['site'],
    access: { kind: 'public' },
    query: z.strictObject({ identifier: singleLineText().max(100).optional() }),
    data: siteInfoSchema,
  }),
  translations: defineRoute({
    method: 'GET',
    path: '/site/translations/:locale',
    summary: "The locale's catalog merged with the site's overrides",
    tags: ['site'],
    access: { kind: 'public' },
    params: z.strictObject({ locale: z.enum(LOCALES) }),
    query: z.strictObject({ identifier: singleLineText().max(100).optional() }),
    data: z.object({ locale: z.enum(LOCALES), translations: catalogSchema }),
  }),
} as const;

/** Liveness and database reachability for load balancers and start-up checks. */
export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability',
    tags: ['system'],
    access: { kind: 'public' },
    dataStatuses: [503],
    data: z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) }),
  }),
} as const;
