import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { locations } from './organisation.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** What a one-time token is for. */
export type UserTokenPurpose = 'verify_email' | 'reset_password';

/**
 * One-time tokens sent by e-mail (verification 24 h, password reset 1 h). Like sessions, only the SHA-256 (hex) of
 * the random 256-bit token is stored; `used_at` makes them single-use.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<UserTokenPurpose>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_tokens_user_id_idx').on(t.userId),
    index('user_tokens_expires_at_idx').on(t.expiresAt),
    check('user_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/**
 * Fixed-window counters for rate limits, shared by every instance: one row per key and window start, incremented
 * with an upsert. Old windows are deleted now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limits_window_start_idx').on(t.windowStart),
  ],
);

/** Mail the server would have sent when no SMTP server is configured (the development mailbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

/** Audited actions. */
export type AuditAction =
  'IMPERSONATION_START' | 'IMPERSONATION_STOP' | 'CONTROLLER_SECRET_ROTATED';

/**
 * Security-relevant actions (impersonation start and stop, controller secret rotations). The people are referenced
 * and also copied (e-mail, name), so an entry still says who it was after an account is deleted; `subject` names
 * what the action was about when that is no person (a controller).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    action: text('action').$type<AuditAction>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    targetId: integer('target_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email'),
    targetName: text('target_name'),
    subject: text('subject'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_id_idx').on(t.actorId),
    index('audit_log_target_id_idx').on(t.targetId),
    check(
      'audit_log_action_check',
      sql`${t.action} in ('IMPERSONATION_START', 'IMPERSONATION_STOP', 'CONTROLLER_SECRET_ROTATED')`,
    ),
  ],
);

/** States of an invitation (spec 001 §4 label-only states). */
export type InvitationStatus = 'pending' | 'confirmed' | 'expired' | 'revoked';

/**
 * Invitations to a location (spec 001 §2 confirmation flow, LOCATION_INVITE). The location's name is copied so an
 * invitation still reads right after a rename or in the invitee's data export.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased, compared with the signed-in user's e-mail. */
    email: text('email').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    locationName: text('location_name').notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    index('invitations_location_id_idx').on(t.locationId),
    check('invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'invitations_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'expired', 'revoked')`,
    ),
  ],
);

/**
 * A started OpenID Connect sign-in: PKCE verifier, nonce and where to return, keyed by the SHA-256 of the `state`
 * sent to the provider. Deleted when the callback uses it; expires after 10 minutes.
 */
export const oidcStates = pgTable(
  'oidc_states',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirect: text('redirect').notNull(),
    /** The site the sign-in started on: a first sign-in creates the account there. */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_states_expires_at_idx').on(t.expiresAt)],
);

/** A provider account linked to a user (by the provider's `sub`, never again by e-mail once linked). */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('oidc_identities_user_id_idx').on(t.userId),
  ],
);
