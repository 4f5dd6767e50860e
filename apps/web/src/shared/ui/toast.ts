import { lazy } from 'react';
import type { NotificationData } from '@mantine/notifications';

// @mantine/notifications (with its transitions) is only ever imported dynamically, so it stays out of the first
// page's JavaScript: the container mounts right after the first render, and a toast shown earlier waits for it.
const load = () => import('@mantine/notifications');

/** The toast container; render it once inside MantineProvider (inside <Suspense>). */
export const ToastContainer = lazy(() => load().then((m) => ({ default: m.Notifications })));

/** Shows a toast (spec 001 §9: 2000 ms unless `autoClose` says otherwise). */
export function showToast(toast: NotificationData): void {
  load().then(
    (m) => m.notifications.show(toast),
    (error: unknown) => console.error('toast could not be shown', error),
  );
}
