import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LOCALES, ROLES, type Locale, type Role } from '@ec/domain';
import { companies } from './organisation.ts';
import { sites } from './sites.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** How an account came to be (see the contract's USER_TYPES). */
export type UserType = 'REGISTERED' | 'SOCIAL' | 'PROVISIONED';
/** The user's colour-scheme choice. */
export type ThemePreference = 'light' | 'dark' | 'auto';
/** Kinds of spot-market region codes. */
export type SpotRegionType = 'EIC' | 'AGILE';

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
    /** The company the user belongs to (aggregators manage it; spec 000 §3 User.company). */
    companyId: integer('company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    /** REGISTERED (self-service), SOCIAL (first OpenID Connect sign-in) or PROVISIONED (admin, seed). */
    type: text('type').$type<UserType>().notNull().default('PROVISIONED'),
    /** When the e-mail address was confirmed; null = unverified (sign-in refused until verified). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: text('country_code'),
    themePreference: text('theme_preference').$type<ThemePreference>().notNull().default('auto'),
    spotRegionCode: text('spot_region_code'),
    spotRegionType: text('spot_region_type').$type<SpotRegionType>(),
    /** null until the user answers (spec 001 §4 marketing banner). */
    marketingConsent: boolean('marketing_consent'),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
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
    index('users_company_id_idx').on(t.companyId),
    check('users_type_check', sql`${t.type} in ('REGISTERED', 'SOCIAL', 'PROVISIONED')`),
    check('users_theme_preference_check', sql`${t.themePreference} in ('light', 'dark', 'auto')`),
    check('users_country_code_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check(
      'users_spot_region_check',
      sql`(${t.spotRegionCode} is null and ${t.spotRegionType} is null) or (${t.spotRegionCode} is not null and ${t.spotRegionType} in ('EIC', 'AGILE'))`,
    ),
  ],
);
