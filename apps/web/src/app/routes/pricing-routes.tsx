import { useMemo, type ReactNode } from 'react';
import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { Location } from '@ec/contract';
import { hasRole } from '@ec/domain';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { useManagedLocation } from '../../features/locations/components/manage-frame.tsx';
import { locationBasePath } from '../../features/locations/location-paths.ts';
import {
  AllPriceLists,
  ConfigCreatePage,
  ConfigDetailPage,
  ConfigList,
  LocationPricingPlans,
  PriceListCreatePage,
  PriceListDetailPage,
  PriceListsPage,
  PricingOverview,
  PricingPage,
  SetupPricing,
  type ConfigScope,
  type PricingLocation,
} from '../../features/pricing/index.ts';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '../../shared/ui/states.tsx';
import { locationQueryOptions } from '../../entities/location/index.ts';
import {
  allPriceListsQueryOptions,
  priceListQueryOptions,
} from '../../entities/price-list/index.ts';
import { idParam } from './route-helpers.ts';

// The pricing pages of issue 13 (spec 000 §2, spec 001 §2), one lazy module: /pricing (utility rate plan, price
// lists, company plans), /pricing-plans/configs (predefined configs, super admins), /setup/pricing, the location's
// pricing-plans page and the Manage Location pricing pages.

/** A location as the pricing pages need it. */
function pricingLocationOf(location: Location): PricingLocation {
  return {
    id: location.id,
    name: location.name,
    timezone: location.timezone,
    countryCode: location.country?.code ?? null,
    canEdit: location.permissions.edit,
  };
}

/** Whether the user may write company plans (aggregators and super admins; the server decides per plan). */
function useWritesPlans(): boolean {
  const user = useCurrentUser();
  return hasRole(user, 'ROLE_AGGREGATOR');
}

// ---- /pricing-plans/configs (super admin: ROUTE_ACCESS) --------------------------------------------------------

const PREDEFINED: ConfigScope = { kind: 'predefined' };
const CONFIGS_PATH = '/pricing-plans/configs';

/** /pricing-plans/configs. */
export function PredefinedConfigsRoute() {
  const { t } = useTranslation();
  return (
    <PricingPage title={t('route_titles.pricing_plan_configs')}>
      <ConfigList scope={PREDEFINED} basePath={CONFIGS_PATH} canCreate />
    </PricingPage>
  );
}

/** /pricing-plans/configs/create. */
export function PredefinedConfigCreateRoute() {
  const { t } = useTranslation();
  return (
    <PricingPage title={t('route_titles.pricing_plan_config_create')}>
      <ConfigCreatePage scope={PREDEFINED} basePath={CONFIGS_PATH} />
    </PricingPage>
  );
}

/** /pricing-plans/configs/:configId. */
export function PredefinedConfigRoute() {
  const { t } = useTranslation();
  const configId = idParam(useParams().configId);
  return (
    <PricingPage title={t('route_titles.pricing_plan_config')}>
      <ConfigDetailPage
        key={configId}
        configId={configId}
        scope={PREDEFINED}
        basePath={CONFIGS_PATH}
      />
    </PricingPage>
  );
}

// ---- /pricing ---------------------------------------------------------------------------------------------------

/** /pricing: the utility rate plan of the user's locations. */
export function PricingOverviewRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <PricingPage title={t('route_titles.utility_rate_plan')}>
      <PricingOverview ownLocations={user.locations} />
    </PricingPage>
  );
}

/** /pricing/price-lists. */
export function AllPriceListsRoute() {
  const { t } = useTranslation();
  return (
    <PricingPage title={t('route_titles.price_lists')}>
      <AllPriceLists />
    </PricingPage>
  );
}

