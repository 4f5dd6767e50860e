import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@ec/domain';

/** Viewports at or below the mobile breakpoint (spec 000 §9: 768 px or less). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** A phone held sideways: little height to spare (the sidebar footer starts closed there). */
export const MOBILE_LANDSCAPE_QUERY = '(max-height: 500px) and (orientation: landscape)';

/** Whether a media query matches, read synchronously on the first render (no desktop flash on phones). */
export function useMatches(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false }) ?? false;
}

/** Whether the mobile layout applies. */
export function useIsMobile(): boolean {
  return useMatches(MOBILE_QUERY);
}
