import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FailedJob } from '@ec/contract';
import { isLocale } from '@ec/domain';
import { formatDateTime } from '@ec/i18n';
import { failedJobsQueryOptions } from '../../../entities/job/index.ts';
import { ListPagination, PageSummary } from '../../../shared/ui/list-paging.tsx';
import listClasses from '../../../shared/ui/list.module.css';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert.tsx';
import { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';
import classes from './failed-jobs.module.css';

/** The page in `?page=` (1 when missing or not a positive whole number). */
function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (value: string) => formatDateTime(locale, value);
}

function JobRow({ job }: { job: FailedJob }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="failed-job">
      <Stack gap="xs">
        <Text fw={600} className={classes.queue}>
          {job.queue}
        </Text>
        <dl className={classes.facts}>
          <div className={classes.fact}>
            <Text component="dt" size="sm" c="dimmed">
              {t('failed_jobs.attempts')}
            </Text>
            <Text component="dd" size="sm">
              {job.attempts}
            </Text>
          </div>
          <div className={classes.fact}>
            <Text component="dt" size="sm" c="dimmed">
              {t('failed_jobs.created')}
            </Text>
            <Text component="dd" size="sm">
              <time dateTime={job.createdAt}>{dateTime(job.createdAt)}</time>
            </Text>
          </div>
          <div className={classes.fact}>
            <Text component="dt" size="sm" c="dimmed">
              {t('failed_jobs.failed')}
            </Text>
            <Text component="dd" size="sm">
              {job.failedAt ? (
                <time dateTime={job.failedAt}>{dateTime(job.failedAt)}</time>
              ) : (
                t('failed_jobs.unknown_time')
              )}
            </Text>
          </div>
        </dl>
        <div>
          <Text size="sm" c="dimmed" id={`failed-job-error-${job.id}`}>
            {t('failed_jobs.last_error')}
          </Text>
          <Code block className={classes.error} aria-labelledby={`failed-job-error-${job.id}`}>
            {job.error}
          </Code>
        </div>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/jobs (super admin only): the job queue's dead-letter list — jobs that failed after all their retries,
 * newest first, paged (the page lives in `?page=`). The server never sends a job's payload.
 */
export function FailedJobs() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const list = useQuery(failedJobsQueryOptions(page));

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });

  return (
    <Stack gap="md">
      <Title order={1}>{t('route_titles.failed_jobs')}</Title>
      <Text size="sm" c="dimmed">
        {t('failed_jobs.intro')}
      </Text>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <LoadErrorAlert
          title={t('failed_jobs.load_error')}
          retry={{ error: list.error, onRetry: () => void list.refetch() }}
        />
      ) : list.data.total === 0 ? (
        <EmptyState title={t('failed_jobs.empty')} />
      ) : (
        <>
          <PageSummary textKey="failed_jobs.showing" list={list.data} />
          <ul className={listClasses.list} aria-label={t('route_titles.failed_jobs')}>
            {list.data.items.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
          <ListPagination list={list.data} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
