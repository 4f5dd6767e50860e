import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveKeys, locationLiveStreamUrl, parseLocationLive } from './live-queries.ts';
import { installFakeEventSource, setVisibility, testLocationLive } from './test-support.ts';
import { useLiveStream } from './use-live-stream.ts';

function setup() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => useLiveStream(locationLiveStreamUrl(12), liveKeys.location(12), parseLocationLive),
    { wrapper },
  );
  return { ...view, queryClient };
}

describe('useLiveStream', () => {
  let Source: ReturnType<typeof installFakeEventSource>;
  beforeEach(() => {
    Source = installFakeEventSource();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the stream with credentials and writes each valid `live` event into the cache', async () => {
    const { result, queryClient } = setup();
    const source = Source.latest();
    expect(source?.url).toBe('/api/locations/12/live/stream');
    expect(source?.withCredentials).toBe(true);
    expect(result.current.status).toBe('connecting');

    const live = testLocationLive();
    act(() => source?.emit('live', live));
    await waitFor(() => expect(result.current.status).toBe('live'));
    expect(queryClient.getQueryData(liveKeys.location(12))).toEqual(live);
    expect(result.current.lastEventAt).not.toBeNull();

    // Not the contract's shape, not JSON, another event name: ignored.
    act(() => {
      source?.emit('live', { locationId: 'x' });
      source?.emit('live', 'not json');
      source?.emit('message', testLocationLive({ locationId: 99 }));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryClient.getQueryData(liveKeys.location(12))).toEqual(live);
  });

  it('says "reconnecting" after an error and reopens itself after a refused answer', async () => {
    vi.useFakeTimers();
    const { result } = setup();
    const first = Source.latest();
    act(() => first?.fail());
    expect(result.current.status).toBe('reconnecting');
    // The browser retries a dropped connection itself: no second source.
    expect(Source.instances).toHaveLength(1);
    act(() => first?.fail(true));
    expect(first?.closed).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(Source.instances).toHaveLength(2);
    expect(Source.latest()?.url).toBe('/api/locations/12/live/stream');
  });

  it('pauses while the tab is hidden and resumes when it shows again', () => {
    const { result } = setup();
    const first = Source.latest();
    act(() => setVisibility('hidden'));
    expect(first?.closed).toBe(true);
    expect(result.current.status).toBe('paused');
    expect(Source.latest()).toBeUndefined();
    act(() => setVisibility('visible'));
    expect(Source.instances).toHaveLength(2);
    expect(Source.latest()?.closed).toBe(false);
    expect(result.current.status).toBe('connecting');
  });

  it('closes the stream on unmount', () => {
    const { unmount } = setup();
    const source = Source.latest();
    unmount();
    expect(source?.closed).toBe(true);
  });
});
