import { useCallback, useLayoutEffect, useRef } from 'react';

/** A change of state kept in the URL, made from the state the change before it left. */
export type UrlStateChange<T> = (current: T) => T;

/**
 * Changes to state kept in the URL, each applied to the state the last change left rather than to the one last
 * rendered. React Router renders a navigation in a transition, so on a slow device a second change made before
 * that render (two switches flipped quickly, or a debounced search committed just after a click) would start from
 * the state before the first change and undo it.
 *
 * `rendered` is the state read from the URL, `write` puts a state into the URL, and `key` names a state by its URL.
 * A rendered state that one of the changes wrote is a step on the way and keeps the later changes; any other (Back,
 * a link) is taken as it is.
 */
export function useUrlStateChanges<T>(
  rendered: T,
  write: (next: T) => void,
  key: (state: T) => string,
): (change: UrlStateChange<T>) => void {
  const latest = useRef(rendered);
  // The URLs written and not yet rendered, oldest first.
  const pending = useRef<string[]>([]);
  const callbacks = useRef({ write, key });
  useLayoutEffect(() => {
    callbacks.current = { write, key };
  });
  useLayoutEffect(() => {
    const at = pending.current.indexOf(callbacks.current.key(rendered));
    pending.current = at < 0 ? [] : pending.current.slice(at + 1);
    if (pending.current.length === 0) latest.current = rendered;
  }, [rendered]);
  return useCallback((change: UrlStateChange<T>) => {
    const next = change(latest.current);
    latest.current = next;
    pending.current.push(callbacks.current.key(next));
    callbacks.current.write(next);
  }, []);
}
