import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
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
  IconShieldLock,
} from '../../shared/ui/icons.ts';

/**
 * The signed-in frame (spec 000 §2 Layout). The sidebar footer shows only entries whose pages exist so far:
 * Home, Privacy policy, Support, Cookie settings, the language switcher and Sign out. The menu area shows its
 * empty state until the organisation tree arrives (menu issue).
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { openSettings } = useConsent();
  const { signOut, pending } = useSignOut();

  return (
    <ShellLayout
      brand={
        <Link to="/" aria-label={t('nav.home')}>
          <SiteLogo site={site} height={32} />
        </Link>
      }
      menu={<EmptyMenu />}
      banners={<ImpersonationSlot />}
      footer={({ collapsed }) => (
        <SidebarFooter>
          <SidebarButton icon={IconHome} label={t('nav.home')} to="/" collapsed={collapsed} />
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
