import type { companyEmailRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { CompanyEmailService } from './company-email.service.ts';

/** Handlers of the company e-mail settings routes. */
export function companyEmailHandlers(
  service: CompanyEmailService,
): GroupHandlers<typeof companyEmailRoutes> {
  return {
    async get({ actor, params }) {
      return { settings: await service.get(actor, params.id) };
    },
    async update({ actor, params, body }) {
      return { settings: await service.update(actor, params.id, body.data) };
    },
    async check({ actor, params }) {
      return { settings: await service.check(actor, params.id) };
    },
  };
}
