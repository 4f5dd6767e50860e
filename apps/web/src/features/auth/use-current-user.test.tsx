import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authUser } from '../../shared/test/fixtures.ts';
import { currentUserKey } from './api/auth-api.ts';
import { useCurrentUser } from './use-current-user.ts';

describe('useCurrentUser', () => {
  it('keeps the last user while a page that is being left re-renders after sign-out', async () => {
    const queryClient = new QueryClient();
    const ana = authUser();
    queryClient.setQueryData(currentUserKey, ana);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current).toBe(ana);

    const renamed = authUser({ firstName: 'Anja' });
    act(() => {
      queryClient.setQueryData(currentUserKey, renamed);
    });
    await waitFor(() => expect(result.current.firstName).toBe('Anja'));

    act(() => {
      queryClient.setQueryData(currentUserKey, null);
    });
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current.firstName).toBe('Anja');
  });
});
