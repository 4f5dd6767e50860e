export * from './client.ts';
export * from './migrate.ts';
export * from './schema/index.ts';
// The query operators the server's repositories need, so they use the same drizzle-orm instance as the schema.
export {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  ilike,
  isNotNull,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  not,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
export type { InferInsertModel, InferSelectModel, SQL } from 'drizzle-orm';
