import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { entityCrumb, redirectKeepingQuery } from './route-helpers.ts';
import { framePage, handle, lazyComponent } from './lazy-route.ts';

/** A page of the Manage Location area (location-manage-routes.tsx, one chunk for all but settings). */
const managePage = (pick: (m: typeof import('./location-manage-routes.tsx')) => ComponentType) =>
  lazyComponent(() => import('./location-manage-routes.tsx'), pick);
/** The settings page carries the map (its own chunk; Leaflet loads later still, with the map). */
/** The live overview (locations/:locationId index; live-routes.tsx, shared with the group page). */
const overviewPage = lazyComponent(
  () => import('./live-routes.tsx'),
  (m) => m.LocationOverviewRoute,
);
const spotMarketPage = lazyComponent(
  () => import('./spot-market-route.tsx'),
  (m) => m.LocationSpotMarketRoute,
);
/** A pricing page (pricing-routes.tsx, issue 13; one chunk with the top-level pricing pages). */
const pricingPage = (pick: (m: typeof import('./pricing-routes.tsx')) => ComponentType) =>
  lazyComponent(() => import('./pricing-routes.tsx'), pick);
const manageSettingsPage = lazyComponent(
  () => import('./location-manage-settings-route.tsx'),
  (m) => m.ManageSettingsRoute,
);

/** A leaf page with a title that is also its breadcrumb. */
function page(path: string, titleKey: string, lazy = framePage): RouteObject {
  return { path, handle: handle({ title: titleKey, breadcrumb: { labelKey: titleKey } }), lazy };
}

/** An index page: the title only (the parent's crumb already names it). */
function indexPage(titleKey: string, lazy = framePage): RouteObject {
  return { index: true, handle: handle({ title: titleKey }), lazy };
}

/** Options of {@link locationSubtree}. */
export interface LocationSubtreeOptions {
  /**
   * Whether the subtree keeps a saved navigation context (spec 000 §4): true for the top-level
   * /locations/:locationId, opened from a group's page; under a group path the group is in the path already.
   */
  keepsContext?: boolean;
}

/**
 * The location subtree of spec 000 §2, repeated under /locations, /location-groups/:locationGroupId and
 * /companies/:companyId/location-groups/:locationGroupId: overview (index), reports, charts, strategies,
 * summary, flexibility, pricing plans, category; manage (settings, users, structure, controllers with their
 * devices, pricing); device groups with their devices. Pages of later issues show the frame with "no data yet".
 *
 * Plugged in: the Manage Location pages (index, settings, users, structure, oem-devices and their devices) inside
 * one frame route that requires `edit` on the location, and the device-group pages (location-manage-*.tsx); the
 * pricing pages (pricing-plans; manage/pricing price lists and plans, in the same frame) from pricing-routes.tsx.
 */
