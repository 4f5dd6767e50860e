import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@ec/contract';
import {
  matchRoutes,
  redirect,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/auth-api.ts';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary.tsx';
import { withChunkTimeout } from '../shared/lazy/chunk-load.ts';
import { RootShell } from './root-shell.tsx';
import { FullPageLoader } from './start/full-page-loader.tsx';
import { StartErrorScreen } from './start/start-error-screen.tsx';
import { createStartSequence, isAuthPath, type StartSequence } from './start/start-sequence.ts';
import type { NotFoundData } from './routes/not-found-route.tsx';
import { handle, lazyComponent } from './routes/lazy-route.ts';
import { redirectKeepingQuery } from './routes/route-helpers.ts';

/** The id of the main layout's page list, where the organisation's pages are patched in. */
export const MAIN_PAGES_ID = 'main-pages';

/** The route table and the router option that completes it (pass both to the router). */
export interface AppRoutes {
  routes: RouteObject[];
  /**
   * Adds the organisation's pages (routes/organisation-routes.tsx) to the router on the first navigation that
   * needs them; React Router calls it for every path it cannot match exactly, splat matches included.
   */
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
  /** Loads the organisation's pages into `routes` now (tests that inspect the whole table). */
  complete: () => Promise<void>;
}

/**
 * The app's routes. Every loader first joins the start sequence, so the order site info → user →
 * translations holds whatever route the visit starts on. The organisation's many pages are a separate chunk:
 * the sign-in page does not load their table (the login JavaScript budget), signed-in pages do.
 */
export function createAppRoutes(
  queryClient: QueryClient,
  start: StartSequence = createStartSequence(queryClient),
): AppRoutes {
  const joinStart = (request: Request) => start.run(new URL(request.url));

  // Filled in below, once the route table exists; loaders run only after that.
  let routes: RouteObject[] = [];
  const routeExists = (path: string) => {
    const matches = matchRoutes(routes, path);
    return matches !== null && matches[matches.length - 1]?.route.path !== '*';
  };

  // The organisation's pages: loaded once, added to this table (for routeExists) and to the router (patch).
  const loadOrganisation = withChunkTimeout(() => import('./routes/organisation-routes.tsx'));
  let organisation: Promise<RouteObject[]> | undefined;
  const ensureOrganisation = () =>
    (organisation ??= loadOrganisation().then(({ organisationRoutes }) => {
      const pages = organisationRoutes();
      const parent = findRoute(routes, MAIN_PAGES_ID);
      parent?.children?.unshift(...pages);
      return pages;
    }));
  let patched = false;
  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
    if (patched || isAuthPath(new URL(path, 'http://app').pathname)) return;
    const pages = await ensureOrganisation();
    if (patched) return;
    patched = true;
    patch(MAIN_PAGES_ID, pages);
  };

  // The guard (with the domain's access rules) loads with the first signed-in page, not with /auth/login.
  const loadGuard = withChunkTimeout(() => import('../features/auth/guard.ts'));
  const loadMenuApi = withChunkTimeout(() => import('../entities/menu/menu-queries.ts'));

  // Every signed-in page: the domain's guard (sign-in with the way back, role, set-up).
  const guarded = async ({ request }: LoaderFunctionArgs) => {
    const [{ guardRoute }] = await Promise.all([
      loadGuard(),
      joinStart(request),
      ensureOrganisation(),
    ]);
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
      ensureOrganisation(),
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
                {
                  index: true,
                  loader: ({ request }) => redirectKeepingQuery(request, '/auth/login'),
                },
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
                  // Page errors keep the sidebar and header around them. The organisation's pages are
                  // patched in here (MAIN_PAGES_ID, see createAppRoutes).
                  id: MAIN_PAGES_ID,
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
                  ],
                },
              ],
            },
            {
              // Public page: testers read a registration's mail before they can sign in (issue 3).
              // The API decides who may read it: this machine only, a super admin or DEV_MAILBOX=open.
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
  return {
    routes,
    patchRoutesOnNavigation,
    complete: async () => {
      await ensureOrganisation();
    },
  };
}

/** The route with `id` in `routes`, searched depth first. */
function findRoute(routes: readonly RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const below = route.children && findRoute(route.children, id);
    if (below) return below;
  }
  return undefined;
}
