import { Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Where a page of a paged list stands. */
export interface PageInfo {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Items on all pages. */
  total: number;
}

/** "Showing 26–50 of 120" above a page of `count` items; `textKey` takes `from`, `to` and `total`. */
export function PageSummary({
  textKey,
  page,
  pageSize,
  total,
  count,
}: PageInfo & { textKey: string; count: number }) {
  const { t } = useTranslation();
  const first = (page - 1) * pageSize;
  return (
    <Text size="sm" c="dimmed" role="status">
      {t(textKey, { from: first + 1, to: first + count, total })}
    </Text>
  );
}

/** The page numbers below a paged list, each named for screen readers; nothing when all fits on one page. */
export function ListPagination({
  page,
  pageSize,
  total,
  onPage,
}: PageInfo & { onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onPage}
      siblings={1}
      boundaries={1}
      getItemProps={(n) => ({ 'aria-label': t('admin_search.page_n', { page: n }) })}
      getControlProps={(control) => ({ 'aria-label': t(`admin_search.page_${control}`) })}
    />
  );
}
