import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@ec/contract';
import { currentUserQueryOptions } from './api/auth-api.ts';

/** The signed-in user, or null. Cached: it does not fetch again once known. */
export function useOptionalUser(): AuthUser | null {
  return useQuery(currentUserQueryOptions()).data ?? null;
}

/**
 * The user the app already knows about, or null — never a request: the public pages under /auth do not load the
 * user (spec 001 §4), and what only follows the session (theme preference, confirmation flow) must not either.
 */
export function useKnownUser(): AuthUser | null {
  return useQuery({ ...currentUserQueryOptions(), enabled: false }).data ?? null;
}

/** The signed-in user on pages behind the guard (which guarantees one). */
export function useCurrentUser(): AuthUser {
  const user = useOptionalUser();
  if (!user) throw new Error('useCurrentUser on a page without a signed-in user');
  return user;
}
