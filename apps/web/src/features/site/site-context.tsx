import { createContext, useContext, type ReactNode } from 'react';
import type { SiteInfo } from '@ec/contract';

const SiteContext = createContext<SiteInfo | null>(null);

/** Makes the site resolved at start available below (branding, links, status). */
export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The current site. Only usable below SiteProvider, i.e. after the start sequence. */
export function useSiteInfo(): SiteInfo {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSiteInfo outside SiteProvider');
  return site;
}

/** The current site, or null before the start sequence has loaded it (error screens). */
export function useOptionalSiteInfo(): SiteInfo | null {
  return useContext(SiteContext);
}
