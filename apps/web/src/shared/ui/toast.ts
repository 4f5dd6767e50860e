import { lazy, useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';

// @mantine/notifications (with its transitions, portal and scroll lock) is only ever imported dynamically, and
// only once something asks for a toast: the first page's JavaScript (the sign-in page's budget, measured as a
// browser loads it) carries none of it. A toast shown before the container is there waits in the store for it.
const load = () => import('@mantine/notifications');

/** The toast container; render it once inside MantineProvider (inside <Suspense>), once {@link useToastsWanted}. */
export const ToastContainer = lazy(() => load().then((m) => ({ default: m.Notifications })));

let wanted = false;
const listeners = new Set<() => void>();

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether a toast has been asked for yet: the container (and its chunk) mounts from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Shows a toast (spec 001 §9: 2000 ms unless `autoClose` says otherwise). */
export function showToast(toast: NotificationData): void {
  want();
  load().then(
    (m) => m.notifications.show(toast),
    (error: unknown) => console.error('toast could not be shown', error),
  );
}
