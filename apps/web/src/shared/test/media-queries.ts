// A controllable window.matchMedia for tests: jsdom has none, and the shell's behaviour depends on the viewport.

let matching = new Set<string>();
const listeners = new Set<() => void>();

/** Makes the listed media queries match (exact strings as the code passes them); all others do not. */
export function setMatchingMediaQueries(queries: readonly string[]): void {
  matching = new Set(queries);
  for (const notify of listeners) notify();
}

/** Installs the stub with nothing matching. */
export function resetMediaQueries(): void {
  matching = new Set();
  listeners.clear();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const handlers = new Set<(event: MediaQueryListEvent) => void>();
      const list = {
        media: query,
        get matches() {
          return matching.has(query);
        },
        onchange: null,
        addEventListener: (_type: string, handler: (event: MediaQueryListEvent) => void) => {
          handlers.add(handler);
        },
        removeEventListener: (_type: string, handler: (event: MediaQueryListEvent) => void) => {
          handlers.delete(handler);
        },
        addListener: (handler: (event: MediaQueryListEvent) => void) => handlers.add(handler),
        removeListener: (handler: (event: MediaQueryListEvent) => void) => handlers.delete(handler),
        dispatchEvent: () => true,
      };
      listeners.add(() => {
        for (const handler of handlers) {
          handler({ matches: matching.has(query), media: query } as MediaQueryListEvent);
        }
      });
      return list as unknown as MediaQueryList;
    },
  });
}