/** Loads a location for a top-level price-list page. */
function WithLocation({
  locationId,
  children,
}: {
  locationId: number;
  children: (location: PricingLocation) => ReactNode;
}) {
  const query = useQuery(locationQueryOptions(locationId));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundKey="pricing_plans.list.location_not_found"
        errorKey="pricing_plans.get_data_error"
      />
    );
  return <>{children(pricingLocationOf(query.data))}</>;
}

/** /pricing/price-lists/create[?locationId]: the wizard for one of the user's locations. */
export function TopPriceListCreateRoute() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  // The user's own locations and those whose lists they see (an administrator owns none).
  const lists = useQuery(allPriceListsQueryOptions());
  const choices = useMemo(() => {
    const byId = new Map(user.locations.map((l) => [l.id, l.name]));
    for (const list of lists.data ?? []) byId.set(list.locationId, list.locationName);
    const collator = new Intl.Collator(i18n.language);
    return [...byId]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [user.locations, lists.data, i18n.language]);
  const locationId = idParam(search.get('locationId') ?? undefined) ?? choices[0]?.id ?? null;
  return (
    <PricingPage title={t('route_titles.price_list_create')}>
      <Stack gap="md">
        {choices.length > 1 && (
          <Select
            label={t('pricing_plans.fields.location')}
            data={choices.map((l) => ({ value: String(l.id), label: l.name }))}
            value={locationId === null ? null : String(locationId)}
            onChange={(next) => next && setSearch({ locationId: next })}
            allowDeselect={false}
            maw={480}
          />
        )}
        {lists.isPending && choices.length === 0 ? (
          <LoadingState />
        ) : locationId === null ? (
          <EmptyState title={t('pricing_plans.setup.no_location')} />
        ) : (
          <WithLocation key={locationId} locationId={locationId}>
            {(location) =>
              location.canEdit ? (
                <PriceListCreatePage location={location} basePath="/pricing/price-lists" />
              ) : (
                <NotFoundState messageKey="pricing_plans.list.cannot_edit" />
              )
            }
          </WithLocation>
        )}
      </Stack>
    </PricingPage>
  );
}

/** /pricing/price-lists/:priceListId: the list on its location. */
export function TopPriceListRoute() {
  const { t } = useTranslation();
  const listId = idParam(useParams().priceListId);
  const list = useQuery({ ...priceListQueryOptions(listId ?? 0), enabled: listId !== null });
  return (
    <PricingPage title={t('route_titles.price_list')} subject={list.data?.locationName}>
      {listId === null ? (
        <NotFoundState messageKey="pricing_plans.list.not_found" />
      ) : list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          error={list.error}
          notFoundKey="pricing_plans.list.not_found"
          errorKey="pricing_plans.get_data_error"
          onRetry={() => void list.refetch()}
        />
      ) : (
        <WithLocation locationId={list.data.locationId}>
          {(location) => (
            <PriceListDetailPage
              location={location}
              listId={listId}
              basePath="/pricing/price-lists"
            />
          )}
        </WithLocation>
      )}
    </PricingPage>
  );
}

/** The company plans of the user's company (/pricing/plans). */
function useCompanyScope(): ConfigScope | null {
  const user = useCurrentUser();
  return user.companyId === null ? null : { kind: 'company', companyId: user.companyId };
}

/** /pricing/plans. */
export function CompanyPlansRoute() {
  const { t } = useTranslation();
  const scope = useCompanyScope();
  const writes = useWritesPlans();
  return (
    <PricingPage title={t('route_titles.plans')}>
      {scope ? (
        <ConfigList scope={scope} basePath="/pricing/plans" canCreate={writes} />
      ) : (
        <EmptyState title={t('pricing_plans.config.no_company')} />
      )}
    </PricingPage>
  );
}

/** /pricing/plans/create. */
export function CompanyPlanCreateRoute() {
  const { t } = useTranslation();
  const scope = useCompanyScope();
  return (
    <PricingPage title={t('route_titles.plan_create')}>
      {scope ? (
        <ConfigCreatePage scope={scope} basePath="/pricing/plans" />
      ) : (
        <EmptyState title={t('pricing_plans.config.no_company')} />
      )}
    </PricingPage>
  );
}

