import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconCookie } from '../../../shared/ui/icons.ts';
import { useConsent } from '../consent-context.tsx';
import classes from './cookie-banner.module.css';

/**
 * The cookie banner (spec 001 §2): a non-blocking region at the bottom of the page until a choice exists.
 * It traps nothing and takes no focus; its buttons follow the page in tab order.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { consent, choose, openSettings } = useConsent();
  const titleId = useId();
  const { ref, height } = useElementSize();
  if (consent) return null;
  return (
    <>
      <div
        aria-hidden="true"
        className={classes.spacer}
        style={{ '--cookie-banner-space': `${Math.ceil(height) + 64}px` } as CSSProperties}
      />
      <Paper
        ref={ref}
        component="section"
        aria-labelledby={titleId}
        className={classes.banner}
        shadow="lg"
        radius="md"
        p="md"
        withBorder
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCookie size={24} aria-hidden className={classes.icon} />
          <div>
            <Title order={2} size="h5" id={titleId}>
              {t('cookies.banner_title')}
            </Title>
            <Text size="sm" mt={4}>
              {t('cookies.banner_text')}
            </Text>
          </div>
        </Group>
        <Group gap="xs" mt="md" justify="flex-end">
          <Button variant="subtle" onClick={openSettings}>
            {t('cookies.customize')}
          </Button>
          <Button variant="default" onClick={() => choose(false)}>
            {t('cookies.only_necessary')}
          </Button>
          <Button onClick={() => choose(true)}>{t('cookies.accept_all')}</Button>
        </Group>
      </Paper>
    </>
  );
}
