import { useId } from 'react';
import { Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import type { UrlStateChange } from '../../../shared/routing/use-url-state-changes.ts';
import { useDebouncedText } from '../../../shared/ui/use-debounced-text.ts';
import { CompanySelect } from '../../companies/index.ts';
import {
  SEARCH_KINDS,
  toggleType,
  type SearchFilters,
  type SearchKind,
} from '../search-filters.ts';
import { kindLabelKey } from './search-kind.ts';
import classes from './search-filter-panel.module.css';

export interface SearchFilterPanelProps {
  filters: SearchFilters;
  /** A change of the filters, applied to the filters the change before it left. */
  onChange: (change: UrlStateChange<SearchFilters>) => void;
}

/**
 * The admin search's filter panel (shown in the sidebar, spec 000 §2): the text query (searched after a short
 * pause), the company, and the four result types as switches of which at least one stays on (spec 001 §4). Every
 * change starts again at page 1. Its back button is the sidebar footer's Back, which every signed-in page has and
 * which stays when the collapsed sidebar hides this panel.
 */
export function SearchFilterPanel({ filters, onChange }: SearchFilterPanelProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [text, setText] = useDebouncedText(filters.q, (q) =>
    onChange((current) => ({ ...current, q, page: 1 })),
  );

  const flip = (kind: SearchKind) =>
    onChange((current) => ({ ...current, types: toggleType(current.types, kind), page: 1 }));

  return (
    <div className={classes.panel} data-testid="admin-search-filters">
      <TextInput
        type="search"
        label={t('admin_search.query')}
        placeholder={t('admin_search.query_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <CompanySelect
        label={t('admin_search.company')}
        placeholder={t('admin_search.all_companies')}
        clearable
        value={filters.companyId}
        onChange={(companyId) => onChange((current) => ({ ...current, companyId, page: 1 }))}
      />
      <fieldset className={classes.types} aria-describedby={hintId}>
        <legend className={classes.legend}>{t('admin_search.types')}</legend>
        {SEARCH_KINDS.map((kind) => {
          const on = filters.types.includes(kind);
          const last = on && filters.types.length === 1;
          return (
            <Switch
              key={kind}
              label={t(kindLabelKey(kind))}
              checked={on}
              disabled={last}
              onChange={() => flip(kind)}
            />
          );
        })}
        <Text id={hintId} size="xs" c="dimmed">
          {t('admin_search.types_hint')}
        </Text>
      </fieldset>
    </div>
  );
}
