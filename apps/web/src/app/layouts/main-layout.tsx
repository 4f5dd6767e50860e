import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import {
  ImpersonationBanner,
  MarketingConsentBanner,
  NotSetUpBanner,
} from '../../features/auth/components/account-banners.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { useConsent } from '../../features/consent/consent-context.tsx';
import { LanguageMenu } from '../../features/i18n/components/language-menu.tsx';
import { LanguageSwitcher } from '../../features/i18n/components/language-switcher.tsx';
import { EmptyMenu } from '../../features/shell/components/empty-menu.tsx';
import { ImpersonationSlot } from '../../features/shell/components/impersonation-slot.tsx';
import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';
import { SidebarButton } from '../../features/shell/components/sidebar-button.tsx';
import { SidebarFooter } from '../../features/shell/components/sidebar-footer.tsx';
import { SiteLogo } from '../../features/site/components/site-logo.tsx';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import {
  IconCookie,
  IconHome,
  IconLifebuoy,
  IconLogout,
  IconSettings,
  IconShieldLock,
} from '../../shared/ui/icons.ts';

/**
 * The signed-in frame (spec 000 §2 Layout). Above the header: the impersonation banner (with Stop), the notice
 * for users who are not set up, and the marketing-consent banner. The sidebar footer shows only entries whose
 * pages exist so far: Home, User settings, Privacy policy, Support, Cookie settings, the language switcher and
 * Sign out. The menu area shows its empty state until the organisation tree arrives (menu issue).
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { openSettings } = useConsent();
  const { signOut, pending } = useSignOut();
  const user = useCurrentUser();

  return (
    <ShellLayout
      brand={
        <Link to="/" aria-label={t('nav.home')}>
          <SiteLogo site={site} height={32} />
        </Link>
      }
      menu={<EmptyMenu />}
      banners={
        <>
          <ImpersonationSlot>
            {user.impersonation && <ImpersonationBanner user={user} />}
          </ImpersonationSlot>
          <NotSetUpBanner user={user} />
          <MarketingConsentBanner user={user} siteIdentifier={site.identifier} />
        </>
      }
      footer={({ collapsed }) => (
        <SidebarFooter>
          <SidebarButton icon={IconHome} label={t('nav.home')} to="/" collapsed={collapsed} />
          <SidebarButton
            icon={IconSettings}
            label={t('nav.user_settings')}
            to="/user/settings"
            collapsed={collapsed}
          />
          <SidebarButton
            icon={IconShieldLock}
            label={t('nav.privacy_policy')}
            to="/privacy-policy"
            collapsed={collapsed}
          />
          <SidebarButton
            icon={IconLifebuoy}
            label={t('nav.support')}
            to="/support"
            collapsed={collapsed}
          />
          <SidebarButton
            icon={IconCookie}
            label={t('cookies.change_choice')}
            onClick={openSettings}
            collapsed={collapsed}
          />
          {collapsed ? (
            <LanguageMenu identifier={site.identifier} />
          ) : (
            <LanguageSwitcher identifier={site.identifier} fullWidth />
          )}
          <SidebarButton
            icon={IconLogout}
            label={t('nav.sign_out')}
            onClick={() => void signOut()}
            loading={pending}
            collapsed={collapsed}
          />
        </SidebarFooter>
      )}
    >
      {children ?? <Outlet />}
    </ShellLayout>
  );
}
