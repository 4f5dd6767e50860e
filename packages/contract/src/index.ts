import './zod-config.ts';
export * from './common.ts';
export * from './http.ts';
export * from './text.ts';
export * from './site.ts';
export * from './auth.ts';
export * from './accounts.ts';
export * from './reference.ts';
export * from './companies.ts';
export * from './phone.ts';
export * from './menu.ts';
export * from './search.ts';
export * from './users-admin.ts';
export * from './company-email.ts';
export * from './locations.ts';
export * from './jobs.ts';
export * from './live.ts';
export * from './pricing.ts';
export * from './spot-market.ts';
export * from './costs.ts';
export * from './moj-elektro.ts';

import {
  accountRoutes,
  adminRoutes,
  devRoutes,
  impersonationRoutes,
  oidcRoutes,
  securityRoutes,
} from './accounts.ts';
import { authRoutes } from './auth.ts';
import { companyRoutes } from './companies.ts';
import { companyEmailRoutes } from './company-email.ts';
import { costsRoutes } from './costs.ts';
import { jobRoutes } from './jobs.ts';
import { liveRoutes } from './live.ts';
import { locationRoutes } from './locations.ts';
import { menuRoutes } from './menu.ts';
import { mojElektroRoutes } from './moj-elektro.ts';
import { pricingRoutes } from './pricing.ts';
import { referenceRoutes } from './reference.ts';
import { searchRoutes } from './search.ts';
import { spotMarketRoutes } from './spot-market.ts';
import { usersAdminRoutes } from './users-admin.ts';
import { healthRoutes, siteRoutes } from './site.ts';

/** Every route of the API, grouped by module. The server registers exactly these. */
export const routes = {
  site: siteRoutes,
  health: healthRoutes,
  auth: authRoutes,
  accounts: accountRoutes,
  impersonation: impersonationRoutes,
  oidc: oidcRoutes,
  security: securityRoutes,
  admin: adminRoutes,
  jobs: jobRoutes,
  dev: devRoutes,
  reference: referenceRoutes,
  companies: companyRoutes,
  companyEmail: companyEmailRoutes,
  locations: locationRoutes,
  menu: menuRoutes,
  search: searchRoutes,
  usersAdmin: usersAdminRoutes,
  live: liveRoutes,
  pricing: pricingRoutes,
  spotMarket: spotMarketRoutes,
  costs: costsRoutes,
  mojElektro: mojElektroRoutes,
} as const;
