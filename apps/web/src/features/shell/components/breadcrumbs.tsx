import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Breadcrumb } from '../../../shared/routing/route-handle.ts';
import { IconDots } from '../../../shared/ui/icons.ts';
import { BREADCRUMBS_KEPT, collapseBreadcrumbs } from '../breadcrumbs-collapse.ts';
import classes from './breadcrumbs.module.css';

/**
 * Header breadcrumbs (spec 000 §2 Layout): the last 3 (desktop) or the last 1 (mobile) inline, earlier ones in
 * a "…" menu whose label counts them with the locale's plural forms. The last crumb is the current page.
 */
export function Breadcrumbs({
  items,
  isMobile,
}: {
  items: readonly Breadcrumb[];
  isMobile: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const keep = isMobile ? BREADCRUMBS_KEPT.mobile : BREADCRUMBS_KEPT.desktop;
  const { hidden, visible } = collapseBreadcrumbs(items, keep);
  const lastIndex = visible.length - 1;

  return (
    <nav aria-label={t('layout.breadcrumbs')} className={classes.nav}>
      <ol className={classes.list}>
        {hidden.length > 0 && (
          <li className={classes.item}>
            <Menu position="bottom-start" shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  className={classes.menuButton}
                  aria-label={t('layout.breadcrumbs_hidden', { count: hidden.length })}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {hidden.map((crumb) => (
                  <Menu.Item key={crumb.to} component={Link} to={crumb.to}>
                    {crumb.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </li>
        )}
        {visible.map((crumb, index) => (
          <li key={crumb.to} className={classes.item}>
            {index === lastIndex ? (
              <Text
                component="span"
                aria-current="page"
                fw={600}
                truncate
                className={classes.current}
              >
                {crumb.label}
              </Text>
            ) : (
              <Anchor component={Link} to={crumb.to} truncate className={classes.link}>
                {crumb.label}
              </Anchor>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
