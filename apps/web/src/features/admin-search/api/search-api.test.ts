import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  companyControllersQueryOptions,
  controllerQueryOptions,
  locationControllersQueryOptions,
} from '../../../entities/controller/index.ts';
import { companyUsersQueryOptions, userQueryOptions } from '../../../entities/user/index.ts';
import { fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { seededCacheClient } from '../../../shared/test/seeded-cache.ts';
import { searchQueryOptions, setControllerOwner, verifyUser } from './search-api.ts';

// An action taken in the admin search refreshes the results and every other view of what it changed (the global
// settings' user and controller screens), by the entities' key families.

afterEach(() => vi.unstubAllGlobals());

const ok: FakeRoute = () => json(200, { data: { user: { id: 4 }, controller: { id: 3 } } });
const filter = { q: '', page: 1 };

describe('admin search actions refresh every view of what they change', () => {
  it('verifying a user: the results, the user and the company user lists', async () => {
    fakeFetch(ok);
    const { queryClient, freshQueries } = seededCacheClient([
      searchQueryOptions('users', { q: '', companyId: null, page: 1 }).queryKey,
      userQueryOptions(4).queryKey,
      companyUsersQueryOptions(1, filter).queryKey,
    ]);
    await verifyUser(queryClient, 4);
    expect(freshQueries()).toEqual([]);
  });

  it("setting a controller's owner: the results, the controller and every controller list", async () => {
    fakeFetch(ok);
    const { queryClient, freshQueries } = seededCacheClient([
      searchQueryOptions('oem-devices', { q: '', companyId: null, page: 1 }).queryKey,
      controllerQueryOptions(3).queryKey,
      locationControllersQueryOptions(5).queryKey,
      companyControllersQueryOptions(1, filter).queryKey,
    ]);
    await setControllerOwner(queryClient, 3, 4);
    expect(freshQueries()).toEqual([]);
  });
});
