import type { SearchQuery } from '@ec/contract';
import { forbidden } from '../../errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrgAccess } from '../org/org-access.ts';
import type { Found, SearchFilter, SearchRepository, SearchScope } from './search.repository.ts';

const DEFAULT_PAGE_SIZE = 25;

/** Admin search (docs/organisation.md "Admin"): aggregators within their company, super admins within the site. */
export function createSearchService(deps: { repo: SearchRepository; access: OrgAccess }) {
  const { repo, access } = deps;

  /**
   * The filter with defaults and the actor's reach (null for an aggregator without a company, who finds nothing).
   * A company filter outside the reach is 404, like every other foreign id.
   */
  async function prepare(actor: Actor, query: SearchQuery) {
    const filter: SearchFilter = {
      q: query.q ?? '',
      companyId: query.companyId === undefined ? undefined : Number(query.companyId),
      page: Number(query.page ?? 1),
      pageSize: Number(query.pageSize ?? DEFAULT_PAGE_SIZE),
    };
    const reach = access.scopeOf(actor);
    // The routes admit admins only; a non-admin session that got here is refused all the same.
    if (reach.kind === 'grants') throw forbidden();
    if (filter.companyId !== undefined)
      await access.requireCompany(actor, filter.companyId, 'view');
    let scope: SearchScope | null = null;
    const locations = access.locationFilter(actor);
    if (reach.kind === 'site') scope = { kind: 'site', siteId: reach.siteId, locations };
    else if (reach.companyId !== null) {
      scope = { kind: 'company', companyId: reach.companyId, locations };
    }
    return { filter, scope };
  }

  async function page<T>(
    actor: Actor,
    query: SearchQuery,
    find: (scope: SearchScope, filter: SearchFilter) => Promise<Found<T>>,
  ) {
    const { filter, scope } = await prepare(actor, query);
    const found: Found<T> = scope === null ? { rows: [], total: 0 } : await find(scope, filter);
    return { items: found.rows, total: found.total, page: filter.page, pageSize: filter.pageSize };
  }

  return {
    users: (actor: Actor, query: SearchQuery) => page(actor, query, repo.users),
    locations: (actor: Actor, query: SearchQuery) => page(actor, query, repo.locations),
    controllers: (actor: Actor, query: SearchQuery) => page(actor, query, repo.controllers),
    devices: (actor: Actor, query: SearchQuery) => page(actor, query, repo.devices),
  };
}

/** The search service's interface. */
export type SearchService = ReturnType<typeof createSearchService>;
