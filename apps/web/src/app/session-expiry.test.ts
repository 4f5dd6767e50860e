import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../features/auth/api/auth-api.ts';
import { ApiError } from '../shared/api/errors.ts';
import { authUser } from '../shared/test/fixtures.ts';
import { createSessionExpiryHandler } from './session-expiry.ts';

const unauthenticated = new ApiError({
  status: 401,
  code: 'UNAUTHENTICATED',
  message: 'errors.UNAUTHENTICATED',
});

function setup(signedIn: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserKey, signedIn ? authUser() : null);
  queryClient.setQueryData(['locations'], ['secret']);
  const router = createMemoryRouter([{ path: '*', element: null, HydrateFallback: () => null }], {
    initialEntries: ['/support?tab=2'],
  });
  return { queryClient, router, handle: createSessionExpiryHandler(queryClient, router) };
}

describe('session expiry', () => {
  it('sends a signed-in user whose session ended to sign-in, keeping the page, and forgets their data', async () => {
    const { queryClient, router, handle } = setup(true);
    handle(unauthenticated);
    await expect
      .poll(() => `${router.state.location.pathname}${router.state.location.search}`)
      .toBe('/auth/login?redirect=%2Fsupport%3Ftab%3D2');
    await expect.poll(() => queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(queryClient.getQueryData(['locations'])).toBeUndefined();
  });

  it('ignores 401s while signed out (a wrong password) and other errors', () => {
    const signedOut = setup(false);
    signedOut.handle(unauthenticated);
    expect(signedOut.router.state.location.pathname).toBe('/support');

    const signedIn = setup(true);
    signedIn.handle(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }));
    expect(signedIn.router.state.location.pathname).toBe('/support');
  });
});
