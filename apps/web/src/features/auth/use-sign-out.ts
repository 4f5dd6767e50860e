import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endSession, forgetSession } from './api/auth-api.ts';

/**
 * Signs out: ends the server session, goes to /auth/login, then forgets the cached user (after leaving, so
 * signed-in pages never render without a user). The local sign-out happens even if the call fails.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await endSession();
    } catch {
      // Offline or already signed out: the server session expires on its own.
    }
    await navigate('/auth/login', { replace: true });
    forgetSession(queryClient);
    setPending(false);
  }, [navigate, queryClient]);
  return { signOut, pending };
}
