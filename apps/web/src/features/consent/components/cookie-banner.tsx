import { Button, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCookie } from '../../../shared/ui/icons.ts';
import { useConsent } from '../consent-context.tsx';
import classes from './cookie-banner.module.css';

/**
 * The cookie banner (spec 001 §2) until a choice exists: a bar in the page's flow (a page-wide banner, see
 * shared/ui/page-banner-slot.tsx), so it never covers anything on the page — no link, no button, at any width or
 * scroll position. It traps nothing and takes no focus; its buttons come before the page in tab order.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { consent, choose, openSettings } = useConsent();
  const titleId = useId();
  if (consent) return null;
  return (
    <section aria-labelledby={titleId} className={classes.banner} data-testid="cookie-banner">
      <div className={classes.text}>
        <IconCookie size={22} aria-hidden className={classes.icon} />
        <Text size="sm">
          <Text span fw={700} id={titleId}>
            {t('cookies.banner_title')}
          </Text>{' '}
          {t('cookies.banner_text')}
        </Text>
      </div>
      <Group gap="xs" className={classes.actions}>
        <Button size="xs" variant="subtle" onClick={openSettings}>
          {t('cookies.customize')}
        </Button>
        <Button size="xs" variant="default" onClick={() => choose(false)}>
          {t('cookies.only_necessary')}
        </Button>
        <Button size="xs" onClick={() => choose(true)}>
          {t('cookies.accept_all')}
        </Button>
      </Group>
    </section>
  );
}
