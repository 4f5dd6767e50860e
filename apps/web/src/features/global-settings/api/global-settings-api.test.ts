import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { companiesQueryOptions, companyQueryOptions } from '../../../entities/company/index.ts';
import {
  companyControllersQueryOptions,
  controllerQueryOptions,
  locationControllersQueryOptions,
} from '../../../entities/controller/index.ts';
import {
  companyLocationGroupsQueryOptions,
  locationGroupQueryOptions,
} from '../../../entities/location-group/index.ts';
import { companyLocationsQueryOptions } from '../../../entities/location/index.ts';
import { menuCacheClient } from '../../../entities/menu/test-support.ts';
import { searchKeys } from '../../../entities/search/index.ts';
import { companyUsersQueryOptions, userQueryOptions } from '../../../entities/user/index.ts';
import { seededCacheClient } from '../../../shared/test/seeded-cache.ts';
import {
  createGroup,
  deleteGroup,
  moveGroup,
  renameGroup,
  setControllerOwner,
  updateCompany,
  updateUser,
} from './global-settings-api.ts';

// Changes in global settings that the sidebar shows (groups, the company's name) refresh the menu queries
// (issue 10).

afterEach(() => vi.unstubAllGlobals());

const ok: FakeRoute = ({ method }) =>
  method === 'DELETE'
    ? new Response(null, { status: 204 })
    : json(200, {
        data: { group: { id: 7 }, company: { id: 1 }, user: { id: 4 }, controller: { id: 3 } },
      });

describe('global settings changes refresh the sidebar menu', () => {
  it.each<[string, (qc: ReturnType<typeof menuCacheClient>['queryClient']) => Promise<unknown>]>([
    ['create a group', (qc) => createGroup(qc, 1, 100, 'North')],
    ['rename a group', (qc) => renameGroup(qc, 1, 7, 'South')],
    ['move a group', (qc) => moveGroup(qc, 1, 7, 8)],
    ['delete a group', (qc) => deleteGroup(qc, 1, 7)],
    ['company name', (qc) => updateCompany(qc, 1, { name: 'Sunpower d.o.o.' })],
  ])('%s', async (_name, change) => {
    fakeFetch(ok);
    const { queryClient, freshMenuQueries } = menuCacheClient();
    await change(queryClient);
    expect(freshMenuQueries()).toEqual([]);
  });
});

describe('global settings changes refresh every view of what they change, by the key families', () => {
  const filter = { q: '', page: 1 };

  it("a group change: the company, its groups and lists, the group's own entry and the company list", async () => {
    fakeFetch(ok);
    const { queryClient, freshQueries } = seededCacheClient([
      companyQueryOptions(1).queryKey,
      companiesQueryOptions().queryKey,
      companyLocationGroupsQueryOptions(1).queryKey,
      // The group's name in the breadcrumbs and page frames (GET /api/location-groups/:id).
      locationGroupQueryOptions(7).queryKey,
      companyLocationsQueryOptions(1, filter).queryKey,
      companyControllersQueryOptions(1, filter).queryKey,
    ]);
    await renameGroup(queryClient, 1, 7, 'South');
    expect(freshQueries()).toEqual([]);
  });

  it('a user change: every user view (a controller owner too) and the admin search', async () => {
    fakeFetch(ok);
    const { queryClient, freshQueries } = seededCacheClient([
      userQueryOptions(4).queryKey,
      companyUsersQueryOptions(1, filter).queryKey,
      searchKeys.results('users', { page: 1 }),
    ]);
    await updateUser(queryClient, 4, { firstName: 'Ana', lastName: 'Novak', role: 'ROLE_USER' });
    expect(freshQueries()).toEqual([]);
  });

  it("a controller's owner: every controller list and the admin search; the controller gets the answer", async () => {
    fakeFetch(ok);
    const lists = [
      locationControllersQueryOptions(5).queryKey,
      companyControllersQueryOptions(1, filter).queryKey,
      searchKeys.results('oem-devices', { page: 1 }),
    ];
    const { queryClient, freshQueries } = seededCacheClient(lists);
    await setControllerOwner(queryClient, 3, 4);
    expect(freshQueries()).toEqual([]);
    expect(queryClient.getQueryData(controllerQueryOptions(3).queryKey)).toEqual({ id: 3 });
  });
});
