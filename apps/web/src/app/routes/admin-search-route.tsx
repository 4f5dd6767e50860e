import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import {
  AdminSearchFilters,
  AdminSearchResults,
} from '../../features/admin-search/components/admin-search.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { SidebarPanel } from '../../features/shell/components/sidebar-panel.tsx';
import { useSiteInfo } from '../../features/site/site-context.tsx';

/** /admin/search: the filter panel in the sidebar (spec 000 §2) around the result pages. */
export function AdminSearchLayout() {
  return (
    <>
      <SidebarPanel>
        <AdminSearchFilters />
      </SidebarPanel>
      <Outlet />
    </>
  );
}

/** /admin/search/<users|locations|oem-devices|devices>: the results of the kind in the path. */
export function AdminSearchRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const site = useSiteInfo();
  return (
    <AdminSearchResults
      title={t('route_titles.admin_search')}
      actor={{ id: user.id, role: user.role }}
      productName={site.productName}
    />
  );
}
