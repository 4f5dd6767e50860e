import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale } from '@ec/domain';
import { formatDate } from '@ec/i18n';
import { useConsent } from '../consent-context.tsx';

/**
 * The current cookie choice in words, with a button that opens the same settings dialog as the banner's
 * Customize (for the privacy page of the user area).
 */
export function CookieChoice() {
  const { t, i18n } = useTranslation();
  const { consent, openSettings } = useConsent();
  const state = !consent
    ? t('cookies.choice_none')
    : consent.config.analyticsCookies
      ? t('cookies.choice_all')
      : t('cookies.choice_necessary');
  const date =
    consent && isLocale(i18n.language) ? formatDate(i18n.language, consent.consentedAt) : null;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" data-testid="cookie-choice">
        {date ? t('cookies.choice_with_date', { choice: state, date }) : state}
      </Text>
      <Button variant="default" onClick={openSettings}>
        {t('cookies.change_choice')}
      </Button>
    </Stack>
  );
}
