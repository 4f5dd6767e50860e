import { Badge, Button, Stack, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { searchQueryOptions, type SearchPage } from '../api/search-api.ts';
import type { SearchFilters, SearchKind } from '../search-filters.ts';
import { searchHref, useSearchUrl } from '../use-search-url.ts';
import { ControllerResult, DeviceResult, LocationResult } from './entity-results.tsx';
import { ResultList } from './result-list.tsx';
import { SearchFilterPanel } from './search-filter-panel.tsx';
import { kindLabelKey } from './search-kind.ts';
import { UserResult, type SearchActor } from './user-results.tsx';
import classes from './search-results.module.css';

/** The filter panel of the admin search, bound to the URL (the route puts it into the sidebar). */
export function AdminSearchFilters() {
  const { filters, update } = useSearchUrl();
  return <SearchFilterPanel filters={filters} onChange={update} />;
}

export interface AdminSearchResultsProps {
  /** The page heading (the route's title). */
  title: string;
  actor: SearchActor;
  productName: string;
  /** Reloads the page once an impersonation has started. */
  reload?: () => void;
}

/**
 * /admin/search/<kind>: a tab per result type that is switched on (with its number of results) and the current
 * type's results, paged, with their actions.
 */
export function AdminSearchResults({
  title,
  actor,
  productName,
  reload = () => window.location.reload(),
}: AdminSearchResultsProps) {
  const { t } = useTranslation();
  const { kind, filters, setPage } = useSearchUrl();
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <nav aria-label={t('admin_search.types')} className={classes.tabs}>
        {filters.types.map((type) => (
          <KindTab key={type} kind={type} current={type === kind} filters={filters} />
        ))}
      </nav>
      <Results
        kind={kind}
        filters={filters}
        actor={actor}
        productName={productName}
        reload={reload}
        onPage={setPage}
      />
    </Stack>
  );
}

/**
 * A tab: the kind's name and its number of results (its own page when current, else a total-only request); the
 * link reads "Devices (12)".
 */
function KindTab({
  kind,
  current,
  filters,
}: {
  kind: SearchKind;
  current: boolean;
  filters: SearchFilters;
}) {
  const { t } = useTranslation();
  const total = useQuery({
    ...searchQueryOptions(
      kind,
      { ...filters, page: current ? filters.page : 1 },
      current ? undefined : 1,
    ),
    select: (page) => page.total,
  });
  const label = t(kindLabelKey(kind));
  return (
    <Button
      component={Link}
      to={searchHref(kind, { ...filters, page: 1 })}
      replace
      variant={current ? 'filled' : 'light'}
      aria-current={current ? 'page' : undefined}
      rightSection={
        total.data !== undefined ? (
          <Badge size="sm" variant={current ? 'white' : 'light'} aria-hidden>
            {total.data}
          </Badge>
        ) : undefined
      }
      aria-label={total.data !== undefined ? `${label} (${total.data})` : undefined}
    >
      {label}
    </Button>
  );
}

function Results({
  kind,
  filters,
  actor,
  productName,
  reload,
  onPage,
}: {
  kind: SearchKind;
  filters: SearchFilters;
  actor: SearchActor;
  productName: string;
  reload: () => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(searchQueryOptions(kind, filters));
  const label = t(kindLabelKey(kind));
  switch (kind) {
    case 'users':
      return (
        <ResultList
          query={query as UseQueryResult<SearchPage<'users'>>}
          label={label}
          onPage={onPage}
          renderItem={(user) => (
            <UserResult user={user} actor={actor} productName={productName} reload={reload} />
          )}
        />
      );
    case 'locations':
      return (
        <ResultList
          query={query as UseQueryResult<SearchPage<'locations'>>}
          label={label}
          onPage={onPage}
          renderItem={(location) => <LocationResult location={location} />}
        />
      );
    case 'oem-devices':
      return (
        <ResultList
          query={query as UseQueryResult<SearchPage<'oem-devices'>>}
          label={label}
          onPage={onPage}
          renderItem={(controller) => <ControllerResult controller={controller} />}
        />
      );
    case 'devices':
      return (
        <ResultList
          query={query as UseQueryResult<SearchPage<'devices'>>}
          label={label}
          onPage={onPage}
          renderItem={(device) => <DeviceResult device={device} />}
        />
      );
  }
}
