import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPagination, PageSummary } from '../../../shared/ui/list-paging.tsx';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert.tsx';
import { LoadingState } from '../../../shared/ui/states.tsx';
import classes from './search-results.module.css';

/** A page of results as the search answers it. */
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A page of search results with its states: loading, failed (with Try again), nothing found, and the pages below
 * the list.
 */
export function ResultList<T extends { id: number }>({
  query,
  label,
  renderItem,
  onPage,
}: {
  query: UseQueryResult<Page<T>>;
  /** Names the list for screen readers. */
  label: string;
  renderItem: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <LoadErrorAlert
        title={t('admin_search.load_error')}
        retry={{ error: query.error, onRetry: () => void query.refetch() }}
      />
    );
  }
  const { items, page } = query.data;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Text ta="center" c="dimmed">
          {page > 1 ? t('admin_search.page_empty') : t('admin_search.no_results')}
        </Text>
        {page > 1 && (
          <Group justify="center" mt="sm">
            <Button variant="light" size="xs" onClick={() => onPage(1)}>
              {t('admin_search.first_page')}
            </Button>
          </Group>
        )}
      </Paper>
    );
  }
  return (
    <Stack gap="md" aria-busy={query.isFetching || undefined}>
      <PageSummary textKey="admin_search.showing" list={query.data} />
      <ul className={classes.list} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <Paper withBorder radius="md" p="md">
              {renderItem(item)}
            </Paper>
          </li>
        ))}
      </ul>
      <ListPagination list={query.data} onPage={onPage} />
    </Stack>
  );
}

/** A result's facts as a description list (label: value). */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode] | false)[] }) {
  return (
    <dl className={classes.facts}>
      {items
        .filter((item): item is readonly [string, ReactNode] => item !== false)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
