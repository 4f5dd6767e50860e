import { useEffect, useRef, useState } from 'react';

/** How long a search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text bound to a committed value (e.g. the `q` in the URL): typing commits after a pause of
 * `delay` ms (not again for a change of surrounding spaces only); a change of `value` from elsewhere (Back,
 * Clear filters) refills the box, while our own commit does not. `commit` may change between renders; the latest
 * is called.
 */
export function useDebouncedText(
  value: string,
  commit: (text: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  // The text last committed.
  const sent = useRef(value);
  const latest = useRef(commit);
  latest.current = commit;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text;
      latest.current(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return [text, setText];
}
