import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginForm } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api, siteKey } from '../../../shared/api/client.ts';
import { isApiError } from '../../../shared/api/errors.ts';

/** Query key of the signed-in user; `null` data means "not signed in". */
export const currentUserKey = ['auth', 'user'] as const;

/**
 * The signed-in user (GET /api/auth/user). A 401 is an answer, not an error: it resolves to null ("not signed
 * in", spec 001 §7). Other failures reject.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: async ({ signal }): Promise<AuthUser | null> => {
      try {
        const { user } = await api(routes.auth.user, { signal });
        return user;
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    // The session changes only through sign-in and sign-out, which update this entry themselves.
    staleTime: Infinity,
    retry: false,
  });
}

/** Signs in (POST /api/auth/login) and records the user. Throws ApiError (login.invalid_credentials, …). */
export async function signIn(queryClient: QueryClient, values: LoginForm): Promise<AuthUser> {
  const { user } = await api(routes.auth.login, { body: { data: values } });
  queryClient.setQueryData(currentUserKey, user);
  return user;
}

/** Ends the server session (POST /api/auth/logout). */
export async function endSession(): Promise<void> {
  await api(routes.auth.logout);
}

/** Forgets everything cached for the user; site info and catalogs stay (they do not depend on the user). */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== siteKey[0] });
  queryClient.setQueryData(currentUserKey, null);
}
