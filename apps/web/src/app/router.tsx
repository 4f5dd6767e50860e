import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@ec/contract';
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/auth-api.ts';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary.tsx';
import { withChunkTimeout } from '../shared/lazy/chunk-load.ts';
import { RootShell } from './root-shell.tsx';
import { FullPageLoader } from './start/full-page-loader.tsx';
import { StartErrorScreen } from './start/start-error-screen.tsx';
import { createStartSequence, isAuthPath, type StartSequence } from './start/start-sequence.ts';
import type { NotFoundData } from './routes/not-found-route.tsx';
import { framePage, handle, lazyComponent } from './routes/lazy-route.ts';
import { locationSubtree } from './routes/location-subtree.tsx';
import { entityCrumb } from './routes/route-helpers.ts';

/**
 * The app's routes. Every loader first joins the start sequence, so the order site info → user →
 * translations holds whatever route the visit starts on.
 */
export function createRoutes(
  queryClient: QueryClient,
  start: StartSequence = createStartSequence(queryClient),
): RouteObject[] {
  const joinStart = (request: Request) => start.run(new URL(request.url));

  // Filled in below, once the route table exists; loaders run only after that.
  let routes: RouteObject[] = [];
  const routeExists = (path: string) => {
    const matches = matchRoutes(routes, path);
    return matches !== null && matches[matches.length - 1]?.route.path !== '*';
  };

  // The guard (with the domain's access rules) loads with the first signed-in page, not with /auth/login.
  const loadGuard = withChunkTimeout(() => import('../features/auth/guard.ts'));
  const loadMenuApi = withChunkTimeout(() => import('../features/menu/api/menu-api.ts'));

  // Every signed-in page: the domain's guard (sign-in with the way back, role, set-up).
  const guarded = async ({ request }: LoaderFunctionArgs) => {
    const [{ guardRoute }] = await Promise.all([loadGuard(), joinStart(request)]);
    return guardRoute(queryClient, request, routeExists);
  };

  // `/`: the role's landing page (spec 000 §4): super admins the company picker, others the first entry of their
  // sidebar menu (users below aggregator: the first location), or /setup. A menu that fails to load keeps the
  // user on the home page rather than sending them to /setup.
  const landing = async ({ request }: LoaderFunctionArgs) => {
    const [{ landingRedirect }, { menuQueryOptions }] = await Promise.all([
      loadGuard(),
      loadMenuApi(),
      joinStart(request),
    ]);
    const user = await queryClient.ensureQueryData(currentUserQueryOptions());
    if (!user) return null;
    let menu: MenuItem[] = [];
    // Nothing implies super admin: the own role says it.
    if (user.role !== 'ROLE_SUPER_ADMIN') {
      try {
        menu = (await queryClient.ensureQueryData(menuQueryOptions())).structure;
      } catch {
        return null;
      }
    }
    const to = landingRedirect(user, new URL(request.url).search, routeExists, menu);
    return to ? redirect(to) : null;
  };

  const notFound = async ({ request }: LoaderFunctionArgs): Promise<NotFoundData> => {
    await joinStart(request);
    if (isAuthPath(new URL(request.url).pathname)) return { signedIn: false };
    const user = await queryClient.ensureQueryData(currentUserQueryOptions());
    return { signedIn: user !== null };
  };

  const privacyPolicy = lazyComponent(
    () => import('./routes/site-page-routes.tsx'),
    (m) => m.PrivacyPolicyRoute,
  );
  const support = lazyComponent(
    () => import('./routes/site-page-routes.tsx'),
    (m) => m.SupportRoute,
  );
  // The public account screens share one module, the user area's pages another.
  const accountScreen = (
    pick: (m: typeof import('./routes/auth-account-routes.tsx')) => ComponentType,
  ) => lazyComponent(() => import('./routes/auth-account-routes.tsx'), pick);
  const userPage = (pick: (m: typeof import('./routes/user-routes.tsx')) => ComponentType) =>
    lazyComponent(() => import('./routes/user-routes.tsx'), pick);

  routes = [
    {
      id: 'root',
      path: '/',
      loader: ({ request }) => joinStart(request),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: StartErrorScreen,
      Component: RootShell,
      children: [
        {
          // Route errors (a failed chunk, a loader error) render inside the themed shell.
          ErrorBoundary: RouteErrorBoundary,
          children: [
            {
              path: 'auth',
              lazy: lazyComponent(
                () => import('./layouts/auth-layout.tsx'),
                (m) => m.AuthLayout,
              ),
              children: [
                { index: true, loader: () => redirect('/auth/login') },
                {
                  path: 'login',
                  handle: handle({ title: 'login.title' }),
                  lazy: lazyComponent(
                    () => import('./routes/login-route.tsx'),
                    (m) => m.LoginRoute,
                  ),
                },
                {
                  path: 'register',
                  handle: handle({ title: 'register.title' }),
                  lazy: accountScreen((m) => m.RegisterRoute),
                },
                {
                  path: 'awaiting-email-verification',
                  handle: handle({ title: 'awaiting_verification.title' }),
                  lazy: accountScreen((m) => m.AwaitingVerificationRoute),
                },
                {
                  path: 'token-validation',
                  handle: handle({ title: 'token_validation.title' }),
                  lazy: accountScreen((m) => m.TokenValidationRoute),
                },
                {
                  path: 'verify-email',
                  handle: handle({ title: 'verify_email.title' }),
                  lazy: accountScreen((m) => m.VerifyEmailRoute),
                },
                {
                  path: 'forgotten-password',
                  handle: handle({ title: 'forgotten_password.title' }),
                  lazy: accountScreen((m) => m.ForgottenPasswordRoute),
                },
                {
                  path: 'reset-password',
                  handle: handle({ title: 'reset_password.title' }),
                  lazy: accountScreen((m) => m.ResetPasswordRoute),
                },
                {
                  path: 'privacy-policy',
                  handle: handle({ title: 'pages.privacy_policy_title' }),
                  lazy: privacyPolicy,
                },
                {
                  path: 'support',
                  handle: handle({ title: 'pages.support_title' }),
                  lazy: support,
                },
                {
                  path: '*',
                  handle: handle({ title: 'not_found.title' }),
                  lazy: lazyComponent(
                    () => import('./routes/not-found-route.tsx'),
                    (m) => m.NotFoundPage,
                  ),
                },
              ],
            },
            {
              id: 'main',
              loader: guarded,
              handle: handle({ breadcrumb: { labelKey: 'nav.home', to: '/' } }),
              lazy: lazyComponent(
                () => import('./layouts/main-layout.tsx'),
                (m) => m.MainLayout,
              ),
              children: [
                {
                  // Page errors keep the sidebar and header around them.
                  ErrorBoundary: RouteErrorBoundary,
                  children: [
                    {
                      index: true,
                      loader: landing,
                      handle: handle({ title: 'home.title' }),
                      lazy: lazyComponent(
                        () => import('./routes/home-route.tsx'),
                        (m) => m.HomeRoute,
                      ),
                    },
                    ...organisationRoutes(),
                    {
                      path: 'user',
                      handle: handle({
                        breadcrumb: { labelKey: 'nav.user_settings', to: '/user/settings' },
                      }),
                      lazy: lazyComponent(
                        () => import('./layouts/user-area-layout.tsx'),
                        (m) => m.UserAreaLayout,
                      ),
                      children: [
                        { index: true, loader: () => redirect('/user/settings') },
                        {
                          path: 'settings',
                          handle: handle({
                            title: 'user_area.settings',
                            breadcrumb: { labelKey: 'user_area.settings' },
                          }),
                          lazy: userPage((m) => m.UserSettingsRoute),
                        },
                        {
                          path: 'profile/privacy',
                          handle: handle({
                            title: 'user_area.privacy',
                            breadcrumb: { labelKey: 'user_area.privacy' },
                          }),
                          lazy: userPage((m) => m.UserPrivacyRoute),
                        },
                        {
                          path: 'info',
                          handle: handle({
                            title: 'user_area.info',
                            breadcrumb: { labelKey: 'user_area.info' },
                          }),
                          lazy: userPage((m) => m.UserInfoRoute),
                        },
                        {
                          path: 'change-password',
                          handle: handle({
                            title: 'user_area.change_password',
                            breadcrumb: { labelKey: 'user_area.change_password' },
                          }),
                          lazy: userPage((m) => m.ChangePasswordRoute),
                        },
                      ],
                    },
                    {
                      path: 'privacy-policy',
                      handle: handle({
                        title: 'pages.privacy_policy_title',
                        breadcrumb: { labelKey: 'nav.privacy_policy' },
                      }),
                      lazy: privacyPolicy,
                    },
                    {
                      path: 'support',
                      handle: handle({
                        title: 'pages.support_title',
                        breadcrumb: { labelKey: 'nav.support' },
                      }),
                      lazy: support,
                    },
                  ],
                },
              ],
            },
            {
              // Public: testers read the mail of a registration before they can sign in (issue 3).
              path: 'dev/mailbox',
              handle: handle({ title: 'dev_mailbox.title' }),
              lazy: lazyComponent(
                () => import('./routes/dev-mailbox-route.tsx'),
                (m) => m.DevMailboxRoute,
              ),
            },
            {
              path: '*',
              loader: notFound,
              handle: handle({
                title: 'not_found.title',
                breadcrumb: { labelKey: 'not_found.title' },
              }),
              lazy: lazyComponent(
                () => import('./routes/not-found-route.tsx'),
                (m) => m.NotFoundRoute,
              ),
            },
          ],
        },
      ],
    },
  ];
  return routes;
}

