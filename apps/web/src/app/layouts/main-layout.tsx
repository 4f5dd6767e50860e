import { useCallback, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import type { AuthUser } from '@ec/contract';
import { canEditLocation, hasRole, roleMayOpen, routeAccessFor } from '@ec/domain';
import {
  ImpersonationBanner,
  MarketingConsentBanner,
  NotSetUpBanner,
} from '../../features/auth/components/account-banners.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { useConsent } from '../../features/consent/consent-context.tsx';
import { LanguageMenu } from '../../features/i18n/components/language-menu.tsx';
import { locationGroupQueryOptions } from '../../entities/location-group/index.ts';
import { locationQueryOptions } from '../../entities/location/index.ts';
import { SidebarMenu } from '../../features/menu/components/sidebar-menu.tsx';
import { MenuTreeProvider } from '../../features/menu/menu-context.tsx';
import { buildBreadcrumbs } from '../../features/shell/breadcrumb-trail.ts';
import { EmptyMenu } from '../../features/shell/components/empty-menu.tsx';
import { FloatingNav } from '../../features/shell/components/floating-nav.tsx';
import { ImpersonationSlot } from '../../features/shell/components/impersonation-slot.tsx';
import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';
import {
  SidebarButton,
  sidebarIconClass,
} from '../../features/shell/components/sidebar-button.tsx';
import { SidebarFooter } from '../../features/shell/components/sidebar-footer.tsx';
import {
  IconAdjustmentsBolt,
  IconArrowLeft,
  IconChartLine,
  IconChess,
  IconGauge,
  IconListDetails,
  IconPlugConnected,
  IconWorldCog,
} from '../../features/shell/shell-icons.ts';
import { useGoBack } from '../../features/shell/use-go-back.ts';
import { useNavigationContext } from '../../features/shell/use-navigation-context.ts';
import { SiteLogo } from '../../features/site/components/site-logo.tsx';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import type { Breadcrumb } from '../../shared/routing/route-handle.ts';
import {
  IconCookie,
  IconLifebuoy,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconTool,
} from '../../shared/ui/icons.ts';
import { useMenuTrail } from './menu-trail.ts';
import { openEntities, type OpenEntities } from './open-entities.ts';

/** Global settings are for those who may open them (aggregators and super admins, spec 000 §6). */
function mayOpen(user: AuthUser, path: string): boolean {
  return roleMayOpen(user.role, routeAccessFor(path));
}

/**
 * The signed-in frame (spec 000 §2 Layout): the sidebar with the organisation tree (or a page's SidebarPanel),
 * breadcrumbs from the path, the menu and the navigation context, the floating navigation of an open location
 * or group, and the sidebar footer: Manage Location (when the user may edit the open location), Setup (users
 * below aggregator), User settings, Global Settings (aggregators and super admins), Back, then privacy, support,
 * cookies, language and sign out. Above the header: impersonation, not set up and marketing banners.
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const user = useCurrentUser();
  const matches = useMatches();
  const { pathname } = useLocation();
  const open = useMemo(() => openEntities(matches), [matches]);
  const location = useQuery({
    ...locationQueryOptions(open.location?.id ?? 0),
    enabled: open.location !== null,
  });
  const group = useQuery({
    ...locationGroupQueryOptions(open.group?.id ?? 0),
    enabled: open.group !== null && open.location === null && open.companyId === null,
  });
  // A super admin's tree shows companies only: open the one the page belongs to.
  const openCompanyId =
    open.companyId ??
    (open.location
      ? (location.data?.companyId ?? null)
      : open.group
        ? (group.data?.companyId ?? null)
        : null);

  return (
    <MenuTreeProvider
      pathname={pathname}
      refetchOnNavigation={!hasRole(user, 'ROLE_AGGREGATOR')}
      openCompanyId={openCompanyId}
    >
      <MainFrame user={user} open={open}>
        {children ?? <Outlet />}
      </MainFrame>
    </MenuTreeProvider>
  );
}

function MainFrame({
  user,
  open,
  children,
}: {
  user: AuthUser;
  open: OpenEntities;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { openSettings } = useConsent();
  const { signOut, pending } = useSignOut();
  const back = useGoBack();
  const routerLocation = useLocation();
  const adminLinks = mayOpen(user, '/settings/global');

  // The navigation context (spec 000 §4): a group or company page hands itself to the location it opens.
  const trail = useMenuTrail();
  const sourceEntity =
    open.navigation !== 'source'
      ? undefined
      : open.group
        ? trail({ type: 'location-group', id: open.group.id })?.at(-1)
        : open.companyId !== null
          ? trail({ type: 'company', id: open.companyId })?.at(-1)
          : undefined;
  const context = useNavigationContext(routerLocation.key, {
    role: open.navigation,
    context: sourceEntity
      ? {
          type: sourceEntity.type,
          id: sourceEntity.id,
          title: sourceEntity.title,
          href: routerLocation.pathname,
        }
      : null,
  });

  const refineBreadcrumbs = useCallback(
    (crumbs: Breadcrumb[]) =>
      buildBreadcrumbs({
        crumbs,
        lookup: trail,
        companyHref: (company) =>
          adminLinks ? `/settings/global/companies/${company.id}` : company.href,
        context,
      }),
    [trail, adminLinks, context],
  );

  const floating = open.location ? (
    <FloatingNav
      label={t('floating_nav.location_label')}
      links={[
        {
          label: t('route_titles.location_overview'),
          to: open.location.base,
          icon: IconGauge,
          end: true,
        },
        {
          label: t('route_titles.charts'),
          to: `${open.location.base}/charts`,
          icon: IconChartLine,
        },
        {
          label: t('route_titles.strategies'),
          to: `${open.location.base}/strategies`,
          icon: IconChess,
        },
      ]}
    />
  ) : open.group ? (
    <FloatingNav
      label={t('floating_nav.group_label')}
      links={[
        {
          label: t('route_titles.flexibility'),
          to: `${open.group.base}/flexibility`,
          icon: IconAdjustmentsBolt,
        },
      ]}
    />
  ) : null;

  return (
    <ShellLayout
      brand={
        <Link to="/" aria-label={t('nav.home')}>
          <SiteLogo site={site} height={32} />
        </Link>
      }
      menu={<SidebarMenu emptyState={<EmptyMenu />} />}
      refineBreadcrumbs={refineBreadcrumbs}
      floating={
        <>
          {floating}
          {/* A floating card: it never moves the page (spec 001 §4, issue 10). */}
          <MarketingConsentBanner
            user={user}
            siteIdentifier={site.identifier}
            raised={floating !== null}
          />
        </>
      }
      banners={
        <>
          <ImpersonationSlot>
            {user.impersonation && <ImpersonationBanner user={user} />}
          </ImpersonationSlot>
          <NotSetUpBanner user={user} />
        </>
      }
      footer={({ collapsed }) => (
        <SidebarFooter collapsed={collapsed}>
          {open.location && canEditLocation(user, open.location.id) && (
            <SidebarButton
              icon={IconTool}
              label={t('nav.manage_location')}
              to={`${open.location.base}/manage`}
              collapsed={collapsed}
            />
          )}
          {mayOpen(user, '/setup') && (
            <SidebarButton
              icon={IconPlugConnected}
              label={t('nav.setup')}
              to="/setup"
              collapsed={collapsed}
            />
          )}
          <SidebarButton
            icon={IconSettings}
            label={t('nav.user_settings')}
            to="/user/settings"
            collapsed={collapsed}
          />
          {adminLinks && (
            <SidebarButton
              icon={IconWorldCog}
              label={t('nav.global_settings')}
              to="/settings/global"
              collapsed={collapsed}
            />
          )}
          {mayOpen(user, '/admin/jobs') && (
            <SidebarButton
              icon={IconListDetails}
              label={t('route_titles.failed_jobs')}
              to="/admin/jobs"
              collapsed={collapsed}
            />
          )}
          <SidebarButton
            icon={IconArrowLeft}
            label={t('nav.back')}
            onClick={back}
            collapsed={collapsed}
          />
          <SidebarButton
            icon={IconShieldLock}
            label={t('nav.privacy_policy')}
            to="/privacy-policy"
            collapsed={collapsed}
          />
          <SidebarButton
            icon={IconLifebuoy}
            label={t('nav.support')}
            to="/support"
            collapsed={collapsed}
          />
          <SidebarButton
            icon={IconCookie}
            label={t('cookies.change_choice')}
            onClick={openSettings}
            collapsed={collapsed}
          />
          <LanguageMenu
            identifier={site.identifier}
            placement={collapsed ? 'right' : 'top'}
            className={sidebarIconClass}
          />
          <SidebarButton
            icon={IconLogout}
            label={t('nav.sign_out')}
            onClick={() => void signOut()}
            loading={pending}
            collapsed={collapsed}
          />
        </SidebarFooter>
      )}
    >
      {children}
    </ShellLayout>
  );
}
