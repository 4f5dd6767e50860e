import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { entityCrumb } from './route-helpers.ts';
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
 * one frame route that requires `edit` on the location, and the device-group pages (location-manage-*.tsx).
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
      page('pricing-plans', 'route_titles.pricing_plans'),
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
          // Pricing belongs to the pricing issue.
          {
            path: 'pricing',
            handle: handle({ breadcrumb: { labelKey: 'route_titles.pricing' } }),
            children: [
              indexPage('route_titles.pricing'),
              {
                path: 'price-lists',
                handle: handle({ breadcrumb: { labelKey: 'route_titles.price_lists' } }),
                children: [
                  indexPage('route_titles.price_lists'),
                  page('create', 'route_titles.price_list_create'),
                  page(':priceListId', 'route_titles.price_list'),
                ],
              },
              {
                path: 'plans',
                handle: handle({ breadcrumb: { labelKey: 'route_titles.plans' } }),
                children: [
                  indexPage('route_titles.plans'),
                  page('create', 'route_titles.plan_create'),
                  page(':planId', 'route_titles.plan'),
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
