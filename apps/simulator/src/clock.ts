/**
 * Time as the controllers see it: injectable, so tests step through minutes in microseconds and a load test could
 * run faster than real time. The models never read a clock; the controller passes them instants from here.
 */

/** A clock with timers. */
export interface Clock {
  /** Milliseconds since 1970. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface ManualTimer {
  id: number;
  due: number;
  callback: () => void;
}

/** A clock that moves only when told (`advance`), firing due timers in order. For tests. */
export class ManualClock implements Clock {
  private time: number;
  private timers: ManualTimer[] = [];
  private nextId = 1;

  constructor(startMs: number) {
    this.time = startMs;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, due: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way (at its due time). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: ManualTimer | undefined;
      for (const timer of this.timers) {
        if (
          timer.due <= end &&
          (!next || timer.due < next.due || (timer.due === next.due && timer.id < next.id))
        )
          next = timer;
      }
      if (!next) break;
      const due = next;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.due);
      due.callback();
    }
    this.time = end;
  }

  /** How many timers are pending. */
  get pending(): number {
    return this.timers.length;
  }
}
