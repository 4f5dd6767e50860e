import { useEffect, useState } from 'react';
import { Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Company } from '@ec/contract';
import IconBuilding from '@tabler/icons-react/dist/esm/icons/IconBuilding.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { withConfirmationQuery } from '../../../shared/routing/confirmation-query.ts';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert.tsx';
import { companiesQueryOptions } from '../../../entities/company/index.ts';
import { companyHref, filterCompanies } from '../api/companies-api.ts';
import { CreateCompanyModal } from './create-company-modal.tsx';
import classes from './company-picker.module.css';

export interface CompanyPickerProps {
  /** The page heading (the route's title). */
  title: string;
  /** Super admins get the "Add new" card (spec 000 §6 "create companies"). */
  canCreate: boolean;
}

/**
 * /overview, the company picker (spec 000 §2, §5): a search box filtering by name, a card per company with its
 * name and assigned controller count, each going to the company's root location group; "Add new" opens the
 * create-company modal for super admins.
 *
 * When exactly one company exists it is opened at once — except for super admins, who would otherwise never see
 * the "Add new" card on a site with a single company.
 */
export function CompanyPicker({ title, canCreate }: CompanyPickerProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { search: locationSearch } = useLocation();
  const query = useQuery(companiesQueryOptions());
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const companies = query.data;
  const single = !canCreate && companies?.length === 1 ? companies[0] : undefined;

  useEffect(() => {
    // A confirmation link that landed here (an aggregator's /overview) goes on with the company.
    if (single) {
      void navigate(withConfirmationQuery(companyHref(single), locationSearch), { replace: true });
    }
  }, [single, navigate, locationSearch]);

  const shown = companies ? filterCompanies(companies, search, i18n.language) : [];

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <TextInput
        className={classes.search}
        type="search"
        label={t('companies.search')}
        placeholder={t('companies.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {query.isPending ? (
        <div aria-busy="true" aria-live="polite">
          <Text size="sm" c="dimmed" mb="sm">
            {t('common.loading')}
          </Text>
          <ul className={classes.grid}>
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton height={112} radius="md" />
              </li>
            ))}
          </ul>
        </div>
      ) : query.isError ? (
        <LoadErrorAlert
          title={t('companies.load_error')}
          retry={{ error: query.error, onRetry: () => void query.refetch() }}
        />
      ) : single ? (
        <Text c="dimmed" role="status">
          {t('companies.opening', { name: single.name })}
        </Text>
      ) : (
        <>
          {shown.length === 0 && (
            <Text c="dimmed" role="status">
              {companies?.length === 0
                ? t('companies.empty')
                : t('companies.no_match', { query: search.trim() })}
            </Text>
          )}
          <ul className={classes.grid} aria-label={title}>
            {shown.map((company) => (
              <li key={company.id}>
                <CompanyCard company={company} />
              </li>
            ))}
            {canCreate && (
              <li>
                <Card
                  component="button"
                  type="button"
                  withBorder
                  radius="md"
                  padding="lg"
                  className={`${classes.card} ${classes.add}`}
                  onClick={() => setCreating(true)}
                >
                  <IconPlus size={28} aria-hidden />
                  <Text fw={600}>{t('companies.add_new')}</Text>
                </Card>
              </li>
            )}
          </ul>
        </>
      )}
      {canCreate && <CreateCompanyModal opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function CompanyCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  return (
    <Card
      component={Link}
      to={companyHref(company)}
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBuilding size={22} aria-hidden />
        <Text fw={600} size="lg" className={classes.name}>
          {company.name}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('companies.assigned_controllers', { count: company.assignedControllersCount })}
      </Text>
    </Card>
  );
}
