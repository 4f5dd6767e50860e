import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { entityCrumb, redirectKeepingQuery } from './route-helpers.ts';
import { framePage, handle, lazyComponent } from './lazy-route.ts';
import { locationSubtree } from './location-subtree.ts';

// The organisation's pages (issue 4) live in their own module, loaded with the first signed-in page through the
// router's patchRoutesOnNavigation (router.tsx), so their table stays out of the sign-in page's JavaScript.

const notFoundPage = lazyComponent(
  () => import('./not-found-route.tsx'),
  (m) => m.NotFoundPage,
);

// companies-admin helper: the admin search's result pages (one module for the four kinds).
const spotMarketPage = lazyComponent(
  () => import('./spot-market-route.tsx'),
  (m) => m.SpotMarketRoute,
);

const adminSearchPage = lazyComponent(
  () => import('./admin-search-route.tsx'),
  (m) => m.AdminSearchRoute,
);

// lists helper (issue 13): every pricing page comes from one module (pricing-routes.tsx).
const pricingPage = (pick: (m: typeof import('./pricing-routes.tsx')) => ComponentType) =>
  lazyComponent(() => import('./pricing-routes.tsx'), pick);

// global-settings helper: every page of /settings/global comes from one module.
const globalSettingsPage = (
  pick: (m: typeof import('./global-settings-routes.tsx')) => ComponentType,
) => lazyComponent(() => import('./global-settings-routes.tsx'), pick);

// me-web helper (issue 14): every Moj Elektro page comes from one module (moj-elektro-routes.tsx).
const mojElektroPage = (pick: (m: typeof import('./moj-elektro-routes.tsx')) => ComponentType) =>
  lazyComponent(() => import('./moj-elektro-routes.tsx'), pick);

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

/** A group's default page: its summed live flow (live-routes.tsx); the flexibility content comes later. */
const groupOverviewPage = lazyComponent(
  () => import('./live-routes.tsx'),
  (m) => m.GroupOverviewRoute,
);

