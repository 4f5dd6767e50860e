import { z } from 'zod';
import { LOCALES, ROLES, type Role } from '@ec/domain';
import { defineRoute } from './http.ts';
import { secretText, singleLineText } from './text.ts';

const roleSchema = z.enum(ROLES as [Role, ...Role[]]);

/** The user's choice of colour scheme; `auto` follows the device (only where the site theme has both). */
export const THEME_PREFERENCES = ['light', 'dark', 'auto'] as const;
/** One of {@link THEME_PREFERENCES}. */
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** Kinds of spot-market region codes (spec 001 §3 Location region / spotRegion). */
export const SPOT_REGION_TYPES = ['EIC', 'AGILE'] as const;
/** A spot-market region: an ENTSO-E bidding zone (EIC code) or an Octopus Agile region. */
export const spotRegionSchema = z
  .strictObject({
    code: singleLineText().min(1).max(64),
    type: z.enum(SPOT_REGION_TYPES),
  })
  .meta({ id: 'SpotRegion' });
/** A spot-market region. */
export type SpotRegion = z.infer<typeof spotRegionSchema>;

/** ISO 3166-1 alpha-2 country code, upper case (e.g. `SI`). */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

/**
 * How an account came to be: `REGISTERED` (self-registration with a password), `SOCIAL` (created at the first
 * sign-in through an OpenID Connect provider), `PROVISIONED` (created by an administrator or the seed).
 */
export const USER_TYPES = ['REGISTERED', 'SOCIAL', 'PROVISIONED'] as const;
/** One of {@link USER_TYPES}. */
export type UserType = (typeof USER_TYPES)[number];

/** One entry of a permission list (see the domain's PermissionEntry). */
export const permissionEntrySchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int().nullable().optional(),
    actions: z.object({
      view: z.boolean().optional(),
      edit: z.boolean().optional(),
      manage: z.boolean().optional(),
    }),
  })
  .meta({ id: 'PermissionEntry' });

/** Who is acting as the user while an impersonation is active. */
export const impersonationSchema = z
  .object({
    active: z.literal(true),
    by: z.object({ id: z.number().int(), fullName: z.string() }),
  })
  .meta({ id: 'Impersonation' });

/**
 * The signed-in user as the client sees it (spec 001 §3 User), with the locations and controllers they own and
 * their permission lists (owned locations appear there with every flag). While an administrator impersonates someone, this is the
 * impersonated user and `impersonation` names the administrator.
 */
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
    /** The company the user belongs to (aggregators manage it), or null. */
    companyId: z.number().int().nullable(),
    type: z.enum(USER_TYPES),
    /** Whether the account has a password (accounts created through a social provider may have none). */
    hasPassword: z.boolean(),
    /** Whether the e-mail address has been verified. */
    verified: z.boolean(),
    permissions: z.object({
      locations: z.array(permissionEntrySchema),
      locationGroups: z.array(permissionEntrySchema),
    }),
    locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    controllers: z.array(z.object({ id: z.number().int() })),
    /** null until the user answers the marketing banner (spec 001 §4). */
    marketingConsent: z.boolean().nullable(),
    countryCode: z.string().nullable(),
    spotRegion: spotRegionSchema.nullable(),
    /** The same value as `spotRegion`, under the name spec 001 §3 uses for the user. */
    eicCode: spotRegionSchema.nullable(),
    themePreference: z.enum(THEME_PREFERENCES),
    /** The domain's isSetUp (spec 001 §6): false sends the user to /setup. */
    isSetUp: z.boolean(),
    impersonation: impersonationSchema.nullable(),
  })
  .meta({ id: 'AuthUser' });
/** The signed-in user. */
export type AuthUser = z.infer<typeof authUserSchema>;

/** Sign-in form fields; the login form validates with this schema too. */
export const loginFormSchema = z.strictObject({
  email: z.email().max(254),
  password: secretText().min(1).max(1024),
});
/** Sign-in form values. */
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Session routes. Sign-in sets the httpOnly `ec_session` cookie; the client never sees the token. */
export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    summary:
      'Sign in with e-mail and password; starts a new session. A wrong e-mail or password gives 401 login.invalid_credentials; ' +
      'a correct password on an unverified account gives 403 EMAIL_NOT_VERIFIED (login.email_not_verified); too many attempts 429 RATE_LIMITED',
    tags: ['auth'],
    access: { kind: 'public' },
    body: z.strictObject({ data: loginFormSchema }),
    data: z.object({ user: authUserSchema }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session (if any, impersonation included) and clear the cookie',
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
