import type { QueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  CompanyDetail,
  CompanyEmailSettings,
  CompanyEmailSettingsForm,
  CreateUserForm,
  LocationGroup,
  UpdateAdminUserForm,
  UpdateCompanyForm,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { companyKeys } from '../../../entities/company/index.ts';
import { controllerKeys } from '../../../entities/controller/index.ts';
import { locationGroupKeys } from '../../../entities/location-group/index.ts';
import { locationKeys } from '../../../entities/location/index.ts';
import { refreshMenu } from '../../../entities/menu/index.ts';
import { searchKeys } from '../../../entities/search/index.ts';
import { userKeys } from '../../../entities/user/index.ts';

// Global settings (spec 000 §2 /settings/global; docs/organisation.md): the changes made on one company's
// overview, settings, e-mail settings, location groups, users and controllers. Every call goes through the
// contract's routes; the screens read the entities' queries (entities/company, location-group, location,
// controller, user, menu) and the changes refresh them by their key families.

/**
 * Everything that shows the company's structure: the company (its root group), its groups, its location and
 * controller lists (they name the groups), every group's own entry, the company list and the sidebar menu.
 */
async function refreshStructure(queryClient: QueryClient, companyId: number) {
  await Promise.all(
    [
      companyKeys.one(companyId),
      companyKeys.list(),
      locationGroupKeys.all,
      locationKeys.ofCompany(companyId),
      controllerKeys.ofCompany(companyId),
      userKeys.ofCompany(companyId),
    ]
      .map((queryKey) => queryClient.invalidateQueries({ queryKey }))
      .concat(refreshMenu(queryClient)),
  );
}

/** PUT /api/companies/:id — contact data and settings (only the fields sent change). */
export async function updateCompany(
  queryClient: QueryClient,
  companyId: number,
  data: UpdateCompanyForm,
): Promise<CompanyDetail> {
  const { company } = await api(routes.companies.update, {
    params: { id: String(companyId) },
    body: { data },
  });
  queryClient.setQueryData(companyKeys.detail(companyId), company);
  // The company's name shows in the sidebar and the company lists.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.list() }),
    refreshMenu(queryClient),
  ]);
  return company;
}

/** POST /api/location-groups. */
export async function createGroup(
  queryClient: QueryClient,
  companyId: number,
  parentId: number,
  name: string,
): Promise<LocationGroup> {
  const { group } = await api(routes.companies.createGroup, { body: { data: { parentId, name } } });
  await refreshStructure(queryClient, companyId);
  return group;
}

/** PUT /api/location-groups/:id. */
export async function renameGroup(
  queryClient: QueryClient,
  companyId: number,
  groupId: number,
  name: string,
): Promise<LocationGroup> {
  const { group } = await api(routes.companies.renameGroup, {
    params: { id: String(groupId) },
    body: { data: { name } },
  });
  await refreshStructure(queryClient, companyId);
  return group;
}

/** POST /api/location-groups/:id/move. */
export async function moveGroup(
  queryClient: QueryClient,
  companyId: number,
  groupId: number,
  parentId: number,
): Promise<LocationGroup> {
  const { group } = await api(routes.companies.moveGroup, {
    params: { id: String(groupId) },
    body: { data: { parentId } },
  });
  await refreshStructure(queryClient, companyId);
  return group;
}

/** DELETE /api/location-groups/:id. */
export async function deleteGroup(
  queryClient: QueryClient,
  companyId: number,
  groupId: number,
): Promise<void> {
  await api(routes.companies.deleteGroup, { params: { id: String(groupId) } });
  await refreshStructure(queryClient, companyId);
}

/** PUT /api/companies/:id/email-settings. */
export async function updateEmailSettings(
  queryClient: QueryClient,
  companyId: number,
  data: CompanyEmailSettingsForm,
): Promise<CompanyEmailSettings> {
  const { settings } = await api(routes.companyEmail.update, {
    params: { id: String(companyId) },
    body: { data },
  });
  queryClient.setQueryData(companyKeys.emailSettings(companyId), settings);
  return settings;
}

/** POST /api/companies/:id/email-settings/check — looks the records up in DNS. */
export async function checkEmailSettings(
  queryClient: QueryClient,
  companyId: number,
): Promise<CompanyEmailSettings> {
  const { settings } = await api(routes.companyEmail.check, { params: { id: String(companyId) } });
  queryClient.setQueryData(companyKeys.emailSettings(companyId), settings);
  return settings;
}

/** After a user change: every user query (and the admin search, whose results show users) loads again. */
async function refreshUsers(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  ]);
}

/** POST /api/users — the user gets a mail to set a password. */
export async function createUser(
  queryClient: QueryClient,
  data: CreateUserForm,
): Promise<{ user: AdminUser; welcomeMailSent: boolean }> {
  const created = await api(routes.usersAdmin.create, { body: { data } });
  await refreshUsers(queryClient);
  return created;
}

/** PUT /api/users/:id — names and role. */
export async function updateUser(
  queryClient: QueryClient,
  userId: number,
  data: UpdateAdminUserForm,
): Promise<AdminUser> {
  const { user } = await api(routes.usersAdmin.update, {
    params: { id: String(userId) },
    body: { data },
  });
  await refreshUsers(queryClient);
  return user;
}

/** POST /api/users/:id/verify. */
export async function verifyUser(queryClient: QueryClient, userId: number): Promise<AdminUser> {
  const { user } = await api(routes.usersAdmin.verify, { params: { id: String(userId) } });
  await refreshUsers(queryClient);
  return user;
}

/** POST /api/users/:id/company. */
export async function changeUserCompany(
  queryClient: QueryClient,
  userId: number,
  companyId: number,
): Promise<AdminUser> {
  const { user } = await api(routes.usersAdmin.changeCompany, {
    params: { id: String(userId) },
    body: { data: { companyId } },
  });
  await refreshUsers(queryClient);
  return user;
}

/** DELETE /api/users/:id. */
export async function deleteUser(queryClient: QueryClient, userId: number): Promise<void> {
  await api(routes.usersAdmin.remove, { params: { id: String(userId) } });
  await refreshUsers(queryClient);
}

/** POST /api/controllers/:id/owner — set or clear (null) the owner. */
export async function setControllerOwner(
  queryClient: QueryClient,
  controllerId: number,
  userId: number | null,
) {
  const { controller } = await api(routes.locations.setControllerOwner, {
    params: { id: String(controllerId) },
    body: { data: { userId } },
  });
  queryClient.setQueryData(controllerKeys.detail(controllerId), controller);
  // Every controller list and the admin search show the owner.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: controllerKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  ]);
  return controller;
}