export function locationSubtree({
  keepsContext = false,
}: LocationSubtreeOptions = {}): RouteObject {
  return {
    path: 'locations/:locationId',
    handle: handle({
      breadcrumb: entityCrumb('location', 'locationId', 'route_titles.location'),
      ...(keepsContext ? { navigation: 'keep' as const } : {}),
    }),
    children: [
      indexPage('route_titles.location_overview', overviewPage),
      page('reports', 'route_titles.reports'),
      page('charts', 'route_titles.charts'),
      {
        path: 'strategies',
        handle: handle({ breadcrumb: { labelKey: 'route_titles.strategies' } }),
        children: [
          indexPage('route_titles.strategies'),
          page(':strategyId', 'route_titles.strategy'),
        ],
      },
      page('summary', 'route_titles.summary'),
      page('flexibility', 'route_titles.flexibility'),
      page(
        'pricing-plans',
        'route_titles.pricing_plans',
        pricingPage((m) => m.LocationPricingPlansRoute),
      ),
      page('category/:categoryId', 'route_titles.category'),
      {
        path: 'manage',
        handle: handle({ breadcrumb: { labelKey: 'nav.manage_location' } }),
        children: [
          {
            // The Manage Location frame: loads the location, requires `edit` on it, links the sections.
            lazy: managePage((m) => m.ManageLayoutRoute),
            children: [
              indexPage(
                'nav.manage_location',
                managePage((m) => m.ManageIndexRoute),
              ),
              page('settings', 'route_titles.manage_settings', manageSettingsPage),
              page(
                'users',
                'route_titles.manage_users',
                managePage((m) => m.ManageUsersRoute),
              ),
              page(
                'structure',
                'route_titles.manage_structure',
                managePage((m) => m.ManageStructureRoute),
              ),
              {
                path: 'oem-devices',
                handle: handle({ breadcrumb: { labelKey: 'route_titles.oem_devices' } }),
                children: [
                  indexPage(
                    'route_titles.oem_devices',
                    managePage((m) => m.ControllersRoute),
                  ),
                  {
                    path: ':oemDeviceId',
                    handle: handle({ breadcrumb: { labelKey: 'route_titles.oem_device' } }),
                    children: [
                      indexPage(
                        'route_titles.oem_device',
                        managePage((m) => m.ControllerRoute),
                      ),
                      page(
                        'devices/:deviceId',
                        'route_titles.device',
                        managePage((m) => m.ControllerDeviceRoute),
                      ),
                    ],
                  },
                ],
              },
            ],
          },
          // Pricing (issue 13): price lists and plans inside the Manage Location frame (edit needed).
          {
            path: 'pricing',
            handle: handle({ breadcrumb: { labelKey: 'route_titles.pricing' } }),
            children: [
              {
                // The section opens on its price lists.
                index: true,
                handle: handle({ title: 'route_titles.pricing' }),
                loader: ({ request }) =>
                  redirectKeepingQuery(
                    request,
                    `${new URL(request.url).pathname.replace(/\/$/, '')}/price-lists`,
                  ),
              },
              {
                lazy: managePage((m) => m.ManageLayoutRoute),
                children: [
                  {
                    path: 'price-lists',
                    handle: handle({ breadcrumb: { labelKey: 'route_titles.price_lists' } }),
                    children: [
                      indexPage(
                        'route_titles.price_lists',
                        pricingPage((m) => m.ManagePriceListsRoute),
                      ),
                      page(
                        'create',
                        'route_titles.price_list_create',
                        pricingPage((m) => m.ManagePriceListCreateRoute),
                      ),
                      page(
                        ':priceListId',
                        'route_titles.price_list',
                        pricingPage((m) => m.ManagePriceListRoute),
                      ),
                    ],
                  },
                  {
                    path: 'plans',
                    handle: handle({ breadcrumb: { labelKey: 'route_titles.plans' } }),
                    children: [
                      indexPage(
                        'route_titles.plans',
                        pricingPage((m) => m.ManagePlansRoute),
                      ),
                      page(
                        'create',
                        'route_titles.plan_create',
                        pricingPage((m) => m.ManagePlanCreateRoute),
                      ),
                      page(
                        ':planId',
                        'route_titles.plan',
                        pricingPage((m) => m.ManagePlanRoute),
                      ),
                    ],
                  },
                ],
              },
              page('spot-market', 'route_titles.spot_market', spotMarketPage),
            ],
          },
        ],
      },
      {
        // The device group page and a device in it (location-manage-routes.tsx).
        path: 'device-groups/:deviceGroupId',
        handle: handle({
          breadcrumb: entityCrumb('device-group', 'deviceGroupId', 'route_titles.device_group'),
        }),
        children: [
          indexPage(
            'route_titles.device_group',
            managePage((m) => m.DeviceGroupRoute),
          ),
          {
            path: 'devices/:did',
            handle: handle({
              title: 'route_titles.device',
              breadcrumb: entityCrumb('device', 'did', 'route_titles.device'),
            }),
            lazy: managePage((m) => m.DeviceGroupDeviceRoute),
          },
        ],
      },
    ],
  };
}
