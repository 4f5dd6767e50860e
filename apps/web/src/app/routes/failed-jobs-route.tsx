import { FailedJobs } from '../../features/failed-jobs/components/failed-jobs.tsx';

/** /admin/jobs (super admin only, ROUTE_ACCESS in @ec/domain): the job queue's dead-letter list. */
export function FailedJobsRoute() {
  return <FailedJobs />;
}
