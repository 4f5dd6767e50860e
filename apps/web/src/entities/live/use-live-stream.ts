import { useEffect, useState } from 'react';
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  groupLiveStreamUrl,
  liveKeys,
  locationLiveStreamUrl,
  parseGroupLive,
  parseLocationLive,
  type LiveParser,
} from './live-queries.ts';

/**
 * Where a live stream stands: `connecting` until the first event, `live` while events arrive, `reconnecting` after
 * an error (EventSource retries by itself; after a refused answer we reopen it with back-off), `paused` while the
 * tab is hidden (no stream, so the controllers of a location nobody looks at fall back to their slow rate).
 */
export type LiveStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'paused';

/** The state {@link useLiveStream} reports. */
export interface LiveStreamState {
  status: LiveStreamStatus;
  /** When the last valid event arrived (epoch ms), null before the first. */
  lastEventAt: number | null;
}

/** The stream's event name (contract: `event: live`). */
export const LIVE_EVENT = 'live';
/** EventSource.CLOSED: the browser gave up (a non-200 answer) and will not retry by itself. */
const CLOSED = 2;
/** Back-off of our own reopening after the browser gave up: 2 s doubling up to a minute. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Subscribes to a live Server-Sent Events stream at `url` while the component is mounted and the tab is visible:
 * each `live` event is parsed, validated with the contract's schema (`parse`) and written into the query cache under
 * `queryKey`, so every screen reading that query updates. An invalid event is ignored. `url` null: no stream.
 */
export function useLiveStream<T>(
  url: string | null,
  queryKey: QueryKey,
  parse: LiveParser<T>,
): LiveStreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveStreamState>({
    status: 'connecting',
    lastEventAt: null,
  });
  const keyHash = hashKey(queryKey);

  useEffect(() => {
    // No URL yet, or no EventSource (an old browser, a test without one): the query's own answer stays.
    if (url === null || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RETRY_MIN_MS;
    let stopped = false;
    // Events are handled in arrival order even while the validator loads.
    let chain: Promise<void> = Promise.resolve();
    // The contract's schemas (and zod) load with the first event, not before.
    let validator: ReturnType<LiveParser<T>> | null = null;
    const key = JSON.parse(keyHash) as QueryKey;

    const onLive = (event: MessageEvent<string>) => {
      let payload: unknown;
      try {
        payload = JSON.parse(event.data);
      } catch {
        return;
      }
      chain = chain.then(async () => {
        validator ??= parse();
        const validate = await validator.catch(() => null);
        const value = validate?.(payload) ?? null;
        if (stopped || value === null) return;
        queryClient.setQueryData(key, value);
        retryDelay = RETRY_MIN_MS;
        setState({ status: 'live', lastEventAt: Date.now() });
      });
    };

    const close = () => {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      if (source) {
        source.removeEventListener(LIVE_EVENT, onLive as EventListener);
        source.close();
        source = null;
      }
    };

    const open = () => {
      close();
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.addEventListener(LIVE_EVENT, onLive as EventListener);
      current.onerror = () => {
        if (stopped || source !== current) return;
        setState((s) => ({ ...s, status: 'reconnecting' }));
        if (current.readyState === CLOSED) {
          close();
          retryTimer = setTimeout(open, retryDelay);
          retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
        }
      };
    };

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        close();
        setState((s) => ({ ...s, status: 'paused' }));
      } else if (!source && retryTimer === undefined) {
        setState((s) => ({ ...s, status: s.lastEventAt === null ? 'connecting' : 'reconnecting' }));
        open();
      }
    };

    document.addEventListener('visibilitychange', onVisibility);
    if (document.visibilityState === 'hidden') setState((s) => ({ ...s, status: 'paused' }));
    else open();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
    // keyHash stands for queryKey (a new array each render); `parse` is a module-level loader.
  }, [url, keyHash, parse, queryClient]);

  return state;
}

/** The live stream of a location, once its first answer is there (`ready`): keeps `liveKeys.location(id)` current. */
export function useLocationLiveStream(locationId: number | null, ready: boolean): LiveStreamState {
  return useLiveStream(
    locationId !== null && ready ? locationLiveStreamUrl(locationId) : null,
    liveKeys.location(locationId ?? 0),
    parseLocationLive,
  );
}

/** The live stream of a location group, once its first answer is there: keeps `liveKeys.group(id)` current. */
export function useGroupLiveStream(groupId: number | null, ready: boolean): LiveStreamState {
  return useLiveStream(
    groupId !== null && ready ? groupLiveStreamUrl(groupId) : null,
    liveKeys.group(groupId ?? 0),
    parseGroupLive,
  );
}
