import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import classes from './page-banner-slot.module.css';

interface PageBannerSlot {
  banners: ReactNode;
  /** Whether a layout renders the banners itself (see {@link usePageBanners}). */
  claimed: boolean;
  claim: () => () => void;
}

const PageBannerSlotContext = createContext<PageBannerSlot | null>(null);

/**
 * Page-wide banners (maintenance, the cookie choice) in the page's flow, never over it: by default above the page
 * in a column that fills the viewport (`.frame`), so a full-height page below it (the sign-in page) shrinks by the
 * banners' height instead of sliding under the screen's bottom edge. A layout with a full-height sidebar takes
 * them into its content column with {@link usePageBanners}, so they never push the sidebar (and its footer) off
 * the screen.
 */
export function PageBannerSlotProvider({
  banners,
  children,
}: {
  banners: ReactNode;
  children: ReactNode;
}) {
  const [claims, setClaims] = useState(0);
  const claim = useCallback(() => {
    setClaims((n) => n + 1);
    return () => setClaims((n) => n - 1);
  }, []);
  const claimed = claims > 0;
  const value = useMemo(() => ({ banners, claimed, claim }), [banners, claimed, claim]);
  return (
    <PageBannerSlotContext.Provider value={value}>
      <div className={classes.frame}>
        {!claimed && banners}
        {children}
      </div>
    </PageBannerSlotContext.Provider>
  );
}

/**
 * Takes the page-wide banners into the calling layout: returns them to render (once the claim is in, before the
 * first paint, so they never show twice), and they leave the top of the page while the layout is mounted.
 */
export function usePageBanners(): ReactNode {
  const slot = useContext(PageBannerSlotContext);
  const claim = slot?.claim;
  useLayoutEffect(() => claim?.(), [claim]);
  return slot?.claimed ? slot.banners : null;
}
