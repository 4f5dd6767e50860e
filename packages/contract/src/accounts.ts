import { z } from 'zod';
import { LOCALES, PASSWORD_MAX_LENGTH, passwordRuleMessageKey } from '@ec/domain';
import {
  authUserSchema,
  countryCodeSchema,
  spotRegionSchema,
  THEME_PREFERENCES,
  USER_TYPES,
} from './auth.ts';
import {
  EMAIL_MAX,
  entityNameSchema,
  idParams,
  isoDateTime,
  logPage,
  logPagingQuery,
} from './common.ts';
import { defineRoute } from './http.ts';
import { secretText, singleLineText } from './text.ts';

// Accounts (issue 3): registration, e-mail verification, password reset and change, profile, privacy,
// impersonation, OpenID Connect providers, the confirmation flow, the audit log and the development mailbox.
// Request bodies use the envelope `{ data: { … } }`; answers are the `data` of `{ data: … }`.

const email = z.email().max(EMAIL_MAX);
const name = entityNameSchema;
/**
 * A password field exactly as typed (never normalised or trimmed; control characters refused); the rules (length,
 * e-mail, composition) are checked by the form refinements.
 */
const password = secretText().min(1).max(PASSWORD_MAX_LENGTH);
/** One-time tokens are 43 base64url characters; anything else is answered like an unknown token. */
const oneTimeToken = secretText().min(1).max(512);

/**
 * The refinement of a form with a new password and its repeat: a broken password rule (domain/password-rules)
 * gives `validation.password_<rule>` on `password` (checked against the e-mail in `emailField` when the form has
 * one), and a repeat that differs gives `repeatMessage` on `repeat`.
 */
function newPasswordRefinement(fields: {
  password: string;
  repeat: string;
  repeatMessage: string;
  emailField?: string;
}) {
  return (form: Record<string, unknown>, ctx: z.core.$RefinementCtx): void => {
    const value = form[fields.password];
    const emailValue = fields.emailField === undefined ? null : form[fields.emailField];
    if (typeof value === 'string' && value !== '') {
      const key = passwordRuleMessageKey(value, typeof emailValue === 'string' ? emailValue : null);
      if (key)
        ctx.addIssue({ code: 'custom', message: key, path: [fields.password], input: value });
    }
    const repeat = form[fields.repeat];
    if (typeof repeat === 'string' && repeat !== '' && value !== repeat) {
      ctx.addIssue({
        code: 'custom',
        message: fields.repeatMessage,
        path: [fields.repeat],
        input: repeat,
      });
    }
  };
}

/** The new password and repeat fields of the registration and reset forms. */
const passwordAndRepeat = {
  password: 'password',
  repeat: 'passwordRepeat',
  repeatMessage: 'validation.password_repeat',
} as const;

/** A checkbox that must be ticked: false gives `validation.must_accept`. */
const mustAccept = z
  .boolean()
  .refine((v) => v === true, { message: 'validation.must_accept' })
  .meta({ description: 'Must be true' });

/**
 * Registration form (spec 001 §5, issue 3). Password rules come from the domain (`validation.password_min_length`,
 * `validation.password_not_email`, `validation.password_letters_and_digits`); a different repeat gives
 * `validation.password_repeat`; unticked privacy or terms give `validation.must_accept`. Marketing consent is a
 * separate opt-in (false unless ticked).
 */
export const registerFormSchema = z
  .strictObject({
    firstName: name,
    lastName: name,
    email,
    password,
    passwordRepeat: password,
    countryCode: countryCodeSchema,
    locale: z.enum(LOCALES),
    acceptPrivacy: mustAccept,
    acceptTerms: mustAccept,
    marketingConsent: z.boolean(),
  })
  .superRefine(newPasswordRefinement({ ...passwordAndRepeat, emailField: 'email' }));
/** Registration form values. */
export type RegisterForm = z.input<typeof registerFormSchema>;

/** E-mail-only forms: resend verification, forgotten password. */
export const emailFormSchema = z.strictObject({ email });
/** E-mail-only form values. */
export type EmailForm = z.infer<typeof emailFormSchema>;

/** The token of a verification link (`/auth/token-validation?token=…`). */
export const verifyEmailFormSchema = z.strictObject({ token: oneTimeToken });

/**
 * Reset-password form. The server also checks the password against the account's e-mail
 * (`validation.password_not_email`), which the form cannot know.
 */
export const resetPasswordFormSchema = z
  .strictObject({ token: oneTimeToken, password, passwordRepeat: password })
  .superRefine(newPasswordRefinement(passwordAndRepeat));
