import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/auth-api.ts';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary.tsx';
import { withChunkTimeout } from '../shared/lazy/chunk-load.ts';
import type { RouteHandle } from '../shared/routing/route-handle.ts';
import { RootShell } from './root-shell.tsx';
import { FullPageLoader } from './start/full-page-loader.tsx';
import { StartErrorScreen } from './start/start-error-screen.tsx';
import { createStartSequence, isAuthPath, type StartSequence } from './start/start-sequence.ts';
import type { NotFoundData } from './routes/not-found-route.tsx';

/**
 * A lazy route module (every page and layout is one, docs/architecture.md §6) loaded through the chunk
 * timeout: a failed or stalled chunk shows the chunk error with Reload (spec 001 §8).
 */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const timed = withChunkTimeout(load);
  return async () => ({ Component: pick(await timed()) });
}

const handle = (value: RouteHandle): RouteHandle => value;

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

  // Every signed-in page: the domain's guard (sign-in with the way back, role, set-up).
  const guarded = async ({ request }: LoaderFunctionArgs) => {
    const [{ guardRoute }] = await Promise.all([loadGuard(), joinStart(request)]);
    return guardRoute(queryClient, request, routeExists);
  };

  // `/`: the role's landing page once it exists, else the home page.
  const landing = async ({ request }: LoaderFunctionArgs) => {
    const [{ landingRedirect }] = await Promise.all([loadGuard(), joinStart(request)]);
    const user = await queryClient.ensureQueryData(currentUserQueryOptions());
    const to = user && landingRedirect(user, new URL(request.url).search, routeExists);
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
