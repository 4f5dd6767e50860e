import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../logger.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { LiveBus } from './live-bus.ts';

/** Timings of the live streams (ms). Tests shorten them with `setTiming`. */
export interface LiveStreamTiming {
  /** Changes arriving within this window are sent as one event (≤ 250 ms keeps a push within 1 s). */
  debounceMs: number;
  /** A comment line this often keeps proxies from closing an idle stream; the data is re-read then too, so values
   * older than a minute leave the current flows even when nothing new arrives. */
  heartbeatMs: number;
  /** The session is checked again this often; the stream ends when it expired or was signed out. */
  sessionCheckMs: number;
  /** While a location is watched, `onWatch` is called at once and again this often. */
  watchRenewMs: number;
}

export const DEFAULT_STREAM_TIMING: LiveStreamTiming = {
  debounceMs: 200,
  heartbeatMs: 15_000,
  sessionCheckMs: 60_000,
  watchRenewMs: 30_000,
};

/** What one stream sends and how it stays authorised. */
export interface StreamOptions<T> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The locations whose changes (on the live bus) make the stream read and send again. */
  locationIds: readonly number[];
  /** Whether the stream counts as watching its locations (calls `onWatch`; location streams, not group ones). */
  watch: boolean;
  /** The first event's data, read (and authorised) before the stream opened. */
  first: T;
  actor: Actor;
  /** Reads the data again for the actor; an AppError (e.g. 404 when access was withdrawn) ends the stream. */
  read(actor: Actor): Promise<T>;
  /** The session's actor now, or null when it ended. */
  resolveActor(): Promise<Actor | null>;
}

/**
 * The open Server-Sent Events streams of this instance: one `event: live` at once, another within
 * `debounceMs` of every change of one of its locations on the live bus (only when the data differs), a comment every
 * `heartbeatMs`; ended when the client goes, the session ends, access is withdrawn, or the server closes.
 * `onWatch(locationId)` is called while at least one location stream watches a location: at once, then every
 * `watchRenewMs` (the broker turns it into a `live` command for the location's controllers).
 */
export function createLiveStreams(deps: {
  bus: LiveBus;
  onWatch?: (locationId: number) => void | Promise<void>;
  log?: Logger;
}) {
  const timing: LiveStreamTiming = { ...DEFAULT_STREAM_TIMING };
  const open = new Set<() => void>();
  const watched = new Map<number, { count: number; timer: NodeJS.Timeout }>();

  function callWatch(locationId: number): void {
    if (!deps.onWatch) return;
    try {
      void Promise.resolve(deps.onWatch(locationId)).catch((error: unknown) =>
        deps.log?.warn({ err: error, locationId }, 'live: onWatch failed'),
      );
    } catch (error) {
      deps.log?.warn({ err: error, locationId }, 'live: onWatch failed');
    }
  }

  function watch(locationId: number): void {
    const entry = watched.get(locationId);
    if (entry) {
      entry.count += 1;
      return;
    }
    const timer = setInterval(() => callWatch(locationId), timing.watchRenewMs);
    timer.unref();
    watched.set(locationId, { count: 1, timer });
    callWatch(locationId);
  }

  function unwatch(locationId: number): void {
    const entry = watched.get(locationId);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count > 0) return;
    clearInterval(entry.timer);
    watched.delete(locationId);
  }

  return {
    timing,

    /** Changes the timings of streams opened from now on (tests). */
    setTiming(changes: Partial<LiveStreamTiming>): void {
      Object.assign(timing, changes);
    },

    /** How many streams are open. */
    get size(): number {
      return open.size;
    },

    /** The locations being watched now. */
    watchedLocations(): number[] {
      return [...watched.keys()];
    },

    /**
     * Takes the reply over and streams. Call it after the first read succeeded (so a 404 is still an ordinary
     * answer); resolves once the stream is open.
     */
    open<T>(options: StreamOptions<T>): void {
      const { reply, request } = options;
      const raw = reply.raw;
      const ids = new Set(options.locationIds);
      const { debounceMs, heartbeatMs, sessionCheckMs } = timing;
      let actor = options.actor;
      let last = '';
      let ended = false;
      let debounce: NodeJS.Timeout | undefined;
      let reading = false;
      let again = false;

      reply.hijack();
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && name !== 'content-length' && name !== 'content-encoding')
          headers[name] = value;
      }
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.flushHeaders();
      // A HEAD request (Fastify answers one for every GET route) gets the headers only.
      if (request.method === 'HEAD') {
        raw.end();
        return;
      }

      const send = (data: T) => {
        const text = JSON.stringify(data);
        if (text === last) return;
        // A client that does not keep up gets the newest state once its buffer drained, not every one in between.
        if (raw.writableNeedDrain) {
          raw.once('drain', schedule);
          return;
        }
        last = text;
        raw.write(`event: live\ndata: ${text}\n\n`);
      };

      async function push(): Promise<void> {
        if (ended) return;
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          send(await options.read(actor));
        } catch (error) {
          if (error instanceof AppError) return end();
          deps.log?.warn({ err: error }, 'live: reading a stream’s data failed');
        } finally {
          reading = false;
        }
        if (again) {
          again = false;
          void push();
        }
      }

      const schedule = () => {
        if (ended || debounce) return;
        debounce = setTimeout(() => {
          debounce = undefined;
          void push();
        }, debounceMs);
      };

      const unsubscribe = deps.bus.subscribe((changed) => {
        if (changed.some((id) => ids.has(id))) schedule();
      });
      const heartbeat = setInterval(() => {
        if (ended) return;
        raw.write(': keep-alive\n\n');
        schedule();
      }, heartbeatMs);
      const sessionCheck = setInterval(() => {
        options
          .resolveActor()
          .then((current) => {
            if (!current) end();
            else actor = current;
          })
          .catch((error: unknown) => deps.log?.warn({ err: error }, 'live: session check failed'));
      }, sessionCheckMs);

      function end(): void {
        if (ended) return;
        ended = true;
        clearTimeout(debounce);
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        if (options.watch) for (const id of ids) unwatch(id);
        open.delete(end);
        if (!raw.writableEnded) raw.end();
      }

      open.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      raw.on('error', end);
      if (options.watch) for (const id of ids) watch(id);
      // The client may have gone while the first read ran.
      if (request.raw.destroyed || raw.destroyed) return end();
      send(options.first);
    },

    /** Ends every stream (the server is closing). */
    closeAll(): void {
      for (const end of [...open]) end();
    },
  };
}

/** The live streams of this instance. */
export type LiveStreams = ReturnType<typeof createLiveStreams>;
