export { failedJobsQueryOptions, jobKeys } from './job-queries.ts';
