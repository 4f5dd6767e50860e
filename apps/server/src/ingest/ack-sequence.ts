/**
 * The acknowledged seq of a controller (docs/controller-protocol.md, "Acknowledgements and the outbox"): an ack of n
 * tells the controller that every message up to n is stored, so it drops them from its outbox. It may therefore
 * only reach n when every seq up to n is committed — not merely the highest one committed. With a shared
 * subscription two instances split one controller's stream, and two transactions of one instance can be in flight
 * at once: seq 11 can commit while seq 10 is still queued elsewhere, or is lost with a crashed instance. Acking 11
 * then would lose 10. So committed seqs above a gap wait in `pending` until the gap fills (the controller re-sends
 * what it has not seen acknowledged within 30 s).
 *
 * A gap can also be permanent: a controller that skipped numbers, or lost its counter and restarted from the Unix
 * time (the protocol's rule 4). A gap older than {@link AckLimits.gapMs} is skipped (and counted), so such a
 * controller is acknowledged again after a few minutes instead of never.
 */

/** What the store keeps per controller (table `controller_ingest`). */
export interface AckState {
  /** Every seq up to this one is committed; null before the first commit. */
  acked: number | null;
  /** Committed seqs above `acked + 1`, ascending. */
  pending: number[];
  /** When the current gap was first seen (ms), or null without a gap. */
  gapSince: number | null;
}

export interface AckLimits {
  /** A gap older than this is skipped (default 5 minutes: ten re-send periods of a controller). */
  gapMs: number;
  /** At most this many pending seqs; beyond it the gap is skipped at once (default 1,000). */
  maxPending: number;
}

export const DEFAULT_ACK_LIMITS: AckLimits = { gapMs: 5 * 60_000, maxPending: 1000 };

/** The state after `committed` seqs were committed at `now`, and how many missing seqs were skipped. */
export function advanceAck(
  state: AckState,
  committed: readonly number[],
  now: number,
  limits: AckLimits = DEFAULT_ACK_LIMITS,
): AckState & { skipped: number } {
  if (committed.length === 0 && (state.pending.length === 0 || state.acked === null))
    return { ...state, skipped: 0 };
  // The first commit of a controller starts the sequence where the controller is.
  let acked = state.acked ?? Math.min(...committed) - 1;
  const pending = new Set(state.pending.filter((seq) => seq > acked));
  for (const seq of committed) if (seq > acked) pending.add(seq);
  let skipped = 0;
  let gapSince = state.gapSince;
  for (;;) {
    while (pending.delete(acked + 1)) acked += 1;
    if (pending.size === 0) {
      gapSince = null;
      break;
    }
    gapSince ??= now;
    if (now - gapSince < limits.gapMs && pending.size <= limits.maxPending) break;
    // Skip the gap: jump to the lowest pending seq and go on from there; a later gap gets its own time.
    const lowest = Math.min(...pending);
    skipped += lowest - acked - 1;
    acked = lowest - 1;
    gapSince = now;
  }
  return { acked, pending: [...pending].sort((a, b) => a - b), gapSince, skipped };
}
