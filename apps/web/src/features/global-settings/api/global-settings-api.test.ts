import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { menuCacheClient } from '../../../entities/menu/test-support.ts';
import {
  createGroup,
  deleteGroup,
  moveGroup,
  renameGroup,
  updateCompany,
} from './global-settings-api.ts';

// Changes in global settings that the sidebar shows (groups, the company's name) refresh the menu queries
// (issue 10).

afterEach(() => vi.unstubAllGlobals());

const ok: FakeRoute = ({ method }) =>
  method === 'DELETE'
    ? new Response(null, { status: 204 })
    : json(200, { data: { group: { id: 7 }, company: { id: 1 } } });

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
