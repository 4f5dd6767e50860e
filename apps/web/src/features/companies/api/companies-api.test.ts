import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { menuCacheClient } from '../../../entities/menu/test-support.ts';
import { createCompany } from './companies-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('createCompany', () => {
  it("refreshes the sidebar menu (a super admin's companies)", async () => {
    fakeFetch(
      answer('POST', '/api/companies', 201, {
        data: { company: { id: 9, name: 'New', rootGroup: { id: 90 }, settings: {} } },
      }),
    );
    const { queryClient, freshMenuQueries } = menuCacheClient();
    await createCompany(queryClient, { name: 'New', countryId: 1 });
    expect(freshMenuQueries()).toEqual([]);
  });
});