const notFoundPage = lazyComponent(
  () => import('./routes/not-found-route.tsx'),
  (m) => m.NotFoundPage,
);

// companies-admin helper: the admin search's result pages (one module for the four kinds).
const adminSearchPage = lazyComponent(
  () => import('./routes/admin-search-route.tsx'),
  (m) => m.AdminSearchRoute,
);

// global-settings helper: every page of /settings/global comes from one module.
const globalSettingsPage = (
  pick: (m: typeof import('./routes/global-settings-routes.tsx')) => ComponentType,
) => lazyComponent(() => import('./routes/global-settings-routes.tsx'), pick);

/** A leaf page whose title is also its breadcrumb; `lazy` defaults to the frame (frame-route.tsx). */
function page(path: string, titleKey: string, lazy = framePage, extra: Partial<RouteObject> = {}) {
  return {
    path,
    handle: handle({ title: titleKey, breadcrumb: { labelKey: titleKey } }),
    lazy,
    ...extra,
  } as RouteObject;
}

/** An index page: the title only (the parent's crumb names it). */
function indexPage(titleKey: string, lazy = framePage): RouteObject {
  return { index: true, handle: handle({ title: titleKey }), lazy };
}

/** A section with a breadcrumb and children. */
function section(path: string, labelKey: string, children: RouteObject[]): RouteObject {
  return { path, handle: handle({ breadcrumb: { labelKey } }), children };
}

