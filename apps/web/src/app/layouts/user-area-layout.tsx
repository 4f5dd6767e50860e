import { useLayoutEffect, useRef } from 'react';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import classes from './user-area-layout.module.css';

const SECTIONS = [
  { to: '/user/settings', labelKey: 'user_area.settings' },
  { to: '/user/profile/privacy', labelKey: 'user_area.privacy' },
  { to: '/user/info', labelKey: 'user_area.info' },
  { to: '/user/change-password', labelKey: 'user_area.change_password' },
] as const;

/** The user area (spec 000 §2: /user with settings as default, privacy, info, change password): a heading and tabs. */
export function UserAreaLayout() {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On narrow screens the tab row scrolls sideways: keep the current section in view.
  useLayoutEffect(() => {
    navRef.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('nav.user_settings')}</Title>
      <nav ref={navRef} aria-label={t('user_area.sections')} className={classes.tabs}>
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} className={classes.tab} end>
            {t(section.labelKey)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </Stack>
  );
}
