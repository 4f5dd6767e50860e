import { z } from 'zod';
import { LOCALES, ROLES, type Role } from '@ec/domain';
import { defineRoute } from './http.ts';

const roleSchema = z.enum(ROLES as [Role, ...Role[]]);

/** The signed-in user as the client sees it (spec 001 §3 User; later issues add locations, permissions, …). */
export const authUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    role: roleSchema,
    /** `role` and every role it implies, highest first. */
    roles: z.array(roleSchema),
    locale: z.enum(LOCALES),
    siteId: z.number().int(),
  })
  .meta({ id: 'AuthUser' });
/** The signed-in user. */
export type AuthUser = z.infer<typeof authUserSchema>;

/** Sign-in form fields; the login form validates with this schema too. */
export const loginFormSchema = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(1024),
});
/** Sign-in form values. */
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Session routes. Sign-in sets the httpOnly `ec_session` cookie; the client never sees the token. */
export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    summary:
      'Sign in with e-mail and password; starts a new session. A wrong e-mail or password gives 401 login.invalid_credentials',
    tags: ['auth'],
    access: { kind: 'public' },
    body: z.strictObject({ data: loginFormSchema }),
    data: z.object({ user: authUserSchema }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session (if any) and clear the cookie',
    tags: ['auth'],
    access: { kind: 'public' },
    data: z.object({}),
  }),
  user: defineRoute({
    method: 'GET',
    path: '/auth/user',
    summary: 'The signed-in user; 401 UNAUTHENTICATED without a valid session',
    tags: ['auth'],
    access: { kind: 'session' },
    data: z.object({ user: authUserSchema }),
  }),
} as const;
