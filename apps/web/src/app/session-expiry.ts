import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { currentUserKey, forgetSession } from '../features/auth/api/auth-api.ts';
import { loginUrlFor } from '../features/auth/redirect-target.ts';
import { isApiError } from '../shared/api/errors.ts';

/**
 * A 401 from any call while the app believes the user is signed in means the session ended (expired, signed
 * out elsewhere): go to the sign-in page, which brings the user back here afterwards, then forget the user's
 * data (spec 001 §7: a 401 triggers logout). 401s while signed out (a wrong password) are left to the caller.
 */
export function createSessionExpiryHandler(
  queryClient: QueryClient,
  router: DataRouter,
): (error: unknown) => void {
  let leaving = false;
  return (error) => {
    if (!isApiError(error, 401) || leaving || !queryClient.getQueryData(currentUserKey)) return;
    leaving = true;
    const { pathname, search } = router.state.location;
    void router.navigate(loginUrlFor(`${pathname}${search}`), { replace: true }).finally(() => {
      forgetSession(queryClient);
      leaving = false;
    });
  };
}
