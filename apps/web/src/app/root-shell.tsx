import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLoaderData, useMatches } from 'react-router';
import { currentUserKey } from '../features/auth/api/auth-api.ts';
import { useKnownUser } from '../features/auth/use-current-user.ts';
import { ConfirmationFlow } from '../features/confirmation/confirmation-flow.tsx';
import { ConsentProvider } from '../features/consent/consent-context.tsx';
import { CookieBanner } from '../features/consent/components/cookie-banner.tsx';
import { MaintenanceBanner } from '../features/site/components/maintenance-banner.tsx';
import { documentTitle, useDocumentTitle, useFavicon } from '../features/site/document-head.ts';
import { SiteProvider } from '../features/site/site-context.tsx';
import { routeTitleKey } from '../shared/routing/route-handle.ts';
import { PageBannerSlotProvider } from '../shared/ui/page-banner-slot.tsx';
import { SkipLink } from '../shared/ui/skip-link.tsx';
import { SiteThemeProvider } from './providers/site-theme-provider.tsx';
import type { StartData } from './start/start-sequence.ts';

/**
 * Everything around every page once the start sequence is done: the site's theme (in the signed-in user's
 * light / dark / auto preference where the theme allows a choice), title and favicon, the skip link, the
 * page-wide banners (maintenance, the cookie choice: in the page's flow, never over it; the signed-in shell shows
 * them in its content column), cookie consent (settings, analytics), the confirmation flow and the page.
 */
export function RootShell() {
  const { site } = useLoaderData() as StartData;
  const { t } = useTranslation();
  const user = useKnownUser();
  const queryClient = useQueryClient();
  const titleKey = routeTitleKey(useMatches());
  useDocumentTitle(documentTitle(titleKey ? t(titleKey) : undefined, site.platformName));
  useFavicon(site.favicon);

  return (
    <SiteThemeProvider theme={site.theme} preference={user?.themePreference ?? 'auto'}>
      <SiteProvider site={site}>
        <ConsentProvider analyticsScriptUrl={site.analytics?.scriptUrl}>
          <SkipLink />
          <PageBannerSlotProvider
            banners={
              <>
                <MaintenanceBanner key={site.identifier} site={site} />
                <CookieBanner />
              </>
            }
          >
            <Outlet />
          </PageBannerSlotProvider>
          <ConfirmationFlow
            signedIn={user !== null}
            onAccepted={() => queryClient.invalidateQueries({ queryKey: currentUserKey })}
          />
        </ConsentProvider>
      </SiteProvider>
    </SiteThemeProvider>
  );
}
