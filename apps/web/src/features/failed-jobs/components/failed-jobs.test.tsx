import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FailedJob } from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { FailedJobs } from './failed-jobs.tsx';

const i18n = createTestI18n();

function job(n: number, extra: Partial<FailedJob> = {}): FailedJob {
  return {
    id: String(n),
    queue: 'mail.send',
    attempts: 5,
    createdAt: '2026-03-01T08:00:00.000Z',
    failedAt: '2026-03-01T09:30:00.000Z',
    error: `SMTP 550 mailbox unavailable #${n}`,
    ...extra,
  };
}

/** GET /api/admin/jobs/failed answering `total` jobs, `pageSize` a page (numbered from 1 by the query). */
function failedApi(total: number): FakeRoute {
  return ({ method, path, url }) => {
    if (method !== 'GET' || path !== '/api/admin/jobs/failed') return undefined;
    const page = Number(url.searchParams.get('page') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '25');
    const first = (page - 1) * pageSize;
    const jobs = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) =>
      job(first + i + 1),
    );
    return json(200, { data: { jobs, page, pageSize, total } });
  };
}

function renderPage(path = '/admin/jobs') {
  return renderWithProviders(<FailedJobs />, { i18n, path });
}

describe('the dead-letter list', () => {
  it('lists failed jobs: queue, attempts, times in the locale, the last error', async () => {
    const calls = fakeFetch(failedApi(2));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Failed jobs' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    const [row, ...rest] = within(list).getAllByRole('listitem');
    expect(rest).toHaveLength(1);
    if (!row) throw new Error('no first row');
    const first = within(row);
    expect(first.getByText('mail.send')).toBeInTheDocument();
    expect(first.getByText('Attempts')).toBeInTheDocument();
    expect(first.getByText('5')).toBeInTheDocument();
    const created = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(first.getByText(created.format(new Date('2026-03-01T08:00:00.000Z')))).toHaveAttribute(
      'datetime',
      '2026-03-01T08:00:00.000Z',
    );
    expect(first.getByText('SMTP 550 mailbox unavailable #1').tagName).toBe('PRE');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    // One page: no page numbers.
    expect(screen.queryByRole('button', { name: /page 2/i })).not.toBeInTheDocument();
    expect(calls.map((c) => c.call)).toEqual(['GET /api/admin/jobs/failed?page=1&pageSize=25']);
  });

  it('says when a job has no failure time', async () => {
    fakeFetch(
      answer('GET', '/api/admin/jobs/failed', 200, {
        data: { jobs: [job(1, { failedAt: null })], page: 1, pageSize: 25, total: 1 },
      }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    expect(within(list).getByText('Unknown')).toBeInTheDocument();
  });

  it('shows "No failed jobs" when the list is empty', async () => {
    fakeFetch(failedApi(0));
    renderPage();
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the error with Try again, which loads the list again', async () => {
    let fail = true;
    fakeFetch(
      (request) =>
        fail && request.path === '/api/admin/jobs/failed'
          ? json(500, apiError('INTERNAL', 'errors.INTERNAL'))
          : undefined,
      failedApi(1),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The failed jobs could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Failed jobs' })).toBeInTheDocument();
  });

  it('pages: the page is kept in ?page= and the next page is asked for', async () => {
    const calls = fakeFetch(failedApi(30));
    const { router } = renderPage();
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(within(list).getByText('SMTP 550 mailbox unavailable #26')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toContain('GET /api/admin/jobs/failed?page=2&pageSize=25');
  });

  it('opens the page in ?page=', async () => {
    const calls = fakeFetch(failedApi(30));
    renderPage('/admin/jobs?page=2');
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toEqual(['GET /api/admin/jobs/failed?page=2&pageSize=25']);
  });
});
