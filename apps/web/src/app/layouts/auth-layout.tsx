import type { ReactNode } from 'react';
import { Anchor, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { CookieSettingsLink } from '../../features/consent/components/cookie-settings-link.tsx';
import { LanguageSwitcher } from '../../features/i18n/components/language-switcher.tsx';
import { ExternalLink } from '../../features/site/components/external-link.tsx';
import { SiteLogo } from '../../features/site/components/site-logo.tsx';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import classes from './auth-layout.module.css';

/**
 * The public frame under /auth (spec 000 §2): the site's logo, a centred card, and a footer with the site's
 * privacy policy and terms (external, new tab), the support e-mail, the language switcher and cookie settings.
 */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <div className={classes.page}>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <div className={classes.logo}>
          <Link to="/auth/login" className={classes.logoLink}>
            <SiteLogo site={site} height={48} />
          </Link>
        </div>
        <Paper withBorder shadow="md" radius="md" p="xl" className={classes.card}>
          {children ?? <Outlet />}
        </Paper>
      </main>
      <footer className={classes.footer}>
        <Group gap="md" justify="center" wrap="wrap" className={classes.links}>
          {site.links.privacyPolicy ? (
            <ExternalLink href={site.links.privacyPolicy} size="sm">
              {t('auth_layout.privacy_policy')}
            </ExternalLink>
          ) : (
            <Anchor component={Link} to="/auth/privacy-policy" size="sm">
              {t('auth_layout.privacy_policy')}
            </Anchor>
          )}
          {site.links.termsAndConditions && (
            <ExternalLink href={site.links.termsAndConditions} size="sm">
              {t('auth_layout.terms_and_conditions')}
            </ExternalLink>
          )}
          <Anchor href={`mailto:${site.contact.supportEmail}`} size="sm">
            {t('auth_layout.support')}
          </Anchor>
          <CookieSettingsLink />
          <LanguageSwitcher identifier={site.identifier} />
        </Group>
      </footer>
    </div>
  );
}
