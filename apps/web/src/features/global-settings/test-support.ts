import type { AdminUser, CompanyDetail, LocationGroup, MenuItem } from '@ec/contract';
import { company } from '../../shared/test/fixtures.ts';

// Fixtures of the global-settings component tests.

/** A company as GET /api/companies lists it. */
export { company };

/** A company with its settings as GET /api/companies/:id answers. */
export function companyDetail(
  id: number,
  name: string,
  extra: Partial<CompanyDetail> = {},
): CompanyDetail {
  return {
    ...company(id, name),
    settings: {
      productName: null,
      platformName: null,
      slogan: null,
      domain: null,
      supportEmail: null,
      privacyPolicyUrl: null,
      termsUrl: null,
      defaultLocationGroupId: null,
      registrationUrl: null,
    },
    ...extra,
  };
}

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
