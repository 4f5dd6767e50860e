import type { Log } from '../logger.ts';

/** How often one refusal reason is logged at most (ms); the ones in between are counted and reported with the next. */
export const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * Counts refused messages and connections per reason (`telemetry:invalid`, `acl:publish`, …) and logs them with the
 * controller's unit ID, at most once per reason every {@link REFUSAL_LOG_INTERVAL_MS}: a misbehaving fleet must not
 * flood the log, and a refusal must never throw into the stream.
 */
export function createRefusalCounter(log: Log, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const counts = new Map<string, number>();
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  return {
    /** Counts one refusal and logs it unless the same reason was logged recently. */
    refuse(
      reason: string,
      details: { unitId?: string | null; topic?: string; detail?: string },
    ): void {
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
      const last = lastLogged.get(reason);
      const at = now();
      if (last && at - last.at < REFUSAL_LOG_INTERVAL_MS) {
        last.suppressed += 1;
        return;
      }
      lastLogged.set(reason, { at, suppressed: 0 });
      log.warn(
        { reason, ...details, suppressedSinceLast: last?.suppressed ?? 0 },
        `mqtt: refused (${reason})`,
      );
    },
    /** The counts so far, by reason. */
    counts(): Record<string, number> {
      return Object.fromEntries(counts);
    },
  };
}

export type RefusalCounter = ReturnType<typeof createRefusalCounter>;