/** A group's own pages: flexibility (default), summary, charts — context sources (spec 000 §4). */
function groupPages(): RouteObject[] {
  const source = (path: string, titleKey: string): RouteObject => ({
    path,
    handle: handle({ title: titleKey, breadcrumb: { labelKey: titleKey }, navigation: 'source' }),
    lazy: framePage,
  });
  return [
    {
      index: true,
      loader: ({ request }) =>
        redirect(`${new URL(request.url).pathname.replace(/\/$/, '')}/flexibility`),
    },
    source('flexibility', 'route_titles.flexibility'),
    source('summary', 'route_titles.summary'),
    source('charts', 'route_titles.charts'),
    locationSubtree(),
  ];
}

/**
 * The organisation's pages of spec 000 §2 (issue 4), inside the main layout and its guard (access rules:
 * ROUTE_ACCESS in @ec/domain). Pages whose content belongs to a later issue show the frame (frame-route.tsx).
 *
 * Plug-in points — replace `framePage` with your lazy module, keep path and handle:
 * - "companies-admin" helper: `overview`, `admin/search` (index, users, locations, oem-devices, devices),
 *   `companies/:companyId/integrated-devices`;
 * - "global-settings" helper: everything under `settings/global`;
 * - "location-manage" helper: in routes/location-subtree.tsx.
 */