/** /pricing/plans/:planId. */
export function CompanyPlanRoute() {
  const { t } = useTranslation();
  const scope = useCompanyScope();
  const configId = idParam(useParams().planId);
  return (
    <PricingPage title={t('route_titles.plan')}>
      {scope ? (
        <ConfigDetailPage
          key={configId}
          configId={configId}
          scope={scope}
          basePath="/pricing/plans"
        />
      ) : (
        <EmptyState title={t('pricing_plans.config.no_company')} />
      )}
    </PricingPage>
  );
}

// ---- /setup/pricing ---------------------------------------------------------------------------------------------

/** /setup/pricing: basic users define their location's pricing from the country's configs. */
export function SetupPricingRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <PricingPage title={t('route_titles.setup_pricing')}>
      <SetupPricing locations={user.locations} />
    </PricingPage>
  );
}

// ---- the location subtree -----------------------------------------------------------------------------------------

/** locations/:locationId/pricing-plans: the active list and the history (view on the location). */
export function LocationPricingPlansRoute() {
  const { t } = useTranslation();
  const locationId = idParam(useParams().locationId);
  const base = locationBasePath(useLocation().pathname);
  const query = useQuery({
    ...locationQueryOptions(locationId ?? 0),
    enabled: locationId !== null,
  });
  return (
    <PricingPage title={t('route_titles.pricing_plans')} subject={query.data?.name}>
      {locationId === null || base === null ? (
        <NotFoundState messageKey="frame.location_missing" />
      ) : query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundKey="frame.location_missing"
          errorKey="frame.location_failed"
        />
      ) : (
        <LocationPricingPlans
          location={pricingLocationOf(query.data)}
          manageHref={`${base}/manage/pricing/price-lists`}
        />
      )}
    </PricingPage>
  );
}

/** The managed location and its price-list path. */
function useManagedPricing() {
  const { location, base } = useManagedLocation();
  return { location: pricingLocationOf(location), listsPath: `${base}/manage/pricing/price-lists` };
}

/** manage/pricing/price-lists. */
export function ManagePriceListsRoute() {
  const { location, listsPath } = useManagedPricing();
  return <PriceListsPage location={location} basePath={listsPath} />;
}

/** manage/pricing/price-lists/create. */
export function ManagePriceListCreateRoute() {
  const { location, listsPath } = useManagedPricing();
  return <PriceListCreatePage location={location} basePath={listsPath} />;
}

/** manage/pricing/price-lists/:priceListId. */
export function ManagePriceListRoute() {
  const { location, listsPath } = useManagedPricing();
  const listId = idParam(useParams().priceListId);
  return (
    <PriceListDetailPage key={listId} location={location} listId={listId} basePath={listsPath} />
  );
}

/** The plans of the managed location's company (manage/pricing/plans). */
function useLocationPlans() {
  const { location, base } = useManagedLocation();
  const scope: ConfigScope = { kind: 'company', companyId: location.companyId };
  return { scope, plansPath: `${base}/manage/pricing/plans` };
}

/** manage/pricing/plans. */
export function ManagePlansRoute() {
  const { scope, plansPath } = useLocationPlans();
  const writes = useWritesPlans();
  return <ConfigList scope={scope} basePath={plansPath} canCreate={writes} />;
}

/** manage/pricing/plans/create. */
export function ManagePlanCreateRoute() {
  const { scope, plansPath } = useLocationPlans();
  return <ConfigCreatePage scope={scope} basePath={plansPath} />;
}

/** manage/pricing/plans/:planId. */
export function ManagePlanRoute() {
  const { scope, plansPath } = useLocationPlans();
  const configId = idParam(useParams().planId);
  return <ConfigDetailPage key={configId} configId={configId} scope={scope} basePath={plansPath} />;
}
