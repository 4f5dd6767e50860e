import { z } from 'zod';
import { ASSIGNABLE_ROLES, LOCALES, ROLES, type Role } from '@ec/domain';
import { USER_TYPES } from './auth.ts';
import {
  actionFlagsSchema,
  EMAIL_MAX,
  entityNameSchema,
  idParam,
  idSchema,
  isoDateTime,
  pageOf,
  pagingQuery,
  searchTextSchema,
} from './common.ts';
import { defineRoute } from './http.ts';

// User management for admins (spec 001 §6 admin functions; docs/organisation.md "Admin").

const id = idParam;
const bodyId = idSchema;
const name = entityNameSchema;
const flags = actionFlagsSchema;

/**
 * What the signed-in admin may do with the user (the server checks again on every call): `edit` names,
 * `changeRole`, `verify` (only while unverified), `changeCompany`, `delete`, `impersonate`.
 */
export const adminUserActionsSchema = z.object({
  edit: z.boolean(),
  changeRole: z.boolean(),
  verify: z.boolean(),
  changeCompany: z.boolean(),
  delete: z.boolean(),
  impersonate: z.boolean(),
});

/** A user as the admin screens show it. */
export const adminUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES as [Role, ...Role[]]),
    type: z.enum(USER_TYPES),
    verified: z.boolean(),
    locale: z.enum(LOCALES),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    createdAt: isoDateTime,
    actions: adminUserActionsSchema,
  })
  .meta({ id: 'AdminUser' });
/** A user as the admin screens show it. */
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One user with the locations and location groups they hold rights on. */
export const adminUserDetailSchema = adminUserSchema
  .extend({
    locations: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        companyId: z.number().int(),
        owner: z.boolean(),
        actions: flags,
      }),
    ),
    locationGroups: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        companyId: z.number().int(),
        actions: flags,
      }),
    ),
  })
  .meta({ id: 'AdminUserDetail' });
/** One user with their rights. */
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * Create-user form. The role is one of the assignable roles (user, basic, advanced); the account gets no password:
 * the user receives a welcome mail in their language with a link to set one (a password-reset token valid 7 days;
 * using it also confirms the address).
 */
export const createUserFormSchema = z.strictObject({
  email: z.email().max(EMAIL_MAX),
  firstName: name,
  lastName: name,
  role: z.enum(ASSIGNABLE_ROLES),
  companyId: bodyId,
  locale: z.enum(LOCALES),
});
/** Create-user form values. */
export type CreateUserForm = z.infer<typeof createUserFormSchema>;

/** Edit-user form: names and role (a role change follows the domain's canChangeRole). */
export const updateAdminUserFormSchema = z.strictObject({
  firstName: name,
  lastName: name,
  role: z.enum(ROLES as [Role, ...Role[]]),
});
/** Edit-user form values. */
export type UpdateAdminUserForm = z.infer<typeof updateAdminUserFormSchema>;

/** Change-company form. */
export const changeUserCompanyFormSchema = z.strictObject({ companyId: bodyId });

const adminOnly = { kind: 'session', roles: ['ROLE_AGGREGATOR'] } as const;
const scopeNote =
  'Aggregator: users of their own company; super admin: users of the site. Users outside that scope are 404';

/** User management (aggregator and super admin). */
export const usersAdminRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/companies/:id/users',
    summary: `A company's users, by name, paged; q filters on name or e-mail. ${scopeNote}`,
    tags: ['users-admin'],
    access: adminOnly,
    params: z.strictObject({ id }),
    query: z.strictObject({ q: searchTextSchema, ...pagingQuery }),
    data: pageOf(adminUserSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/users/:id',
    summary: `One user with their location and location-group rights. ${scopeNote}`,
    tags: ['users-admin'],
    access: adminOnly,
    params: z.strictObject({ id }),
    data: z.object({ user: adminUserDetailSchema }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/users',
    summary:
      'Create a user in a company (aggregator: their own) without a password; the user gets a welcome mail with ' +
      'a link to set one (valid 7 days, single use). 409 CONFLICT (data.email: users_admin.email_taken) when the ' +
      'address has an account. `welcomeMailSent` false: the account was made but the mail could not be handed ' +
      'to the mail server (the user can ask for a link with "Forgotten password")',
    tags: ['users-admin'],
    access: adminOnly,
    body: z.strictObject({ data: createUserFormSchema }),
    successStatus: 201,
    data: z.object({ user: adminUserSchema, welcomeMailSent: z.boolean() }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    summary:
      'Change names and role. A different role needs canChangeRole (never one’s own, only assignable roles): ' +
      `403 otherwise. ${scopeNote}`,
    tags: ['users-admin'],
    access: adminOnly,
    params: z.strictObject({ id }),
    body: z.strictObject({ data: updateAdminUserFormSchema }),
    data: z.object({ user: adminUserSchema }),
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/users/:id/verify',
    summary: `Mark the user's e-mail address as verified (idempotent). ${scopeNote}`,
    tags: ['users-admin'],
    access: adminOnly,
    params: z.strictObject({ id }),
    data: z.object({ user: adminUserSchema }),
  }),
  changeCompany: defineRoute({
    method: 'POST',
    path: '/users/:id/company',
    summary:
      'Move the user to another company. Super admin: any company of the site; aggregator: only within their ' +
      `own company (another company is 404). ${scopeNote}`,
    tags: ['users-admin'],
    access: adminOnly,
    params: z.strictObject({ id }),
    body: z.strictObject({ data: changeUserCompanyFormSchema }),
    data: z.object({ user: adminUserSchema }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    summary:
      'Delete the user (canManageRole; 403 otherwise). 422 RULE_BROKEN org.cannot_delete_self for one’s own ' +
      `account. ${scopeNote}`,
    tags: ['users-admin'],
    access: adminOnly,
    params: z.strictObject({ id }),
    successStatus: 204,
    data: z.object({}),
  }),
} as const;