/** Reset-password form values. */
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * Change-password form (spec 001 §5): a different repeat gives `validation.new_password_repeat` ("New password
 * repeat is not valid."); a wrong current password gives 400 with `data.currentPassword:
 * validation.current_password_wrong`.
 */
export const changePasswordFormSchema = z
  .strictObject({ currentPassword: password, newPassword: password, newPasswordRepeat: password })
  .superRefine(
    newPasswordRefinement({
      password: 'newPassword',
      repeat: 'newPasswordRepeat',
      repeatMessage: 'validation.new_password_repeat',
    }),
  );
/** Change-password form values. */
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** Profile and settings changes (spec 001 §7 POST /auth/user): only the fields sent change. */
export const updateUserFormSchema = z.strictObject({
  firstName: name.optional(),
  lastName: name.optional(),
  locale: z.enum(LOCALES).optional(),
  countryCode: countryCodeSchema.optional(),
  themePreference: z.enum(THEME_PREFERENCES).optional(),
  spotRegion: spotRegionSchema.nullable().optional(),
  marketingConsent: z.boolean().optional(),
});
/** Profile change values. */
export type UpdateUserForm = z.infer<typeof updateUserFormSchema>;

/** Account deletion needs the password again. */
export const deleteAccountFormSchema = z.strictObject({ password });

/**
 * Outcomes of an e-mail verification link (spec 001 §8 token validation), each with its own screen:
 * `VERIFIED`; `ALREADY_USED` (the link was used, or the address is already confirmed); `EXPIRED` (offer to
 * resend); `MISSING` (unknown token: "Invalid action requested"); `ERROR` (contact support).
 */
export const VERIFY_EMAIL_STATUSES = [
  'VERIFIED',
  'ALREADY_USED',
  'EXPIRED',
  'MISSING',
  'ERROR',
] as const;
/** One of {@link VERIFY_EMAIL_STATUSES}. */
export type VerifyEmailStatus = (typeof VERIFY_EMAIL_STATUSES)[number];

/** A person named in the audit log (null when the account has been deleted; the e-mail stays). */
const auditPersonSchema = z.object({
  id: z.number().int().nullable(),
  email: z.string(),
  fullName: z.string(),
});

/** Audit-log actions. */
export const AUDIT_ACTIONS = [
  'IMPERSONATION_START',
  'IMPERSONATION_STOP',
  'CONTROLLER_SECRET_ROTATED',
] as const;
/** One of {@link AUDIT_ACTIONS}. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit-log entry. */
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.enum(AUDIT_ACTIONS),
    actor: auditPersonSchema,
    target: auditPersonSchema.nullable(),
    /** What the action was about when it is no person, e.g. `controller EC-000001 (#12)`. */
    subject: z.string().nullable(),
    at: isoDateTime,
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
/** An audit-log entry. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Everything stored about the user, for "download my data" (GDPR art. 15 and 20). */
export const userExportSchema = z
  .object({
    exportedAt: isoDateTime,
    account: z.object({
      id: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: z.string(),
      type: z.enum(USER_TYPES),
      locale: z.string(),
      countryCode: z.string().nullable(),
      themePreference: z.string(),
      spotRegion: spotRegionSchema.nullable(),
      marketingConsent: z.boolean().nullable(),
      marketingConsentAt: isoDateTime.nullable(),
      emailVerifiedAt: isoDateTime.nullable(),
      privacyAcceptedAt: isoDateTime.nullable(),
      termsAcceptedAt: isoDateTime.nullable(),
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
      site: z.object({ identifier: z.string(), platformName: z.string() }),
    }),
    sessions: z.array(
      z.object({
        createdAt: isoDateTime,
        lastSeenAt: isoDateTime,
        expiresAt: isoDateTime,
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        current: z.boolean(),
      }),
    ),
    socialIdentities: z.array(
      z.object({ provider: z.string(), email: z.string(), linkedAt: isoDateTime }),
    ),
    invitations: z.array(
      z.object({
        id: z.number().int(),
        locationName: z.string(),
        status: z.string(),
        createdAt: isoDateTime,
      }),
    ),
    auditLog: z.array(
      z.object({
        action: z.enum(AUDIT_ACTIONS),
        as: z.enum(['actor', 'target']),
        at: isoDateTime,
        ip: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'UserExport' });
/** The data export. */
export type UserExport = z.infer<typeof userExportSchema>;

/** The request body of a form: `{ data: form }`. */
function formBody<T extends z.ZodType>(form: T) {
  return z.strictObject({ data: form });
}

/** The answer of an action that has nothing to tell: `{ data: {} }`. */
const emptyData = z.object({});

/**
 * A public form with only an e-mail address that always answers the same neutral 202, so that it does not tell
 * whether the address has an account.
 */
function neutralEmailRoute(path: string, summary: string) {
  return defineRoute({
    method: 'POST',
    path,
    summary,
    tags: ['accounts'],
    access: { kind: 'public' },
    body: formBody(emailFormSchema),
    successStatus: 202,
    data: emptyData,
  });
}

/** Registration, verification, passwords, profile and privacy. */
export const accountRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    summary:
      'Register a basic user (unverified) and send the verification mail. An address that already has an account ' +
      'gets the same 201, and its owner a mail saying someone tried to register with it. 429 RATE_LIMITED (5/h per IP)',
    tags: ['accounts'],
    access: { kind: 'public' },
    query: z.strictObject({ identifier: singleLineText().max(100).optional() }),
    body: formBody(registerFormSchema),
    successStatus: 201,
    data: z.object({ email: z.string() }),
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/auth/verify-email',
    summary:
      'Use the token of a verification link. Always 200: data.status is VERIFIED, ALREADY_USED, EXPIRED, MISSING or ERROR',
    tags: ['accounts'],
    access: { kind: 'public' },
    body: formBody(verifyEmailFormSchema),
    data: z.object({ status: z.enum(VERIFY_EMAIL_STATUSES) }),
  }),
  resendVerification: neutralEmailRoute(
    '/auth/resend-verification',
    'Send a new verification link when the address has an unverified account. Always the same 202 (neutral); ' +
      '429 RATE_LIMITED (3/h per address, 10/h per IP)',
  ),
  forgottenPassword: neutralEmailRoute(
    '/auth/forgotten-password',
    'Send a password-reset link (valid 1 h, single use) when the address has an account. Always the same 202 ' +
      '(neutral); 429 RATE_LIMITED (3/h per address, 10/h per IP)',
  ),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    summary:
      'Set a new password with a reset token; ends every session of the user and confirms the address. ' +
      '422 TOKEN_INVALID (unknown or used) or TOKEN_EXPIRED',
    tags: ['accounts'],
    access: { kind: 'public' },
    body: formBody(resetPasswordFormSchema),
    data: emptyData,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/auth/change-password',
    summary:
      "Change the signed-in user's password; ends the user's other sessions. 400 with " +
      'data.currentPassword: validation.current_password_wrong; 403 while impersonating',
    tags: ['accounts'],
    access: { kind: 'session' },
    body: formBody(changePasswordFormSchema),
    data: emptyData,
  }),
  updateUser: defineRoute({
    method: 'POST',
    path: '/auth/user',
    summary:
      "Update the signed-in user's profile and settings (only the fields sent). Marketing consent cannot be " +
      'changed while impersonating (403)',
    tags: ['accounts'],
    access: { kind: 'session' },
    body: formBody(updateUserFormSchema),
    data: z.object({ user: authUserSchema }),
  }),
  exportUser: defineRoute({
    method: 'GET',
    path: '/auth/user/export',
    summary: "Download the signed-in user's data as JSON (Content-Disposition: attachment)",
    tags: ['accounts'],
    access: { kind: 'session' },
    data: userExportSchema,
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/auth/user',
    summary:
      "Delete the signed-in user's account after confirming the password (400 data.password: " +
      'validation.current_password_wrong); ends its sessions. A super admin cannot delete their own account ' +
      '(422 RULE_BROKEN account.super_admin_cannot_delete_self); 403 while impersonating',
    tags: ['accounts'],
    access: { kind: 'session' },
    body: formBody(deleteAccountFormSchema),
    data: emptyData,
  }),
} as const;

