import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@ec/contract';
import { currentUserQueryOptions } from './api/auth-api.ts';

/** The signed-in user, or null. Cached: it does not fetch again once known. */
export function useOptionalUser(): AuthUser | null {
  return useQuery(currentUserQueryOptions()).data ?? null;
}

/** The signed-in user on pages behind the guard (which guarantees one). */
export function useCurrentUser(): AuthUser {
  const user = useOptionalUser();
  if (!user) throw new Error('useCurrentUser on a page without a signed-in user');
  return user;
}
