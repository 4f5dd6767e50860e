import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { sql, type Database } from '@ec/db';
import type { Logger } from '../../logger.ts';

/** The PostgreSQL channel of live changes; a payload is a comma-separated list of location ids. */
export const LIVE_CHANNEL = 'ec_live';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes on: larger lists go out in several notifications. */
const MAX_PAYLOAD = 7_900;
/** Back-off between attempts to (re)open the LISTEN connection. */
const RECONNECT_MS = [250, 1_000, 5_000];

/** Called with the locations whose live data changed (new readings, presence, adopted devices…). */
export type LiveListener = (locationIds: readonly number[]) => void;

/**
 * Tells every instance's live streams that locations changed. In-process on PGlite (one process owns the
 * database); on PostgreSQL through NOTIFY on {@link LIVE_CHANNEL} and one dedicated LISTEN connection per instance
 * (opened with the first subscriber, reopened with back-off when it drops), so a commit on any instance reaches the
 * streams of all of them. While that connection is down, `notify` also reaches this instance's own subscribers
 * directly.
 */
export interface LiveBus {
  /** Announces changed locations, after their commit. Never throws (a failure is logged). */
  notify(locationIds: readonly number[]): Promise<void>;
  /** Listens for changed locations; returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void;
  /** Ends the LISTEN connection. */
  close(): Promise<void>;
}

/** The comma-separated payloads for a list of ids, each below PostgreSQL's limit. */
export function livePayloads(locationIds: readonly number[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const id of new Set(locationIds)) {
    if (!Number.isSafeInteger(id) || id <= 0) continue;
    const text = String(id);
    if (current.length + text.length + 1 > MAX_PAYLOAD) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${text}` : text;
  }
  if (current) payloads.push(current);
  return payloads;
}

/** The location ids of a payload (anything that is not a positive integer is ignored). */
export function parseLivePayload(payload: string | undefined): number[] {
  if (!payload) return [];
  return payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The live bus of a database (see {@link LiveBus}). */
export function createLiveBus(database: Database, log?: Logger): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const emit = (ids: readonly number[]) => {
    if (ids.length > 0) emitter.emit('change', ids);
  };

  let listening: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let attempts = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  async function listen(): Promise<void> {
    if (database.kind !== 'postgres' || closed || listening || connecting) return;
    const pool = database.client as pg.Pool;
    connecting = (async () => {
      let client: pg.PoolClient | undefined;
      try {
        client = await pool.connect();
        client.on('notification', (message) => {
          if (message.channel === LIVE_CHANNEL) emit(parseLivePayload(message.payload));
        });
        const lost = (error?: Error) => {
          if (listening !== client) return;
          listening = null;
          client?.release(error ?? true);
          if (!closed) {
            log?.warn({ err: error }, 'live bus: LISTEN connection lost, reopening');
            schedule();
          }
        };
        client.on('error', lost);
        client.on('end', () => lost());
        await client.query(`listen ${LIVE_CHANNEL}`);
        if (closed) {
          client.release(true);
          return;
        }
        listening = client;
        attempts = 0;
      } catch (error) {
        client?.release(true);
        log?.warn({ err: error }, 'live bus: cannot LISTEN, retrying');
        schedule();
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  function schedule(): void {
    if (closed || retry) return;
    const delay = RECONNECT_MS[Math.min(attempts, RECONNECT_MS.length - 1)] ?? 5_000;
    attempts += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, delay);
    retry.unref();
  }

  return {
    async notify(locationIds) {
      const payloads = livePayloads(locationIds);
      if (payloads.length === 0) return;
      if (database.kind !== 'postgres') {
        emit(payloads.flatMap(parseLivePayload));
        return;
      }
      // Without our own LISTEN connection the notification would not come back to this instance's streams.
      if (!listening && emitter.listenerCount('change') > 0)
        emit(payloads.flatMap(parseLivePayload));
      try {
        for (const payload of payloads) {
          await database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
        }
      } catch (error) {
        log?.warn({ err: error }, 'live bus: NOTIFY failed');
      }
    },

    subscribe(listener) {
      const handler = (ids: readonly number[]) => listener(ids);
      emitter.on('change', handler);
      void listen();
      return () => {
        emitter.off('change', handler);
      };
    },

    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting;
      const client = listening;
      listening = null;
      if (client) {
        try {
          await client.query(`unlisten ${LIVE_CHANNEL}`);
        } catch {
          // The connection is going away anyway.
        }
        client.release(true);
      }
      emitter.removeAllListeners();
    },
  };
}
