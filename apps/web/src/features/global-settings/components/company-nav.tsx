import { useDeferredValue, useState } from 'react';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useLocation } from 'react-router';
import { withConfirmationQuery } from '../../../shared/routing/confirmation-query.ts';
import type { Company } from '@ec/contract';
import { companiesQueryOptions } from '../../../entities/company/index.ts';
import { companyPath } from '../paths.ts';
import { ErrorState, LoadingState } from './states.tsx';
import classes from './company-nav.module.css';

/** Lists above this many companies get a name filter. */
const FILTER_FROM = 6;

/** The sections every company links to (spec 000 §2: Locations & Groups, Devices, Users). */
const SECTIONS = [
  { section: 'location-groups', labelKey: 'route_titles.locations_and_groups' },
  { section: 'oem-devices', labelKey: 'global_settings.devices' },
  { section: 'users', labelKey: 'route_titles.users' },
] as const;

/** Companies whose name contains `query`, case-insensitive (spec 000 §5 company search). */
export function filterByName<C extends Pick<Company, 'name'>>(
  companies: readonly C[],
  query: string,
  locale: string,
): C[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  return needle
    ? companies.filter((c) => c.name.toLocaleLowerCase(locale).includes(needle))
    : [...companies];
}

/**
 * The companies the admin manages, each with its overview and its Locations & Groups, Devices and Users pages
 * (GET /api/companies). Shown in the sidebar of every global-settings page and, for narrow screens where the
 * sidebar is hidden, on the global-settings start page.
 */
export function CompanyNav({ variant = 'sidebar' }: { variant?: 'sidebar' | 'page' }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const query = useQuery(companiesQueryOptions());
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const headingId = `global-settings-companies-${variant}`;
  const page = variant === 'page';

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) {
    body = (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        errorKey="global_settings.companies_error"
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed" role="status">
        {t('global_settings.no_companies')}
      </Text>
    );
  } else if (page && query.data.length === 1 && query.data[0]) {
    // One company (an aggregator's): its overview is the start page.
    return (
      <Navigate
        to={withConfirmationQuery(companyPath(query.data[0].id, 'overview'), location.search)}
        replace
      />
    );
  } else {
    const shown = filterByName(query.data, deferred, i18n.language);
    body = (
      <>
        {query.data.length > FILTER_FROM && (
          <TextInput
            type="search"
            label={t('global_settings.filter_companies')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
        )}
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {t('global_settings.no_company_match', { query: deferred.trim() })}
          </Text>
        ) : (
          <ul className={classes.list}>
            {shown.map((company) => (
              <li key={company.id} className={classes.company}>
                <NavLink to={companyPath(company.id, 'overview')} className={classes.name}>
                  {company.name}
                </NavLink>
                <ul
                  className={classes.links}
                  aria-label={t('global_settings.company_sections', { name: company.name })}
                >
                  {SECTIONS.map(({ section, labelKey }) => (
                    <li key={section}>
                      <NavLink to={companyPath(company.id, section)} className={classes.link}>
                        {t(labelKey)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <nav className={page ? classes.page : classes.panel} aria-labelledby={headingId}>
      <Stack gap={2}>
        <Title order={page ? 1 : 2} size={page ? 'h2' : 'h4'} id={headingId}>
          {t('nav.global_settings')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('global_settings.companies_hint')}
        </Text>
      </Stack>
      {body}
    </nav>
  );
}
