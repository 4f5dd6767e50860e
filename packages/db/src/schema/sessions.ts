import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Server-side sign-in records. The cookie carries a random 256-bit token; only its SHA-256 (hex) is stored, so a
 * database leak does not hand out live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * While the signed-in user (`user_id`, the impersonator) acts as someone else: that user. Deleting them ends
     * the impersonation, not the session.
     */
    impersonatedUserId: integer('impersonated_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_impersonated_user_id_idx').on(t.impersonatedUserId),
  ],
);
