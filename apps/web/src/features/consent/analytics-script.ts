import { useEffect } from 'react';

const MARKER = 'data-ec-analytics';

/**
 * Loads the site's analytics script (site info `analytics.scriptUrl`) only while analytics cookies are
 * consented (spec 001 §4), and removes it when consent is withdrawn. A script that already ran keeps running
 * until the next page load; it can no longer be loaded again without consent.
 */
export function useAnalyticsScript(scriptUrl: string | null | undefined, consented: boolean): void {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLScriptElement>(`script[${MARKER}]`);
    if (!consented || !scriptUrl) {
      existing?.remove();
      return;
    }
    if (existing?.getAttribute('src') === scriptUrl) return;
    existing?.remove();
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.setAttribute(MARKER, '');
    document.head.append(script);
  }, [scriptUrl, consented]);
}
