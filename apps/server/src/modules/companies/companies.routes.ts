import type { companyRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { CompaniesService } from './companies.service.ts';

/** Handlers of the company and location-group routes. */
export function companyHandlers(companies: CompaniesService): GroupHandlers<typeof companyRoutes> {
  return {
    async list({ actor }) {
      return { companies: await companies.list(actor) };
    },
    async create({ actor, body }) {
      return { company: await companies.create(actor, body.data) };
    },
    async get({ actor, params }) {
      return { company: await companies.get(actor, params.id) };
    },
    async update({ actor, params, body }) {
      return { company: await companies.update(actor, params.id, body.data) };
    },
    async locationGroups({ actor, params }) {
      return { groups: await companies.groups(actor, params.id) };
    },
    async group({ actor, params }) {
      return { group: await companies.group(actor, params.id) };
    },
    async createGroup({ actor, body }) {
      return { group: await companies.createGroup(actor, body.data) };
    },
    async renameGroup({ actor, params, body }) {
      return { group: await companies.renameGroup(actor, params.id, body.data.name) };
    },
    async moveGroup({ actor, params, body }) {
      return { group: await companies.moveGroup(actor, params.id, body.data.parentId) };
    },
    async deleteGroup({ actor, params }) {
      await companies.deleteGroup(actor, params.id);
      return {};
    },
  };
}
