import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { menuItemSchema, menuPrefixSchema, menuRoutes } from './menu.ts';

const companyParams = menuRoutes.company.params ?? z.never();
const locationQuery = menuRoutes.location.query ?? z.never();

const device = {
  id: 'device:9',
  title: 'PV',
  href: '/locations/4/device-groups/5/devices/9',
  type: 'device',
  level: 2,
  children: [],
  aliases: [],
  data: { entityId: 9, companyId: 1, category: 'SOLAR_POWER_PLANT', hasChildren: false },
};
const group = {
  id: 'device-group:5',
  title: 'Roof',
  href: '/locations/4/device-groups/5',
  type: 'device-group',
  level: 1,
  children: [device],
  aliases: [],
  data: { entityId: 5, companyId: 1, hasChildren: true },
};

describe('menuItemSchema', () => {
  it('accepts nested items and children: null (not loaded yet)', () => {
    expect(menuItemSchema.parse(group)).toEqual(group);
    const location = { ...group, id: 'location:4', type: 'location', children: null };
    expect(menuItemSchema.parse(location).children).toBeNull();
  });

  it('rejects an unknown type or device category, also deep inside children', () => {
    expect(menuItemSchema.safeParse({ ...group, type: 'site' }).success).toBe(false);
    const badDevice = { ...device, data: { ...device.data, category: 'TOASTER' } };
    expect(menuItemSchema.safeParse({ ...group, children: [badDevice] }).success).toBe(false);
  });

  it('drops fields outside the contract when serialising', () => {
    const parsed = menuItemSchema.parse({ ...group, secret: 1, data: { ...group.data, x: 2 } });
    expect(parsed).not.toHaveProperty('secret');
    expect(parsed.data).not.toHaveProperty('x');
  });
});

describe('menu prefix', () => {
  it.each([
    '/locations/4',
    '/companies/3/location-groups/7/locations/42',
    '/location-groups/7/locations/4',
  ])('accepts %s', (prefix) => {
    expect(menuPrefixSchema.safeParse(prefix).success).toBe(true);
  });

  it.each([
    'locations/4',
    '/',
    '//evil.example/x',
    'https://evil.example',
    '/locations/../admin',
    '/locations/4?x=1',
    '/locations/4/',
    `/${'a'.repeat(300)}`,
  ])('rejects %s', (prefix) => {
    expect(menuPrefixSchema.safeParse(prefix).success).toBe(false);
  });
});

describe('menu routes', () => {
  it('coerce path ids and query numbers, within bounds', () => {
    expect(companyParams.parse({ companyId: '12' })).toEqual({ companyId: 12 });
    expect(companyParams.safeParse({ companyId: '0' }).success).toBe(false);
    expect(companyParams.safeParse({ companyId: '2147483648' }).success).toBe(false);
    expect(locationQuery.parse({ level: '3' })).toEqual({ level: 3 });
    expect(locationQuery.safeParse({ level: '-1' }).success).toBe(false);
    expect(locationQuery.safeParse({ level: '101' }).success).toBe(false);
  });
});

describe('menuRoutes.search query', () => {
  const query = menuRoutes.search.query ?? z.never();
  it('trims q and takes an optional limit of 1–200', () => {
    expect(query.parse({ q: '  maribor ' })).toEqual({ q: 'maribor' });
    expect(query.parse({ q: 'x', limit: '20' })).toEqual({ q: 'x', limit: 20 });
  });

  it.each([
    {},
    { q: '' },
    { q: '   ' },
    { q: 'x'.repeat(101) },
    { q: 'x', limit: '0' },
    { q: 'x', limit: '201' },
    { q: 'x', other: '1' },
  ])('rejects %j', (bad) => {
    expect(query.safeParse(bad).success).toBe(false);
  });
});
