import type { Db } from '@ec/db';
import type { OrgAccess } from '../org/org-access.ts';
import { createOwnership } from './pricing-common.ts';
import { createPricesService } from './prices.service.ts';
import { createPricingRepository } from './pricing.repository.ts';
import { createTimePlansService } from './time-plans.service.ts';

/** The pricing services (time plans; configs and price lists) over one repository and the org access core. */
export function createPricing(deps: { db: Db; access: OrgAccess; now?: () => Date }) {
  const repo = createPricingRepository(deps.db);
  const ownership = createOwnership(deps.access);
  const timePlans = createTimePlansService({ repo, access: deps.access, ownership });
  const prices = createPricesService({
    repo,
    access: deps.access,
    ownership,
    timePlans,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { timePlans, prices };
}

/** The pricing services. */
export type Pricing = ReturnType<typeof createPricing>;
