import { useState } from 'react';
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

/**
 * The signed-in user on pages behind the guard (which guarantees one). Sign-out and session expiry navigate away
 * first and forget the user afterwards, but React may still be committing that navigation (a transition) when the
 * cache empties: the page then keeps the last user it had for the few renders before it unmounts.
 */
export function useCurrentUser(): AuthUser {
  const user = useOptionalUser();
  const [last, setLast] = useState(user);
  if (user && user !== last) setLast(user);
  const current = user ?? last;
  if (!current) throw new Error('useCurrentUser on a page without a signed-in user');
  return current;
}
