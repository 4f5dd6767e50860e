import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { IconAlertTriangle } from '../../../shared/ui/icons.ts';
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
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('admin_search.load_error')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{submitErrorText(query.error, t, 'errors.INTERNAL')}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { items, total, page, pageSize } = query.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
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
      <Text size="sm" c="dimmed" role="status">
        {t('admin_search.showing', {
          from: (page - 1) * pageSize + 1,
          to: (page - 1) * pageSize + items.length,
          total,
        })}
      </Text>
      <ul className={classes.list} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <Paper withBorder radius="md" p="md">
              {renderItem(item)}
            </Paper>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          getItemProps={(n) => ({ 'aria-label': t('admin_search.page_n', { page: n }) })}
          getControlProps={(control) => ({
            'aria-label': t(`admin_search.page_${control}`),
          })}
        />
      )}
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
