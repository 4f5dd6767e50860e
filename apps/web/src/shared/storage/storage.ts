// Web storage can throw (Safari private mode, storage disabled, quota): a preference that cannot be saved must
// never break the app, so every access goes through these guards.

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads a stored string, or null when missing or storage is unavailable. */
export function readStored(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string; null removes the key. Failures are ignored (the value simply is not remembered). */
export function writeStored(which: Area, key: string, value: string | null): void {
  try {
    const storage = area(which);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // not remembered; nothing else to do
  }
}

/** Keys of everything the web app keeps in web storage, in one place to avoid collisions. */
export const STORAGE_KEYS = {
  locale: 'ec.locale',
  siteIdentifier: 'ec.site-identifier',
  sidebarOpen: 'ec.sidebar-open',
  sidebarFooterOpen: 'ec.sidebar-footer-open',
  marketingCardDismissed: 'ec.marketing-card-dismissed',
  maintenanceDismissed: 'ec.maintenance-dismissed',
  navigationContext: 'ec.navigation-context',
} as const;
