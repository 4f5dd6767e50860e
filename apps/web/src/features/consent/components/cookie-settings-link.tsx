import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConsent } from '../consent-context.tsx';

/** The footer link that reopens the cookie settings (cookies.change_choice). */
export function CookieSettingsLink({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const { openSettings } = useConsent();
  return (
    <Anchor component="button" type="button" size={size} onClick={openSettings}>
      {t('cookies.change_choice')}
    </Anchor>
  );
}
