export * from './http.ts';
export * from './site.ts';
export * from './auth.ts';

import { authRoutes } from './auth.ts';
import { healthRoutes, siteRoutes } from './site.ts';

/** Every route of the API, grouped by module. The server registers exactly these. */
export const routes = { site: siteRoutes, health: healthRoutes, auth: authRoutes } as const;
