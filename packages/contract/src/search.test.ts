import { describe, expect, it } from 'vitest';
import { searchQuerySchema } from './search.ts';

describe('searchQuerySchema', () => {
  it('coerces numbers from the query string and trims q', () => {
    expect(
      searchQuerySchema.parse({ q: '  novak ', companyId: '3', page: '2', pageSize: '50' }),
    ).toEqual({ q: 'novak', companyId: 3, page: 2, pageSize: 50 });
    expect(searchQuerySchema.parse({})).toEqual({});
  });

  it.each([
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ companyId: 'x' }, 'companyId'],
    [{ companyId: '-3' }, 'companyId'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ sort: 'name' }, ''],
  ])('rejects %j', (query, field) => {
    const result = searchQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(field);
  });
});
