import { z } from 'zod';
import { defineRoute } from './http.ts';
import { isoDateTime, logPage, logPagingQuery } from './common.ts';

/**
 * A background job that failed after all its retries (the dead-letter list). Its payload is not shown: it may hold
 * one-time links or other secrets.
 */
export const failedJobSchema = z
  .object({
    id: z.string(),
    /** The queue, e.g. `mail.send`. */
    queue: z.string(),
    /** Runs made: the first plus its retries. */
    attempts: z.number().int(),
    createdAt: isoDateTime,
    failedAt: isoDateTime.nullable(),
    /** The last error's message (at most 500 characters). */
    error: z.string(),
  })
  .meta({ id: 'FailedJob' });
/** A failed job in the dead-letter list. */
export type FailedJob = z.infer<typeof failedJobSchema>;

/** The background job queue (docs/decisions/0015). */
export const jobRoutes = {
  failed: defineRoute({
    method: 'GET',
    path: '/admin/jobs/failed',
    summary:
      'The dead-letter list: background jobs (e.g. mail) that failed after all their retries, newest first, ' +
      'paged; kept 14 days',
    tags: ['admin'],
    access: { kind: 'session', roles: ['ROLE_SUPER_ADMIN'] },
    query: logPagingQuery,
    data: z.object({
      jobs: z.array(failedJobSchema),
      ...logPage,
    }),
  }),
} as const;
