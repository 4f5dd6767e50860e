// Wall-clock arithmetic for any IANA time zone without a date library, generalising network-fee/time-zone.ts
// (which is fixed to Europe/Ljubljana): the offsets of a year and the instants where they change are found once
// (Intl, sampling month starts then bisecting to the minute) and cached, so converting an instant afterwards is
// arithmetic. Assumes a zone changes its offset at most once between two month starts (true of every European zone).

import { DAY_MS, MINUTE_MS } from '../network-fee/time-zone.ts';

/** Converts between UTC instants and the wall clock of one time zone. */
export interface ZoneClock {
  /** The IANA name. */
  readonly timeZone: string;
  /** Offset of local time from UTC at an instant, in ms (3 600 000 for CET). */
  offsetMs(instantMs: number): number;
  /** Days since 1970-01-01 of the local date of an instant. */
  dayNumberOf(instantMs: number): number;
  /** The instant (UTC ms) at which a local day starts (local midnight). */
  dayStartMs(dayNumber: number): number;
}

interface Segment {
  readonly from: number;
  readonly to: number;
  readonly offset: number;
}

function offsetFormatter(timeZone: string): (ms: number) => number {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (ms) => {
    const f: Record<string, number> = {};
    for (const part of formatter.formatToParts(new Date(ms))) f[part.type] = Number(part.value);
    const asUtc = Date.UTC(
      f.year ?? 0,
      (f.month ?? 1) - 1,
      f.day ?? 1,
      f.hour ?? 0,
      f.minute ?? 0,
      f.second ?? 0,
    );
    return asUtc - Math.floor(ms / 1000) * 1000;
  };
}

function yearSegments(year: number, intlOffset: (ms: number) => number): Segment[] {
  const startMs = Date.UTC(year, 0, 1);
  const endMs = Date.UTC(year + 1, 0, 1);
  const segments: Segment[] = [];
  let from = startMs;
  let current = intlOffset(startMs);
  let lo = startMs;
  for (let m = 1; m <= 12; m++) {
    const hi = m === 12 ? endMs - 1 : Date.UTC(year, m, 1);
    const atHi = intlOffset(hi);
    if (atHi !== current) {
      let a = lo;
      let b = hi;
      while (b - a > MINUTE_MS) {
        const mid = a + Math.floor((b - a) / 2 / MINUTE_MS) * MINUTE_MS;
        if (intlOffset(mid) === current) a = mid;
        else b = mid;
      }
      const change = Math.ceil(b / MINUTE_MS) * MINUTE_MS;
      segments.push({ from, to: change, offset: current });
      from = change;
      current = atHi;
    }
    lo = hi;
  }
  segments.push({ from, to: endMs, offset: current });
  return segments;
}

const clocks = new Map<string, ZoneClock>();

/** The (cached) clock of an IANA time zone; throws a RangeError for an unknown zone. */
export function zoneClock(timeZone: string): ZoneClock {
  const cached = clocks.get(timeZone);
  if (cached) return cached;
  const intlOffset = offsetFormatter(timeZone);
  const years = new Map<number, Segment[]>();
  let last: Segment = { from: 0, to: 0, offset: 0 };

  function offsetMs(instantMs: number): number {
    if (instantMs >= last.from && instantMs < last.to) return last.offset;
    const year = new Date(instantMs).getUTCFullYear();
    let segments = years.get(year);
    if (!segments) {
      segments = yearSegments(year, intlOffset);
      years.set(year, segments);
    }
    for (const s of segments) {
      if (instantMs < s.to) {
        last = s;
        return s.offset;
      }
    }
    return (segments.at(-1) as Segment).offset;
  }

  const clock: ZoneClock = {
    timeZone,
    offsetMs,
    dayNumberOf: (instantMs) => Math.floor((instantMs + offsetMs(instantMs)) / DAY_MS),
    dayStartMs(dayNumber) {
      const local = dayNumber * DAY_MS;
      // The offset just before local midnight and the one at the guessed instant agree unless midnight itself
      // is skipped (not in Europe); the second guess settles on the instant whose wall clock is midnight.
      const first = local - offsetMs(local - offsetMs(local));
      return first + offsetMs(first) === local ? first : local - offsetMs(first);
    },
  };
  clocks.set(timeZone, clock);
  return clock;
}
