import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  CompanyDetail,
  CompanyEmailSettings,
  CompanyEmailSettingsForm,
  ControllerSearchItem,
  CreateUserForm,
  LocationGroup,
  LocationSearchItem,
  MenuItem,
  UpdateAdminUserForm,
  UpdateCompanyForm,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { menuKeys, refreshMenu } from '../../../shared/api/menu-keys.ts';
import { companiesKey } from '../../companies/index.ts';

// Global settings (spec 000 §2 /settings/global; docs/organisation.md): one company's overview, settings, e-mail
// settings, location groups, locations, controllers and users. Every call goes through the contract's routes.

/** Query-key root of the global settings screens. */
export const globalSettingsKey = ['global-settings'] as const;

/** Rows per page of the paged lists (users, locations, controllers). */
export const PAGE_SIZE = 25;

/** A page of a list. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list filter: text and page. */
export interface ListFilter {
  q: string;
  page: number;
}

const companyKey = (companyId: number) => [...globalSettingsKey, 'company', companyId] as const;

/** GET /api/companies/:id — the company with its settings. */
export function companyQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...companyKey(companyId), 'detail'] as const,
    queryFn: async ({ signal }): Promise<CompanyDetail> =>
      (await api(routes.companies.get, { signal, params: { id: String(companyId) } })).company,
  });
}

/** GET /api/companies/:id/location-groups — the group tree as a list, parents before children. */
export function locationGroupsQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...companyKey(companyId), 'groups'] as const,
    queryFn: async ({ signal }): Promise<LocationGroup[]> =>
      (await api(routes.companies.locationGroups, { signal, params: { id: String(companyId) } }))
        .groups,
  });
}

/**
 * GET /api/menu/:companyId — the company's tree below its root group with its locations (admins get all of it,
 * answered from the server's cache). The group screen takes the locations of each group from it. It is the
 * sidebar's query of the same company (one cache entry, refreshed with the menu).
 */
export function companyTreeQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: menuKeys.company(companyId),
    queryFn: async ({ signal }): Promise<MenuItem[]> =>
      (await api(routes.menu.company, { signal, params: { companyId: String(companyId) } }))
        .structure,
  });
}

/** GET /api/companies/:id/email-settings — sender and the DNS records to publish. */
export function emailSettingsQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...companyKey(companyId), 'email'] as const,
    queryFn: async ({ signal }): Promise<CompanyEmailSettings> =>
      (await api(routes.companyEmail.get, { signal, params: { id: String(companyId) } })).settings,
  });
}

const listQuery = (filter: ListFilter, pageSize: number) => ({
  q: filter.q.trim() || undefined,
  page: filter.page,
  pageSize,
});

/** GET /api/companies/:id/users?q&page&pageSize — the company's users (admin view with allowed actions). */
export function companyUsersQueryOptions(
  companyId: number,
  filter: ListFilter,
  pageSize = PAGE_SIZE,
) {
  const query = listQuery(filter, pageSize);
  return queryOptions({
    queryKey: [...companyKey(companyId), 'users', query] as const,
    queryFn: async ({ signal }): Promise<ListPage<AdminUser>> =>
      api(routes.usersAdmin.list, { signal, params: { id: String(companyId) }, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/search/locations?companyId — the company's locations with group, owner and controller count. */
export function companyLocationsQueryOptions(
  companyId: number,
  filter: ListFilter,
  pageSize = PAGE_SIZE,
) {
  const query = { ...listQuery(filter, pageSize), companyId };
  return queryOptions({
    queryKey: [...companyKey(companyId), 'locations', query] as const,
    queryFn: async ({ signal }): Promise<ListPage<LocationSearchItem>> =>
      api(routes.search.locations, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/search/controllers?companyId — the company's controllers with location and owner. */
export function companyControllersQueryOptions(
  companyId: number,
  filter: ListFilter,
  pageSize = PAGE_SIZE,
) {
  const query = { ...listQuery(filter, pageSize), companyId };
  return queryOptions({
    queryKey: [...companyKey(companyId), 'controllers', query] as const,
    queryFn: async ({ signal }): Promise<ListPage<ControllerSearchItem>> =>
      api(routes.search.controllers, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/locations/:id. */
export function locationQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: [...globalSettingsKey, 'location', locationId] as const,
    queryFn: async ({ signal }) =>
      (await api(routes.locations.get, { signal, params: { id: String(locationId) } })).location,
  });
}

/** GET /api/locations/:id/controllers. */
export function locationControllersQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: [...globalSettingsKey, 'location', locationId, 'controllers'] as const,
    queryFn: async ({ signal }) =>
      (await api(routes.locations.controllers, { signal, params: { id: String(locationId) } }))
        .controllers,
  });
}

/** GET /api/controllers/:id — a controller with its devices. */
export function controllerQueryOptions(controllerId: number) {
  return queryOptions({
    queryKey: [...globalSettingsKey, 'controller', controllerId] as const,
    queryFn: async ({ signal }) =>
      (await api(routes.locations.getController, { signal, params: { id: String(controllerId) } }))
        .controller,
  });
}

/** GET /api/users/:id — one user (the controller owner's name). */
export function adminUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...globalSettingsKey, 'user', userId] as const,
    queryFn: async ({ signal }) =>
      (await api(routes.usersAdmin.get, { signal, params: { id: String(userId) } })).user,
  });
}

/** Everything that shows the company's structure: these screens, the company list and the sidebar menu. */
async function refreshStructure(queryClient: QueryClient, companyId: number) {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        (queryKey[0] === globalSettingsKey[0] && queryKey[2] === companyId) ||
        queryKey[0] === companiesKey[0],
    }),
    refreshMenu(queryClient),
  ]);
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
  queryClient.setQueryData(companyQueryOptions(companyId).queryKey, company);
  // The company's name shows in the sidebar and the company lists.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companiesKey }),
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
  queryClient.setQueryData(emailSettingsQueryOptions(companyId).queryKey, settings);
  return settings;
}

/** POST /api/companies/:id/email-settings/check — looks the records up in DNS. */
export async function checkEmailSettings(
  queryClient: QueryClient,
  companyId: number,
): Promise<CompanyEmailSettings> {
  const { settings } = await api(routes.companyEmail.check, { params: { id: String(companyId) } });
  queryClient.setQueryData(emailSettingsQueryOptions(companyId).queryKey, settings);
  return settings;
}

/** After a user change: every user list (and the admin search, whose results show users) loads again. */
async function refreshUsers(queryClient: QueryClient) {
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      (queryKey[0] === globalSettingsKey[0] &&
        (queryKey[3] === 'users' || queryKey[1] === 'user')) ||
      queryKey[0] === 'admin-search',
  });
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
  queryClient.setQueryData(controllerQueryOptions(controllerId).queryKey, controller);
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      (queryKey[0] === globalSettingsKey[0] && queryKey[3] === 'controllers') ||
      queryKey[0] === 'admin-search',
  });
  return controller;
}
