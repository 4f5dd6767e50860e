import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LOCALES, THEMES, type Locale, type ThemeName } from '@ec/domain';

/** Per-locale catalog fragments that replace the shipped translations for one site. */
export type TranslationOverrides = Partial<Record<Locale, Record<string, unknown>>>;

/** Whether a site is serving normally or shows a maintenance notice. */
export type SiteStatus = 'normal' | 'maintenance';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** White-label brands (spec 001 §3 Site info). A request resolves to one by identifier, then host. */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    identifier: text('identifier').notNull().unique(),
    /** Host names (no port, lower case) that select this site. */
    hosts: text('hosts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    platformName: text('platform_name').notNull().default('Cloud'),
    productName: text('product_name').notNull(),
    theme: text('theme').$type<ThemeName>().notNull().default('default'),
    logo: text('logo'),
    favicon: text('favicon'),
    supportEmail: text('support_email').notNull(),
    termsUrl: text('terms_url'),
    privacyUrl: text('privacy_url'),
    status: text('status').$type<SiteStatus>().notNull().default('normal'),
    maintenanceMessage: text('maintenance_message'),
    defaultLocale: text('default_locale').$type<Locale>().notNull().default('sl'),
    analyticsScriptUrl: text('analytics_script_url'),
    translationOverrides: jsonb('translation_overrides')
      .$type<TranslationOverrides>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set on every drizzle update, so caches keyed by it (e.g. merged translations) see each change.
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('sites_theme_check', sql`${t.theme} in (${quoted(THEMES)})`),
    check('sites_status_check', sql`${t.status} in ('normal', 'maintenance')`),
    check('sites_default_locale_check', sql`${t.defaultLocale} in (${quoted(LOCALES)})`),
    check('sites_identifier_check', sql`${t.identifier} ~ '^[a-z0-9][a-z0-9-]*$'`),
  ],
);
