import type { AdminUser, LocationGroup, MenuItem } from '@ec/contract';
import { company, companyDetail } from '../../shared/test/fixtures.ts';

// Fixtures of the global-settings component tests.

/** Companies as GET /api/companies lists them and GET /api/companies/:id answers. */
export { company, companyDetail };

/** A location group. */
export function group(
  id: number,
  name: string,
  parentId: number | null,
  extra: Partial<LocationGroup> = {},
): LocationGroup {
  return { id, name, parentId, companyId: 1, locationsCount: 0, childrenCount: 0, ...extra };
}

/** A menu item (GET /api/menu/:companyId). */
export function menuItem(
  type: MenuItem['type'],
  entityId: number,
  title: string,
  children: MenuItem[] | null = null,
): MenuItem {
  return {
    id: `${type}:${entityId}`,
    title,
    href: `/${type}/${entityId}`,
    type,
    level: 1,
    children,
    aliases: [],
    data: { entityId },
  };
}

/** A user as the admin screens show it, with every action allowed unless overridden. */
export function adminUser(id: number, fullName: string, extra: Partial<AdminUser> = {}): AdminUser {
  const [firstName = '', lastName = ''] = fullName.split(' ');
  return {
    id,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    fullName,
    role: 'ROLE_USER_BASIC',
    type: 'REGISTERED',
    verified: true,
    locale: 'en',
    company: { id: 1, name: 'Elektro Bled' },
    createdAt: '2026-01-01T00:00:00.000Z',
    actions: {
      edit: true,
      changeRole: true,
      verify: false,
      changeCompany: false,
      delete: true,
      impersonate: true,
    },
    ...extra,
  };
}