/** A group's own pages: flexibility (default), summary, charts — context sources (spec 000 §4). */
function groupPages(): RouteObject[] {
  const source = (path: string, titleKey: string, lazy = framePage): RouteObject => ({
    path,
    handle: handle({ title: titleKey, breadcrumb: { labelKey: titleKey }, navigation: 'source' }),
    lazy,
  });
  return [
    {
      index: true,
      loader: ({ request }) =>
        redirectKeepingQuery(
          request,
          `${new URL(request.url).pathname.replace(/\/$/, '')}/flexibility`,
        ),
    },
    source('flexibility', 'route_titles.flexibility', groupOverviewPage),
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
 *   `companies/:companyId/integrated-devices`; `admin/jobs` (the dead-letter list);
 * - "global-settings" helper: everything under `settings/global`;
 * - "location-manage" helper: in routes/location-subtree.ts.
 */
export function organisationRoutes(): RouteObject[] {
  return [
    ...userAreaRoutes(),
    // companies-admin helper: the company picker.
    page(
      'overview',
      'route_titles.overview',
      lazyComponent(
        () => import('./overview-route.tsx'),
        (m) => m.OverviewRoute,
      ),
    ),
    {
      path: 'admin',
      children: [
        { index: true, loader: ({ request }) => redirectKeepingQuery(request, '/admin/search') },
        // companies-admin helper: admin search (filter panel in the sidebar through SidebarPanel).
        {
          ...section('search', 'route_titles.admin_search', [
            // Users are the default results; the filters in the query stay.
            {
              index: true,
              loader: ({ request }) => redirectKeepingQuery(request, '/admin/search/users'),
            },
            page('users', 'route_titles.search_users', adminSearchPage),
            page('locations', 'route_titles.search_locations', adminSearchPage),
            page('oem-devices', 'route_titles.search_oem_devices', adminSearchPage),
            page('devices', 'route_titles.search_devices', adminSearchPage),
          ]),
          lazy: lazyComponent(
            () => import('./admin-search-route.tsx'),
            (m) => m.AdminSearchLayout,
          ),
        },
        // The job queue's dead-letter list (super admin only; issue 11).
        page(
          'jobs',
          'route_titles.failed_jobs',
          lazyComponent(
            () => import('./failed-jobs-route.tsx'),
            (m) => m.FailedJobsRoute,
          ),
        ),
      ],
    },
    section('external/integrations', 'route_titles.external_integrations', [
      indexPage('route_titles.external_integrations'),
      // me-web helper (issue 14): the section's frame (filters in the sidebar) around its pages, one lazy module.
      {
        ...section('moj-elektro', 'route_titles.moj_elektro', [
          {
            index: true,
            loader: ({ request }) =>
              redirectKeepingQuery(request, '/external/integrations/moj-elektro/data'),
          },
          page(
            'data',
            'route_titles.moj_elektro_data',
            mojElektroPage((m) => m.DataPage),
          ),
          page(
            'calculations',
            'route_titles.moj_elektro_calculations',
            mojElektroPage((m) => m.CalculationsPage),
          ),
          page(
            'comparison-charts',
            'route_titles.moj_elektro_comparison_charts',
            mojElektroPage((m) => m.ComparisonPage),
          ),
          page(
            'battery',
            'route_titles.moj_elektro_battery',
            mojElektroPage((m) => m.BatteryPage),
          ),
          page(
            'solar',
            'route_titles.moj_elektro_solar',
            mojElektroPage((m) => m.SolarPage),
          ),
          page(
            'management',
            'route_titles.moj_elektro_management',
            mojElektroPage((m) => m.ManagementPage),
          ),
        ]),
        lazy: mojElektroPage((m) => m.MojElektroRoute),
      },
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
            () => import('./integrated-devices-route.tsx'),
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
      indexPage(
        'route_titles.utility_rate_plan',
        pricingPage((m) => m.PricingOverviewRoute),
      ),
      section('price-lists', 'route_titles.price_lists', [
        indexPage(
          'route_titles.price_lists',
          pricingPage((m) => m.AllPriceListsRoute),
        ),
        page(
          'create',
          'route_titles.price_list_create',
          pricingPage((m) => m.TopPriceListCreateRoute),
        ),
        page(
          ':priceListId',
          'route_titles.price_list',
          pricingPage((m) => m.TopPriceListRoute),
        ),
      ]),
      page('spot-market', 'route_titles.spot_market', spotMarketPage),
      section('plans', 'route_titles.plans', [
        indexPage(
          'route_titles.plans',
          pricingPage((m) => m.CompanyPlansRoute),
        ),
        page(
          'create',
          'route_titles.plan_create',
          pricingPage((m) => m.CompanyPlanCreateRoute),
        ),
        page(
          ':planId',
          'route_titles.plan',
          pricingPage((m) => m.CompanyPlanRoute),
        ),
      ]),
    ]),
    // i13-tou helper: the time plans and the week-grid editor.
    page(
      'time-of-use',
      'route_titles.time_of_use',
      lazyComponent(
        () => import('./time-of-use-route.tsx'),
        (m) => m.TimeOfUseRoute,
      ),
    ),
    section('pricing-plans', 'route_titles.pricing_plan_configs', [
      {
        index: true,
        loader: ({ request }) => redirectKeepingQuery(request, '/pricing-plans/configs'),
      },
      section('configs', 'route_titles.pricing_plan_configs', [
        indexPage(
          'route_titles.pricing_plan_configs',
          pricingPage((m) => m.PredefinedConfigsRoute),
        ),
        page(
          'create',
          'route_titles.pricing_plan_config_create',
          pricingPage((m) => m.PredefinedConfigCreateRoute),
        ),
        page(
          ':configId',
          'route_titles.pricing_plan_config',
          pricingPage((m) => m.PredefinedConfigRoute),
        ),
      ]),
    ]),
    section('setup', 'nav.setup', [
      indexPage('nav.setup'),
      page('devices', 'route_titles.setup_devices'),
      page('oem-device', 'route_titles.setup_oem_device'),
      page('p1-wifi', 'route_titles.setup_p1_wifi'),
      page(
        'pricing',
        'route_titles.setup_pricing',
        pricingPage((m) => m.SetupPricingRoute),
      ),
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
              loader: ({ params, request }) =>
                redirectKeepingQuery(
                  request,
                  `/settings/global/companies/${params.companyId ?? ''}/overview`,
                ),
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

const userPage = (pick: (m: typeof import('./user-routes.tsx')) => ComponentType) =>
  lazyComponent(() => import('./user-routes.tsx'), pick);
const privacyPolicy = lazyComponent(
  () => import('./site-page-routes.tsx'),
  (m) => m.PrivacyPolicyRoute,
);
const support = lazyComponent(
  () => import('./site-page-routes.tsx'),
  (m) => m.SupportRoute,
);

/** The user area and the signed-in copies of the privacy and support pages. */
function userAreaRoutes(): RouteObject[] {
  return [
    {
      path: 'user',
      handle: handle({
        breadcrumb: { labelKey: 'nav.user_settings', to: '/user/settings' },
      }),
      lazy: lazyComponent(
        () => import('../layouts/user-area-layout.tsx'),
        (m) => m.UserAreaLayout,
      ),
      children: [
        { index: true, loader: ({ request }) => redirectKeepingQuery(request, '/user/settings') },
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
  ];
}
