import { describe, expect, it } from 'vitest';
import type { Breadcrumb, EntityRef } from '../../shared/routing/route-handle.ts';
import { buildBreadcrumbs, type TrailEntity } from './breadcrumb-trail.ts';

const company: TrailEntity = {
  type: 'company',
  id: 1,
  title: 'Sunpower',
  href: '/companies/1/location-groups/100',
};
const group: TrailEntity = {
  type: 'location-group',
  id: 2,
  title: 'Ljubljana',
  href: '/companies/1/location-groups/2',
};
const location: TrailEntity = {
  type: 'location',
  id: 11,
  title: 'Hiša Bled',
  href: '/locations/11',
};
const chains = new Map<string, TrailEntity[]>([
  ['company:1', [company]],
  ['location-group:2', [company, group]],
  ['location:11', [company, group, location]],
]);
const lookup = (entity: EntityRef) => chains.get(`${entity.type}:${entity.id}`) ?? null;
const adminCompany = (c: TrailEntity) => `/settings/global/companies/${c.id}`;

const home: Breadcrumb = { label: 'Home', to: '/' };
const crumb = (label: string, to: string, entity?: EntityRef): Breadcrumb =>
  entity ? { label, to, entity } : { label, to };

describe('buildBreadcrumbs', () => {
  it('names a location from the menu and puts its company and groups before it', () => {
    const crumbs = buildBreadcrumbs({
      crumbs: [
        home,
        crumb('Location', '/locations/11', { type: 'location', id: 11 }),
        crumb('Charts', '/locations/11/charts'),
      ],
      lookup,
      companyHref: adminCompany,
      context: null,
    });
    expect(crumbs.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Sunpower', '/settings/global/companies/1'],
      ['Ljubljana', '/companies/1/location-groups/2'],
      ['Hiša Bled', '/locations/11'],
      ['Charts', '/locations/11/charts'],
    ]);
  });

  it('does not repeat ancestors the path names, and links the company crumb of the path to its settings', () => {
    const crumbs = buildBreadcrumbs({
      crumbs: [
        home,
        crumb('Company', '/companies/1', { type: 'company', id: 1 }),
        crumb('Location group', '/companies/1/location-groups/2', {
          type: 'location-group',
          id: 2,
        }),
        crumb('Location', '/companies/1/location-groups/2/locations/11', {
          type: 'location',
          id: 11,
        }),
      ],
      lookup,
      companyHref: adminCompany,
      context: null,
    });
    expect(crumbs.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Sunpower', '/settings/global/companies/1'],
      ['Ljubljana', '/companies/1/location-groups/2'],
      ['Hiša Bled', '/companies/1/location-groups/2/locations/11'],
    ]);
  });

  it('links a group named by /location-groups/:id to its company path', () => {
    const crumbs = buildBreadcrumbs({
      crumbs: [
        home,
        crumb('Location group', '/location-groups/2', { type: 'location-group', id: 2 }),
      ],
      lookup,
      companyHref: (c) => c.href,
      context: null,
    });
    expect(crumbs.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Sunpower', '/companies/1/location-groups/100'],
      ['Ljubljana', '/companies/1/location-groups/2'],
    ]);
  });

  it('replaces the ancestors with the navigation context when there is one', () => {
    const crumbs = buildBreadcrumbs({
      crumbs: [home, crumb('Location', '/locations/11', { type: 'location', id: 11 })],
      lookup,
      companyHref: adminCompany,
      context: {
        type: 'location-group',
        id: 2,
        title: 'Ljubljana',
        href: '/companies/1/location-groups/2/summary',
      },
    });
    expect(crumbs.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Ljubljana', '/companies/1/location-groups/2/summary'],
      ['Hiša Bled', '/locations/11'],
    ]);
  });

  it("drops the root group's crumb after its company's", () => {
    const root: TrailEntity = { ...company, type: 'location-group', id: 100, rootOf: 1 };
    const crumbs = buildBreadcrumbs({
      crumbs: [
        home,
        crumb('Company', '/companies/1', { type: 'company', id: 1 }),
        crumb('Location group', '/companies/1/location-groups/100', {
          type: 'location-group',
          id: 100,
        }),
        crumb('Flexibility', '/companies/1/location-groups/100/flexibility'),
      ],
      lookup: (entity) => (entity.type === 'location-group' ? [company, root] : lookup(entity)),
      companyHref: adminCompany,
      context: null,
    });
    expect(crumbs.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Sunpower', '/settings/global/companies/1'],
      ['Flexibility', '/companies/1/location-groups/100/flexibility'],
    ]);
  });

  it('keeps the route label while the menu does not know the entity', () => {
    const crumbs = buildBreadcrumbs({
      crumbs: [home, crumb('Location', '/locations/99', { type: 'location', id: 99 })],
      lookup,
      companyHref: adminCompany,
      context: null,
    });
    expect(crumbs.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Location', '/locations/99'],
    ]);
  });
});
