import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { AuthUser } from '@ec/contract';
import { currentUserQueryOptions } from './api/auth-api.ts';
import { loginUrlFor } from './redirect-target.ts';

/**
 * Route guard for signed-in pages (spec 000 §4): the user, or a redirect to /auth/login?redirect=<this page>
 * when not signed in. Uses the user loaded by the start sequence when there is one.
 */
export async function requireUser(queryClient: QueryClient, request: Request): Promise<AuthUser> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginUrlFor(`${url.pathname}${url.search}`));
}
