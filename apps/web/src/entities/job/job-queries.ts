import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FailedJob } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';
import { PAGE_SIZE, type ListPage } from '../../shared/api/paging.ts';

// The background job queue as super admins see it (GET /api/admin/jobs/failed, the dead-letter list).

/** The job query-key family. */
export const jobKeys = {
  /** Root: every job-queue query. */
  all: ['jobs'] as const,
  /** Prefix of every page of the dead-letter list. */
  failed: () => [...jobKeys.all, 'failed'] as const,
};

/** GET /api/admin/jobs/failed?page&pageSize — one page of the dead-letter list, newest first. */
export function failedJobsQueryOptions(page: number, pageSize = PAGE_SIZE) {
  const query = { page, pageSize };
  return queryOptions({
    queryKey: [...jobKeys.failed(), query] as const,
    queryFn: async ({ signal }): Promise<ListPage<FailedJob>> => {
      const data = await api(routes.jobs.failed, { signal, query });
      return { items: data.jobs, total: data.total, page: data.page, pageSize: data.pageSize };
    },
    placeholderData: keepPreviousData,
  });
}
