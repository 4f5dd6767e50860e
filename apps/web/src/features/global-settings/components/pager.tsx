import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './global-settings.module.css';

/** Previous / next page of a paged list with "x–y of total"; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav className={classes.pager} aria-label={t('global_settings.pages')}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('global_settings.showing', { from, to, total })}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('global_settings.previous_page')}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
        >
          {t('global_settings.next_page')}
        </Button>
      </Group>
    </nav>
  );
}
