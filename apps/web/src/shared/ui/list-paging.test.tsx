import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ListPagination, PageSummary } from './list-paging.tsx';

const i18n = createTestI18n('en', {
  en: {
    showing: '{{from}}–{{to}} of {{total}}',
    admin_search: {
      page_n: 'Page {{page}}',
      page_next: 'Next page',
      page_previous: 'Previous page',
      page_first: 'First page',
      page_last: 'Last page',
    },
  },
});

describe('PageSummary', () => {
  it('says which items of all the page shows', () => {
    renderWithProviders(
      <PageSummary
        textKey="showing"
        list={{ items: new Array(25), page: 2, pageSize: 25, total: 60 }}
      />,
      { i18n },
    );
    expect(screen.getByRole('status')).toHaveTextContent('26–50 of 60');
  });
});

describe('ListPagination', () => {
  it('names the pages and goes to the one picked', async () => {
    const onPage = vi.fn();
    renderWithProviders(
      <ListPagination list={{ items: [], page: 1, pageSize: 25, total: 60 }} onPage={onPage} />,
      {
        i18n,
      },
    );
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('is not there when everything fits on one page', () => {
    renderWithProviders(
      <ListPagination list={{ items: [], page: 1, pageSize: 25, total: 25 }} onPage={vi.fn()} />,
      {
        i18n,
      },
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
