import { z } from 'zod';
import { DEVICE_CATEGORIES, DEVICE_STATUSES } from '@ec/domain';
import { nameText, singleLineText } from './text.ts';

// Building blocks shared by the contract modules: ids, paging, name and text limits, timestamps and the small
// summaries of users, controllers and devices that many answers embed. A module defines only what is its own.
// Schemas here carry no `.meta({ id })` unless they already had one, so the OpenAPI document inlines them as before.

/** Largest id the database holds (PostgreSQL `integer`); a larger number is bad input (400), never a 500. */
export const MAX_ID = 2_147_483_647;

/** An id inside a request body: a positive 32-bit integer. */
export const idSchema = z.number().int().positive().max(MAX_ID);

/**
 * An id in the path: digits only, no leading zero, parsed to a positive integer. Stricter than
 * `z.coerce.number()`, which would also take `0x10`, `1e3` or ` 7` as ids.
 */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(MAX_ID));

/**
 * An id filter in a query string (`?companyId=7`), coerced from text. Laxer than {@link idParam} (it takes `1e3`,
 * but still only a positive 32-bit integer) because the web client's typed queries hold numbers.
 */
export const idQuery = z.coerce.number().int().positive().max(MAX_ID);

/** Path parameters of a route on one entity: `/…/:id`. */
export const idParams = z.strictObject({ id: idParam });

/** A timestamp as ISO 8601 text in UTC. */
export const isoDateTime = z.string().meta({ format: 'date-time' });

/** Longest name of a company, location group, location, device group or device, as typed. */
export const NAME_MAX = 100;
/** Longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** Longest search text of a list filter (`q`). */
export const SEARCH_TEXT_MAX = 100;

/** A required entity name (1–{@link NAME_MAX} characters, the name rules of `nameText`). */
export const entityNameSchema = nameText().min(1).max(NAME_MAX);

/** A list filter's optional search text. */
export const searchTextSchema = singleLineText().max(SEARCH_TEXT_MAX).optional();

/** Largest page size a list answers; the default is up to the route (usually 25). */
export const PAGE_SIZE_MAX = 100;

/**
 * Paging of a list route's query: `page` (1-based) and `pageSize` (1–{@link PAGE_SIZE_MAX}), both optional. Spread
 * into the route's query object: `z.strictObject({ q: searchTextSchema, ...pagingQuery })`.
 */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
};

/** Largest page of an administration log (audit log, failed jobs). */
export const LOG_PAGE_SIZE_MAX = 200;

/** The query of an administration log: `page` (1-based) and `pageSize` up to {@link LOG_PAGE_SIZE_MAX}. */
export const logPagingQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(LOG_PAGE_SIZE_MAX).optional(),
});

/** The paging fields of an administration log's answer, spread beside its rows: `{ entries: [...], ...logPage }`. */
export const logPage = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};

/** A page of a list: the items, the total over all pages, and the page and page size used. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** The action flags a user has on a resource (OR over every grant). */
export const actionFlagsSchema = z
  .object({ view: z.boolean(), edit: z.boolean(), manage: z.boolean() })
  .meta({ id: 'ActionFlags' });
/** Effective action flags. */
export type ActionFlags = z.infer<typeof actionFlagsSchema>;

/** A reference to a named entity (company, group, location, device group). */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The fields every user summary has: who, by name and address. */
export const userSummaryShape = {
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
};

/** A user named in an answer (an owner, a member). */
export const userSummarySchema = z.object(userSummaryShape);
/** A user summary. */
export type UserSummary = z.infer<typeof userSummarySchema>;

/** A controller ("oem device") named in an answer: its id, alias and serial. */
export const controllerRefSchema = z.object({
  id: z.number().int(),
  alias: z.string().nullable(),
  serial: z.string(),
});

/** The fields every device summary starts with: id, name, category and status. */
export const deviceSummaryShape = {
  id: z.number().int(),
  name: z.string(),
  category: z.enum(DEVICE_CATEGORIES),
  status: z.enum(DEVICE_STATUSES),
};
