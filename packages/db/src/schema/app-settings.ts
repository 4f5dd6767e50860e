import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide values the server generates once and shares between instances (e.g. the session secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
