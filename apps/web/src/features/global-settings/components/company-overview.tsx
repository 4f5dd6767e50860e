import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompanyDetail } from '@ec/contract';
import { formatPhone, phoneHref } from '@ec/contract/phone';
import { countryName } from '../../../shared/intl/countries.ts';
import { countriesQueryOptions } from '../../reference/index.ts';
import { companyQueryOptions } from '../../../entities/company/index.ts';
import { companyLocationGroupsQueryOptions } from '../../../entities/location-group/index.ts';
import { companyUsersQueryOptions } from '../../../entities/user/index.ts';
import { companyPath } from '../paths.ts';
import { CompanyEmailSettingsSection } from './company-email-settings.tsx';
import { CompanySettingsForm } from './company-settings-form.tsx';
import { ErrorState, Facts, LoadingState, NotFoundState } from './states.tsx';
import classes from './global-settings.module.css';

/** A count on the overview with the page that lists the items. */
function CountCard({
  label,
  value,
  to,
  linkLabel,
}: {
  label: string;
  /** null while loading; `error` when the count could not be loaded. */
  value: number | null | 'error';
  to: string;
  linkLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6} align="flex-start">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz="xl" aria-live="polite">
          {value === null
            ? t('common.loading')
            : value === 'error'
              ? t('global_settings.overview.count_error')
              : value}
        </Text>
        <Anchor component={Link} to={to} size="sm">
          {linkLabel}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function Counts({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const groups = useQuery(companyLocationGroupsQueryOptions(company.id));
  // One row is enough: the answer carries the total.
  const users = useQuery(companyUsersQueryOptions(company.id, { q: '', page: 1 }, 1));
  const locations = groups.isError
    ? 'error'
    : (groups.data?.reduce((sum, g) => sum + g.locationsCount, 0) ?? null);
  return (
    <div className={classes.cards}>
      <CountCard
        label={t('global_settings.overview.locations_in_groups', {
          count: groups.data?.length ?? 0,
        })}
        value={locations}
        to={companyPath(company.id, 'location-groups')}
        linkLabel={t('global_settings.overview.open_groups')}
      />
      <CountCard
        label={t('global_settings.overview.assigned_controllers')}
        value={company.assignedControllersCount}
        to={companyPath(company.id, 'oem-devices')}
        linkLabel={t('global_settings.overview.open_devices')}
      />
      <CountCard
        label={t('route_titles.users')}
        value={users.isError ? 'error' : (users.data?.total ?? null)}
        to={companyPath(company.id, 'users')}
        linkLabel={t('global_settings.overview.open_users')}
      />
    </div>
  );
}

/**
 * A company in global settings (spec 000 §2 companies/:companyId/overview): contact data, counts with links to
 * its groups, devices and users, the company settings form and the company e-mail settings.
 */
export function CompanyOverview({ companyId }: { companyId: number | null }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({ ...companyQueryOptions(companyId ?? 0), enabled: companyId !== null });
  const countries = useQuery(countriesQueryOptions());
  if (companyId === null) return <NotFoundState />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const company = query.data;
  const country = countries.data?.find((c) => c.id === company.countryId);
  const none = t('global_settings.not_set');

  return (
    <Stack className={classes.page}>
      <Title order={1} className={classes.title}>
        {company.name}
      </Title>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-contact">
        <Title order={2} size="h4" mb="sm" id="company-contact">
          {t('global_settings.overview.contact')}
        </Title>
        <Facts
          items={[
            [
              t('global_settings.settings.country'),
              country ? countryName(country.code, i18n.language) : countries.isPending ? '…' : none,
            ],
            [
              t('global_settings.settings.contact_email'),
              company.contactEmail ? (
                <Anchor href={`mailto:${company.contactEmail}`}>{company.contactEmail}</Anchor>
              ) : (
                none
              ),
            ],
            [
              t('global_settings.settings.contact_phone'),
              company.contactPhone ? (
                <Anchor href={phoneHref(company.contactPhone)}>
                  {formatPhone(company.contactPhone)}
                </Anchor>
              ) : (
                none
              ),
            ],
            [t('global_settings.settings.support_email'), company.settings.supportEmail ?? none],
            [t('global_settings.settings.domain'), company.settings.domain ?? none],
          ]}
        />
      </Paper>
      <Counts company={company} />
      <Group gap="sm">
        <Button component={Link} to={companyPath(company.id, 'locations')} variant="light">
          {t('route_titles.locations')}
        </Button>
        <Button component={Link} to={`/companies/${company.id}/integrated-devices`} variant="light">
          {t('route_titles.integrated_devices')}
        </Button>
      </Group>
      <CompanySettingsForm key={`settings-${company.id}`} company={company} />
      <CompanyEmailSettingsSection key={`email-${company.id}`} companyId={company.id} />
    </Stack>
  );
}
