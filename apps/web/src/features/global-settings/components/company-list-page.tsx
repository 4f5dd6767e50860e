import type { ReactNode } from 'react';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companyQueryOptions } from '../../../entities/company/index.ts';
import { PAGE_SIZE, type ListFilter, type ListPage } from '../../../shared/api/paging.ts';
import { Pager } from './pager.tsx';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from './states.tsx';
import { useListFilter } from './use-list-filter.ts';
import classes from './global-settings.module.css';

/**
 * A company's searchable, paged list (users, locations, controllers): the company name above the title (with an
 * optional action next to them), a search box, and the list with its loading, failed, empty and no-match
 * states. A missing company id or a company that cannot be loaded shows "not found" or the failure instead.
 * `keys` is the catalog prefix holding `load_error`, `empty`, `no_match`, `search` and `search_placeholder`;
 * `children` go after the list (the page's dialogs).
 */
export function CompanyListPage<T extends { id: number }, K extends QueryKey>({
  companyId,
  title,
  keys,
  listQuery,
  renderRow,
  action,
  children,
}: {
  companyId: number | null;
  title: string;
  keys: string;
  /** The list's query for a company and the settled search text and page. */
  listQuery: (
    companyId: number,
    filter: ListFilter,
  ) => UseQueryOptions<ListPage<T>, Error, ListPage<T>, K>;
  renderRow: (item: T, companyId: number) => ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const filter = useListFilter();
  const enabled = companyId !== null;
  const company = useQuery({ ...companyQueryOptions(companyId ?? 0), enabled });
  const list = useQuery({
    ...listQuery(companyId ?? 0, { q: filter.q, page: filter.page }),
    enabled,
  });
  if (companyId === null) return <NotFoundState />;
  if (company.isError)
    return <ErrorState error={company.error} onRetry={() => void company.refetch()} />;

  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) {
    body = (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        errorKey={`${keys}.load_error`}
      />
    );
  } else if (list.data.items.length === 0) {
    body = <EmptyState title={t(filter.q ? `${keys}.no_match` : `${keys}.empty`)} />;
  } else {
    body = (
      <>
        <ul className={classes.list} aria-label={title} aria-busy={list.isPlaceholderData}>
          {list.data.items.map((item) => renderRow(item, companyId))}
        </ul>
        <Pager
          page={list.data.page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={filter.setPage}
        />
      </>
    );
  }
  return (
    <Stack className={classes.page}>
      <div className={classes.toolbar}>
        <div>
          <Text size="sm" c="dimmed">
            {company.data?.name ?? '…'}
          </Text>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
        </div>
        {action}
      </div>
      <TextInput
        type="search"
        label={t(`${keys}.search`)}
        placeholder={t(`${keys}.search_placeholder`)}
        value={filter.text}
        onChange={(event) => filter.setText(event.currentTarget.value)}
      />
      {body}
      {children}
    </Stack>
  );
}
