import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { CompanyControllers } from '../../features/global-settings/components/company-controllers.tsx';
import { CompanyLocations } from '../../features/global-settings/components/company-locations.tsx';
import { CompanyNav } from '../../features/global-settings/components/company-nav.tsx';
import { CompanyOverview } from '../../features/global-settings/components/company-overview.tsx';
import { CompanyUsers } from '../../features/global-settings/components/company-users.tsx';
import { GlobalControllerDetail } from '../../features/global-settings/components/controller-detail.tsx';
import {
  GlobalLocationDetail,
  useCompanyLocation,
} from '../../features/global-settings/components/location-detail.tsx';
import { LocationGroups } from '../../features/global-settings/components/location-groups.tsx';
import {
  ErrorState,
  LoadingState,
  NotFoundState,
} from '../../features/global-settings/components/states.tsx';
import { LocationUsers } from '../../features/locations/components/location-users.tsx';
import { ManagedLocationProvider } from '../../features/locations/components/manage-frame.tsx';
import { SidebarPanel } from '../../features/shell/components/sidebar-panel.tsx';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import { idParam } from './route-helpers.ts';

// /settings/global (spec 000 §2; aggregator and super admin): the company list in the sidebar around every page.

/** The frame of every global-settings page: the company list takes the sidebar's place. */
export function GlobalSettingsLayout() {
  return (
    <>
      <SidebarPanel>
        <CompanyNav />
      </SidebarPanel>
      <Outlet />
    </>
  );
}

/** /settings/global: the companies (an aggregator's single company opens at once). */
export function GlobalSettingsIndexRoute() {
  return <CompanyNav variant="page" />;
}

function useCompanyId() {
  return idParam(useParams().companyId);
}

/** companies/:companyId/overview. */
export function CompanyOverviewRoute() {
  const companyId = useCompanyId();
  return <CompanyOverview key={companyId} companyId={companyId} />;
}

/** companies/:companyId/location-groups. */
export function LocationGroupsRoute() {
  const companyId = useCompanyId();
  return <LocationGroups key={companyId} companyId={companyId} />;
}

/** companies/:companyId/location-groups/:locationGroupId/locations/:locationId. */
export function GlobalLocationRoute() {
  const companyId = useCompanyId();
  const locationId = idParam(useParams().locationId);
  return <GlobalLocationDetail key={locationId} companyId={companyId} locationId={locationId} />;
}

/**
 * …/locations/:locationId/users: the location's users and invitations — the Manage Location users screen, given
 * the location this page loaded (its links lead to the location's own pages).
 */
export function GlobalLocationUsersRoute() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const locationId = idParam(useParams().locationId);
  const { query, foreign } = useCompanyLocation(companyId, locationId);
  if (companyId === null || locationId === null || foreign) return <NotFoundState />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          {t('route_titles.manage_users')}
        </Text>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {query.data.name}
        </Title>
      </div>
      <ManagedLocationProvider location={query.data} base={`/locations/${query.data.id}`}>
        <LocationUsers />
      </ManagedLocationProvider>
    </Stack>
  );
}

/** companies/:companyId/locations. */
export function CompanyLocationsRoute() {
  const companyId = useCompanyId();
  return <CompanyLocations key={companyId} companyId={companyId} />;
}

/** companies/:companyId/oem-devices: the company's controllers (the sidebar's Devices link). */
export function CompanyControllersRoute() {
  const companyId = useCompanyId();
  return <CompanyControllers key={companyId} companyId={companyId} />;
}

/** companies/:companyId/oem-devices/:oemDeviceId. */
export function GlobalControllerRoute() {
  const companyId = useCompanyId();
  const controllerId = idParam(useParams().oemDeviceId);
  return (
    <GlobalControllerDetail key={controllerId} companyId={companyId} controllerId={controllerId} />
  );
}

/** companies/:companyId/users. */
export function CompanyUsersRoute() {
  const companyId = useCompanyId();
  const user = useCurrentUser();
  const site = useSiteInfo();
  return (
    <CompanyUsers
      key={companyId}
      companyId={companyId}
      actor={{ id: user.id, role: user.role }}
      productName={site.productName}
    />
  );
}
