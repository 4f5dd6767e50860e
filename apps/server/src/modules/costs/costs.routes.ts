import type { costsRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { CostsService } from './costs.service.ts';

/** Handlers of the costs routes. */
export function costsHandlers(costs: CostsService): GroupHandlers<typeof costsRoutes> {
  return {
    locationCosts: ({ actor, params, query }) => costs.location(actor, params.id, query),
  };
}
