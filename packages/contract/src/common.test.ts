import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  entityNameSchema,
  idParam,
  idSchema,
  MAX_ID,
  NAME_MAX,
  pageOf,
  pagingQuery,
  userSummarySchema,
} from './common.ts';
import type { RouteDescriptor } from './http.ts';
import { routes } from './index.ts';

describe('idParam (path and query ids)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
  ])('%s → %d', (text, id) => {
    expect(idParam.parse(text)).toBe(id);
  });

  // z.coerce.number() would take '0x10', '1e3', ' 7' and '7 ' as ids; the common rule refuses them.
  it.each([
    '0',
    '-1',
    '01',
    '1.5',
    '1e3',
    '0x10',
    'abc',
    '',
    ' 1',
    '7 ',
    '2147483648',
    '99999999999',
  ])('refuses %j', (text) => {
    expect(idParam.safeParse(text).success).toBe(false);
  });
});

describe('idSchema (body ids)', () => {
  it.each([
    [1, true],
    [MAX_ID, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [MAX_ID + 1, false],
  ])('%d → %s', (value, ok) => {
    expect(idSchema.safeParse(value).success).toBe(ok);
  });
});

describe('pagingQuery', () => {
  const query = z.strictObject(pagingQuery);

  it.each([
    [{}, {}],
    [
      { page: '2', pageSize: '25' },
      { page: 2, pageSize: 25 },
    ],
    [
      { page: '1000000', pageSize: '100' },
      { page: 1_000_000, pageSize: 100 },
    ],
  ])('%j → %j', (input, output) => {
    expect(query.parse(input)).toEqual(output);
  });

  it.each([
    { page: '0' },
    { page: '1.5' },
    { page: '1000001' },
    { pageSize: '0' },
    { pageSize: '101' },
  ])('refuses %j', (input) => {
    expect(query.safeParse(input).success).toBe(false);
  });
});

describe('pageOf', () => {
  it('answers items with total, page and page size, and drops unknown fields', () => {
    const page = pageOf(userSummarySchema);
    expect(
      page.parse({
        items: [{ id: 1, fullName: 'A B', email: 'a@example.com', passwordHash: 'x' }],
        total: 1,
        page: 1,
        pageSize: 25,
      }),
    ).toEqual({
      items: [{ id: 1, fullName: 'A B', email: 'a@example.com' }],
      total: 1,
      page: 1,
      pageSize: 25,
    });
  });
});

describe('entityNameSchema', () => {
  it.each([
    ['A', true],
    ['x'.repeat(NAME_MAX), true],
    ['x'.repeat(NAME_MAX + 1), false],
    ['', false],
  ])('%j → %s', (name, ok) => {
    expect(entityNameSchema.safeParse(name).success).toBe(ok);
  });
});

describe('every route path id', () => {
  const pathIds = Object.entries(routes).flatMap(([group, defs]) =>
    Object.entries(defs as Record<string, RouteDescriptor>).flatMap(([name, route]) =>
      [...route.path.matchAll(/:(\w+)/g)]
        .map((m) => m[1] ?? '')
        .filter((param) => /(^id|Id)$/.test(param))
        .map((param) => [`${group}.${name} :${param}`, route, param] as const),
    ),
  );

  it('finds the path ids', () => {
    expect(pathIds.map(([label]) => label)).toContain('usersAdmin.get :id');
    expect(pathIds.map(([label]) => label)).toContain('menu.company :companyId');
    expect(pathIds.length).toBeGreaterThan(30);
  });

  it.each(['1e3', '0x10', '01', ' 7'])('refuses %j in every route (one strict id rule)', (text) => {
    const accepted = pathIds
      .filter(([, route, param]) => {
        const sample = Object.fromEntries(
          [...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], m[1] === param ? text : '1']),
        );
        return route.params?.safeParse(sample).success;
      })
      .map(([label]) => label);
    expect(accepted).toEqual([]);
  });
});
