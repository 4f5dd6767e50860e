import type { companyRoutes } from '@ec/contract';
import { unauthenticated } from '../../errors.ts';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { CompaniesService } from './companies.service.ts';

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

/** Handlers of the company and location-group routes. */
export function companyHandlers(companies: CompaniesService): GroupHandlers<typeof companyRoutes> {
  return {
    async list({ actor }) {
      return { companies: await companies.list(signedIn(actor)) };
    },
    async create({ actor, body }) {
      return { company: await companies.create(signedIn(actor), body.data) };
    },
    async get({ actor, params }) {
      return { company: await companies.get(signedIn(actor), params.id) };
    },
    async update({ actor, params, body }) {
      return { company: await companies.update(signedIn(actor), params.id, body.data) };
    },
    async locationGroups({ actor, params }) {
      return { groups: await companies.groups(signedIn(actor), params.id) };
    },
    async group({ actor, params }) {
      return { group: await companies.group(signedIn(actor), params.id) };
    },
    async createGroup({ actor, body }) {
      return { group: await companies.createGroup(signedIn(actor), body.data) };
    },
    async renameGroup({ actor, params, body }) {
      return { group: await companies.renameGroup(signedIn(actor), params.id, body.data.name) };
    },
    async moveGroup({ actor, params, body }) {
      return { group: await companies.moveGroup(signedIn(actor), params.id, body.data.parentId) };
    },
    async deleteGroup({ actor, params }) {
      await companies.deleteGroup(signedIn(actor), params.id);
      return {};
    },
  };
}
