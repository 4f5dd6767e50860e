import { useEffect } from 'react';

/** The title when a site sets none (spec 000 §2 Layout). */
export const DEFAULT_TITLE = 'Cloud';

/** Page title: the route's title, else the platform name, else "Cloud" (spec 000 §2 Layout). */
export function documentTitle(
  routeTitle: string | undefined,
  platformName: string | undefined,
): string {
  return routeTitle || platformName || DEFAULT_TITLE;
}

/** Keeps document.title in sync. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Points the page's icon link at the site's favicon (the bundled one when the site has none). */
export function useFavicon(href: string | null | undefined): void {
  useEffect(() => {
    if (!href) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    const previous = link.getAttribute('href');
    const previousType = link.getAttribute('type');
    link.removeAttribute('type');
    link.href = href;
    return () => {
      if (!link) return;
      if (previous) link.setAttribute('href', previous);
      if (previousType) link.setAttribute('type', previousType);
    };
  }, [href]);
}