/** Acting as another user (spec 001 §6, §7). */
export const impersonationRoutes = {
  impersonate: defineRoute({
    method: 'POST',
    path: '/auth/impersonate',
    summary:
      'Act as another user (the domain rule canImpersonate: an admin who may manage the target role; a super admin ' +
      'only by a super admin). 404 for unknown users and users of another site (aggregators); audited',
    tags: ['auth'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    body: formBody(z.strictObject({ userId: z.number().int().positive() })),
    data: z.object({ user: authUserSchema }),
  }),
  unimpersonate: defineRoute({
    method: 'POST',
    path: '/auth/unimpersonate',
    summary:
      'Stop acting as another user and answer the real user (also when no impersonation was active); audited',
    tags: ['auth'],
    access: { kind: 'session' },
    data: z.object({ user: authUserSchema }),
  }),
} as const;

/** A configured OpenID Connect provider, for a sign-in button. */
export const oidcProviderSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'OidcProvider' });
/** A configured OpenID Connect provider. */
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

/**
 * Browser navigation (not fetch) that starts a social sign-in: 302 to the provider, back to the callback, then 302
 * to `redirect` (a same-origin path; `/` otherwise). Not a JSON route, so not in {@link routes}.
 */
export const OIDC_START_PATH = '/api/auth/oidc/:provider/start';
/** Where the provider sends the browser back (register this URL at the provider). */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/:provider/callback';

