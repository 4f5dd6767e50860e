import type { ReactNode } from 'react';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../api/global-settings-api.ts';
import { Pager } from './pager.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import type { useListFilter } from './use-list-filter.ts';
import classes from './global-settings.module.css';

/** One page of a paged list answer. */
type Paged<T> = { items: T[]; page: number; total: number };

/**
 * A company's searchable, paged list (locations, controllers): the company name above the title, a search box,
 * and the list with its loading, failed, empty and no-match states. `keys` is the catalog prefix holding
 * `load_error`, `empty`, `no_match`, `search` and `search_placeholder`.
 */
export function CompanyListPage<T extends { id: number }>({
  companyName,
  title,
  keys,
  filter,
  list,
  renderRow,
}: {
  companyName: string | undefined;
  title: string;
  keys: string;
  filter: ReturnType<typeof useListFilter>;
  list: UseQueryResult<Paged<T>>;
  renderRow: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
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
          {list.data.items.map(renderRow)}
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
      <div>
        <Text size="sm" c="dimmed">
          {companyName ?? '…'}
        </Text>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
      </div>
      <TextInput
        type="search"
        label={t(`${keys}.search`)}
        placeholder={t(`${keys}.search_placeholder`)}
        value={filter.text}
        onChange={(event) => filter.setText(event.currentTarget.value)}
      />
      {body}
    </Stack>
  );
}