function organisationRoutes(): RouteObject[] {
  return [
    // companies-admin helper: the company picker.
    page(
      'overview',
      'route_titles.overview',
      lazyComponent(
        () => import('./routes/overview-route.tsx'),
        (m) => m.OverviewRoute,
      ),
    ),
    {
      path: 'admin',
      children: [
        { index: true, loader: () => redirect('/admin/search') },
        // companies-admin helper: admin search (filter panel in the sidebar through SidebarPanel).
        {
          ...section('search', 'route_titles.admin_search', [
            // Users are the default results; the filters in the query stay.
            {
              index: true,
              loader: ({ request }) =>
                redirect(`/admin/search/users${new URL(request.url).search}`),
            },
            page('users', 'route_titles.search_users', adminSearchPage),
            page('locations', 'route_titles.search_locations', adminSearchPage),
            page('oem-devices', 'route_titles.search_oem_devices', adminSearchPage),
            page('devices', 'route_titles.search_devices', adminSearchPage),
          ]),
          lazy: lazyComponent(
            () => import('./routes/admin-search-route.tsx'),
            (m) => m.AdminSearchLayout,
          ),
        },
      ],
    },
    section('external/integrations', 'route_titles.external_integrations', [
      indexPage('route_titles.external_integrations'),
      section('moj-elektro', 'route_titles.moj_elektro', [
        { index: true, loader: () => redirect('/external/integrations/moj-elektro/data') },
        page('data', 'route_titles.moj_elektro_data'),
        page('calculations', 'route_titles.moj_elektro_calculations'),
        page('comparison-charts', 'route_titles.moj_elektro_comparison_charts'),
        page('battery', 'route_titles.moj_elektro_battery'),
        page('solar', 'route_titles.moj_elektro_solar'),
        page('management', 'route_titles.moj_elektro_management'),
      ]),
    ]),
    locationSubtree({ keepsContext: true }),
    {
      path: 'location-groups/:locationGroupId',
      handle: handle({
        breadcrumb: entityCrumb('location-group', 'locationGroupId', 'route_titles.location_group'),
      }),
      children: groupPages(),
    },
    {
      path: 'companies/:companyId',
      handle: handle({
        breadcrumb: entityCrumb('company', 'companyId', 'route_titles.company'),
      }),
      children: [
        // The company itself has no page here (its breadcrumb links to global settings).
        { index: true, lazy: notFoundPage },
        // companies-admin helper: the company's integrated devices.
        {
          path: 'integrated-devices',
          handle: handle({
            title: 'route_titles.integrated_devices',
            breadcrumb: { labelKey: 'route_titles.integrated_devices' },
            navigation: 'source',
          }),
          lazy: lazyComponent(
            () => import('./routes/integrated-devices-route.tsx'),
            (m) => m.IntegratedDevicesRoute,
          ),
        },
        {
          path: 'location-groups/:locationGroupId',
          handle: handle({
            breadcrumb: entityCrumb(
              'location-group',
              'locationGroupId',
              'route_titles.location_group',
            ),
          }),
          children: groupPages(),
        },
      ],
    },
    section('pricing', 'route_titles.pricing', [
      indexPage('route_titles.utility_rate_plan'),
      section('price-lists', 'route_titles.price_lists', [
        indexPage('route_titles.price_lists'),
        page('create', 'route_titles.price_list_create'),
        page(':priceListId', 'route_titles.price_list'),
      ]),
      page('spot-market', 'route_titles.spot_market'),
      section('plans', 'route_titles.plans', [
        indexPage('route_titles.plans'),
        page('create', 'route_titles.plan_create'),
        page(':planId', 'route_titles.plan'),
      ]),
    ]),
    page('time-of-use', 'route_titles.time_of_use'),
    section('pricing-plans', 'route_titles.pricing_plan_configs', [
      { index: true, loader: () => redirect('/pricing-plans/configs') },
      section('configs', 'route_titles.pricing_plan_configs', [
        indexPage('route_titles.pricing_plan_configs'),
        page('create', 'route_titles.pricing_plan_config_create'),
        page(':configId', 'route_titles.pricing_plan_config'),
      ]),
    ]),
    section('setup', 'nav.setup', [
      indexPage('nav.setup'),
      page('devices', 'route_titles.setup_devices'),
      page('oem-device', 'route_titles.setup_oem_device'),
      page('p1-wifi', 'route_titles.setup_p1_wifi'),
      page('pricing', 'route_titles.setup_pricing'),
    ]),
    // global-settings helper: the company list goes into the sidebar through SidebarPanel (layout module).
    {
      ...section('settings/global', 'nav.global_settings', [
        indexPage(
          'nav.global_settings',
          globalSettingsPage((m) => m.GlobalSettingsIndexRoute),
        ),
        {
          path: 'companies/:companyId',
          handle: handle({
            breadcrumb: entityCrumb('company', 'companyId', 'route_titles.company'),
          }),
          children: [
            {
              index: true,
              loader: ({ params }) =>
                redirect(`/settings/global/companies/${params.companyId ?? ''}/overview`),
            },
            page(
              'overview',
              'route_titles.company_overview',
              globalSettingsPage((m) => m.CompanyOverviewRoute),
            ),
            section('location-groups', 'route_titles.locations_and_groups', [
              indexPage(
                'route_titles.locations_and_groups',
                globalSettingsPage((m) => m.LocationGroupsRoute),
              ),
              {
                path: ':locationGroupId/locations/:locationId',
                handle: handle({
                  breadcrumb: entityCrumb('location', 'locationId', 'route_titles.location'),
                }),
                children: [
                  indexPage(
                    'route_titles.location',
                    globalSettingsPage((m) => m.GlobalLocationRoute),
                  ),
                  page(
                    'users',
                    'route_titles.manage_users',
                    globalSettingsPage((m) => m.GlobalLocationUsersRoute),
                  ),
                ],
              },
            ]),
            page(
              'locations',
              'route_titles.locations',
              globalSettingsPage((m) => m.CompanyLocationsRoute),
            ),
            // The sidebar's "Devices": the company's controllers, each opening oem-devices/:oemDeviceId.
            section('oem-devices', 'global_settings.devices', [
              indexPage(
                'global_settings.devices',
                globalSettingsPage((m) => m.CompanyControllersRoute),
              ),
              page(
                ':oemDeviceId',
                'route_titles.oem_device',
                globalSettingsPage((m) => m.GlobalControllerRoute),
              ),
            ]),
            page(
              'users',
              'route_titles.users',
              globalSettingsPage((m) => m.CompanyUsersRoute),
            ),
          ],
        },
      ]),
      lazy: globalSettingsPage((m) => m.GlobalSettingsLayout),
    },
  ];
}
