import { Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page of a paged list as the API answers it (`page` is 1-based, `total` counts all pages' items). */
export interface ListPageInfo {
  items: readonly unknown[];
  page: number;
  pageSize: number;
  total: number;
}

/** "Showing 26–50 of 120" above a page of a list; `textKey` takes `from`, `to` and `total`. */
export function PageSummary({ textKey, list }: { textKey: string; list: ListPageInfo }) {
  const { t } = useTranslation();
  const first = (list.page - 1) * list.pageSize;
  return (
    <Text size="sm" c="dimmed" role="status">
      {t(textKey, { from: first + 1, to: first + list.items.length, total: list.total })}
    </Text>
  );
}

/** The page numbers below a paged list, each named for screen readers; nothing when all fits on one page. */
export function ListPagination({
  list,
  onPage,
}: {
  list: ListPageInfo;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={list.page}
      onChange={onPage}
      siblings={1}
      boundaries={1}
      getItemProps={(n) => ({ 'aria-label': t('admin_search.page_n', { page: n }) })}
      getControlProps={(control) => ({ 'aria-label': t(`admin_search.page_${control}`) })}
    />
  );
}
