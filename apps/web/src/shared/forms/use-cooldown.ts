import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds, for "send again" buttons: `start(n)` disables the action for n seconds; `seconds`
 * is what remains (0 = ready). Ticks once a second while running.
 */
export function useCooldown(): { seconds: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);

  const seconds = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { seconds, start };
}
