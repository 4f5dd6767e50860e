/**
 * Per-phase timings of the server's start (issue 10: a first start took 52 s on a busy machine and nobody could
 * tell where). `run` times one phase; `summary` gives every phase in milliseconds, in order, for the start log.
 */
export interface StartupPhases {
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Milliseconds per phase in the order they ran (a phase run twice adds up). */
  summary(): Record<string, number>;
}

/** A phase timer; `now` is injectable for tests. */
export function createStartupPhases(now: () => number = () => performance.now()): StartupPhases {
  const phases = new Map<string, number>();
  return {
    async run(name, work) {
      const started = now();
      try {
        return await work();
      } finally {
        phases.set(name, (phases.get(name) ?? 0) + (now() - started));
      }
    },
    summary() {
      return Object.fromEntries([...phases].map(([name, ms]) => [name, Math.round(ms)]));
    },
  };
}