/** The start URL for a provider's sign-in button. */
export function oidcStartUrl(providerId: string, redirect?: string): string {
  const path = OIDC_START_PATH.replace(':provider', encodeURIComponent(providerId));
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}

/**
 * When a social sign-in fails, the callback sends the browser to `/auth/login?oidcError=<code>`; the message key
 * is `oidc.errors.<code>`.
 */
export const OIDC_ERROR_CODES = [
  'UNKNOWN_PROVIDER',
  'CANCELLED',
  'EMAIL_NOT_VERIFIED',
  'FAILED',
] as const;
/** One of {@link OIDC_ERROR_CODES}. */
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** Social sign-in providers. */
export const oidcRoutes = {
  providers: defineRoute({
    method: 'GET',
    path: '/auth/oidc/providers',
    summary:
      'Configured OpenID Connect providers (empty when none); a button each, linking to /api/auth/oidc/{id}/start',
    tags: ['auth'],
    access: { kind: 'public' },
    data: z.object({ providers: z.array(oidcProviderSchema) }),
  }),
} as const;

/** Confirmation actions (spec 001 §2): only LOCATION_INVITE exists. */
export const CONFIRMATION_ACTIONS = ['LOCATION_INVITE'] as const;

/** The confirmation flow (`?confirmationAction=…&confirmationId=N`). */
export const securityRoutes = {
  validateConfirmation: defineRoute({
    method: 'POST',
    path: '/security/validate-confirmation',
    summary:
      "Accept a pending, unexpired location invitation addressed to the signed-in user's e-mail; answers the " +
      'location. Otherwise 404 or 422 with location_invite.error; 403 impersonation.not_while_impersonating while ' +
      'an administrator acts as the user',
    tags: ['security'],
    access: { kind: 'session' },
    body: formBody(
      z.strictObject({
        id: z.number().int().positive().max(2_147_483_647),
        action: z.enum(CONFIRMATION_ACTIONS),
      }),
    ),
    data: z.object({
      // The location id is null until locations exist (organisation issue).
      location: z.object({ id: z.number().int().nullable(), name: z.string() }),
    }),
  }),
} as const;

/** Administration. */
export const adminRoutes = {
  auditLog: defineRoute({
    method: 'GET',
    path: '/admin/audit-log',
    summary: 'The audit log (impersonation start and stop), newest first, paged',
    tags: ['admin'],
    access: { kind: 'session', roles: ['ROLE_SUPER_ADMIN'] },
    query: logPagingQuery,
    data: z.object({
      entries: z.array(auditEntrySchema),
      ...logPage,
    }),
  }),
} as const;

/** A message in the development mailbox (list view). */
export const mailboxEntrySchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'MailboxEntry' });

/**
 * The development mailbox: mail the server would have sent, when no SMTP_URL is set. Enabled by default only for
 * the embedded set-up (DEV_MAILBOX), never in production. It answers only requests from the server's own machine
 * (loopback socket, not relayed by a proxy) of a signed-in super admin, or of anyone there with DEV_MAILBOX=open;
 * every other request gets 404 like an unknown route.
 */
export const devRoutes = {
  mailbox: defineRoute({
    method: 'GET',
    path: '/dev/mailbox',
    summary:
      'Recent messages of the development mailbox, newest first. Only from the loopback interface, for a ' +
      'signed-in super admin (or anyone with DEV_MAILBOX=open); 404 otherwise and when disabled',
    tags: ['dev'],
    access: { kind: 'public' },
    data: z.object({ messages: z.array(mailboxEntrySchema) }),
  }),
  mailboxMessage: defineRoute({
    method: 'GET',
    path: '/dev/mailbox/:id',
    summary:
      'One message of the development mailbox with its text and HTML. Only from the loopback interface, for a ' +
      'signed-in super admin (or anyone with DEV_MAILBOX=open); 404 otherwise and when disabled',
    tags: ['dev'],
    access: { kind: 'public' },
    params: idParams,
    data: z.object({
      message: mailboxEntrySchema.extend({
        from: z.string(),
        text: z.string(),
        html: z.string(),
        /** Absolute links found in the text, in order (the verification or reset link first). */
        links: z.array(z.string()),
      }),
    }),
  }),
} as const;
