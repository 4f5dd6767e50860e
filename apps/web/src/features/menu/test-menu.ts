import type { MenuItem } from '@ec/contract';
import { json } from '../../shared/test/fixtures.ts';

// Menu fixtures for the tree's tests: the shapes GET /api/menu answers (docs/organisation.md "Menu").

type Kind = MenuItem['type'];
const prefixes: Record<Kind, string> = {
  company: 'company',
  'location-group': 'location-group',
  location: 'location',
  'device-group': 'device-group',
  device: 'device',
};

/** A menu item; `children` defaults to [] except for locations (lazy: null). */
export function menuItem(
  type: Kind,
  entityId: number,
  title: string,
  options: Partial<Omit<MenuItem, 'data'>> & { data?: Partial<MenuItem['data']> } = {},
): MenuItem {
  const href =
    options.href ??
    (type === 'company'
      ? `/companies/${entityId}/location-groups/${entityId * 100}`
      : type === 'location-group'
        ? `/companies/1/location-groups/${entityId}`
        : type === 'location'
          ? `/locations/${entityId}`
          : `/x/${entityId}`);
  return {
    id: `${prefixes[type]}:${entityId}`,
    title,
    href,
    type,
    level: options.level ?? 0,
    children: options.children !== undefined ? options.children : type === 'location' ? null : [],
    aliases: options.aliases ?? [],
    data: { entityId, ...options.data },
  };
}

/** Company 1 › root group 100 › groups Ljubljana (2: Hiša Bled, Pisarna) and Maribor (3: Skladišče). */
export function sampleMenu(): MenuItem[] {
  const bled = menuItem('location', 11, 'Hiša Bled', {
    aliases: ['/companies/1/location-groups/2/locations/11', '/location-groups/2/locations/11'],
    data: { hasChildren: true, companyId: 1 },
  });
  const office = menuItem('location', 12, 'Pisarna', { data: { hasChildren: false } });
  const store = menuItem('location', 13, 'Skladišče', { data: { hasChildren: true } });
  const ljubljana = menuItem('location-group', 2, 'Ljubljana', { children: [bled, office] });
  const maribor = menuItem('location-group', 3, 'Maribor', { children: [store] });
  return [menuItem('company', 1, 'Sunpower', { children: [ljubljana, maribor] })];
}

/** GET /api/menu/1 for a fake API: company 1 (Sunpower) of {@link sampleMenu} with its tree, as a super admin gets it. */
export function sampleCompanyMenu(url: URL): Response | undefined {
  return url.pathname === '/api/menu/1'
    ? json(200, {
        data: {
          structure: sampleMenu()[0]?.children ?? [],
          company: { id: 1, name: 'Sunpower', rootGroup: { id: 100 } },
        },
      })
    : undefined;
}

/** The lazy children of a location: a device group with a device, and an ungrouped device. */
export function locationChildren(prefix: string): MenuItem[] {
  const charger = menuItem('device', 51, 'Polnilnica', {
    href: `${prefix}/device-groups/41/devices/51`,
    data: { category: 'EV_CHARGER' },
  });
  return [
    menuItem('device-group', 41, 'Garaža', {
      href: `${prefix}/device-groups/41`,
      children: [charger],
    }),
    menuItem('device', 52, 'Sončna elektrarna', {
      href: `${prefix}/manage/oem-devices/7/devices/52`,
      data: { category: 'SOLAR_POWER_PLANT' },
    }),
  ];
}
