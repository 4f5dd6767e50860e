import type { jobRoutes } from '@ec/contract';
import type { GroupHandlers } from '../plugins/contract-routes.ts';
import type { JobQueue } from './queue.ts';

/** Failed jobs per page unless the query says otherwise. */
export const FAILED_JOBS_PAGE_SIZE = 50;

/** Handlers of the job-queue routes (super admins only, declared in the contract). */
export function jobHandlers(jobs: JobQueue): GroupHandlers<typeof jobRoutes> {
  return {
    async failed({ query, reply, actor }) {
      reply.header('cache-control', 'no-store');
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? FAILED_JOBS_PAGE_SIZE;
      // The route requires a super admin's session, so the actor is set; their site bounds what they see.
      const siteId = actor?.user.siteId ?? -1;
      const { jobs: found, total } = await jobs.failed(page, pageSize, { siteId });
      return {
        jobs: found.map((job) => ({
          ...job,
          createdAt: job.createdAt.toISOString(),
          failedAt: job.failedAt?.toISOString() ?? null,
        })),
        page,
        pageSize,
        total,
      };
    },
  };
}
