import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LOCALES, ROLES, type Locale, type Role } from '@ec/domain';
import { sites } from './sites.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** People who sign in. E-mail addresses are stored lower-cased, so the unique index is case-insensitive. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    /** argon2id PHC string; null for accounts that only sign in through a social provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('ROLE_USER'),
    locale: text('locale').$type<Locale>().notNull().default('sl'),
    /** The site (brand) the account belongs to. */
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set on every drizzle update, so caches keyed by it (e.g. merged translations) see each change.
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in (${quoted(ROLES)})`),
    check('users_locale_check', sql`${t.locale} in (${quoted(LOCALES)})`),
    index('users_site_id_idx').on(t.siteId),
  ],
);
