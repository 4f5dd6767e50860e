import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('toasts', () => {
  it('want their container (and its chunk) only from the first toast on', async () => {
    vi.resetModules();
    vi.doMock('@mantine/notifications', () => ({
      notifications: { show: vi.fn() },
      Notifications: () => null,
    }));
    const { showToast, useToastsWanted } = await import('./toast.ts');
    const { result } = renderHook(() => useToastsWanted());
    expect(result.current).toBe(false);
    act(() => showToast({ message: 'Saved' }));
    expect(result.current).toBe(true);
    vi.doUnmock('@mantine/notifications');
  });
});
