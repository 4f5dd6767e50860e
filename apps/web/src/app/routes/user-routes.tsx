import type { ReactNode } from 'react';
import { Divider, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetSession } from '../../features/auth/api/auth-api.ts';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import {
  DataExportButton,
  DeleteAccountSection,
  MarketingConsentSwitch,
} from '../../features/auth/components/privacy-settings.tsx';
import { UserInfo } from '../../features/auth/components/user-info.tsx';
import { UserSettings } from '../../features/auth/components/user-settings.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { CookieChoice } from '../../features/consent/components/cookie-choice.tsx';
import { languageName, SUPPORTED_LOCALES } from '../../features/i18n/locale-choice.ts';
import { switchLocale } from '../../features/i18n/locale.ts';
import { useSiteInfo } from '../../features/site/site-context.tsx';
import { countryOptions } from '../../shared/intl/countries.ts';
import { getSiteTheme } from '../../shared/theme/index.ts';
import { showToast } from '../../shared/ui/toast.ts';

// The user area's pages (spec 000 §2 "user: settings (default), profile/privacy, info, change-password").

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {title}
        </Title>
        {text && (
          <Text size="sm" c="dimmed" mt={2}>
            {text}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/** /user/settings: language and, where the site's theme allows it, light / dark / auto. */
export function UserSettingsRoute() {
  const user = useCurrentUser();
  const site = useSiteInfo();
  const queryClient = useQueryClient();
  return (
    <UserSettings
      user={user}
      languages={SUPPORTED_LOCALES.map((value) => ({ value, label: languageName(value) }))}
      allowsSchemeChoice={getSiteTheme(site.theme).allowsSchemeChoice}
      applyLocale={(locale) => switchLocale(locale, { queryClient, identifier: site.identifier })}
    />
  );
}

/**
 * /user/profile/privacy: marketing consent, the cookie choice (the consent feature's own dialog), download my
 * data, delete my account.
 */
export function UserPrivacyRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function onDeleted() {
    await navigate('/auth/login', { replace: true });
    forgetSession(queryClient);
    showToast({ color: 'green', message: t('privacy_settings.deleted') });
  }

  return (
    <Stack gap="xl" maw={640}>
      <Section title={t('privacy_settings.marketing_title')}>
        <MarketingConsentSwitch user={user} />
      </Section>
      <Divider />
      <Section title={t('cookies.settings_title')}>
        <CookieChoice />
      </Section>
      <Divider />
      <Section
        title={t('privacy_settings.download_title')}
        text={t('privacy_settings.download_text')}
      >
        <DataExportButton platformName={site.platformName} />
      </Section>
      <Divider />
      <Section title={t('privacy_settings.delete_title')} text={t('privacy_settings.delete_text')}>
        <DeleteAccountSection user={user} onDeleted={() => void onDeleted()} />
      </Section>
    </Stack>
  );
}

/** /user/info: the account's fields; name and country can be changed. */
export function UserInfoRoute() {
  const { i18n } = useTranslation();
  const user = useCurrentUser();
  const site = useSiteInfo();
  return (
    <UserInfo
      user={user}
      productName={site.productName}
      languageName={languageName(user.locale)}
      countries={countryOptions(i18n.language)}
    />
  );
}

/** /user/change-password. Accounts created through a social provider have no password to change. */
export function ChangePasswordRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user.hasPassword) {
    return <Text maw={560}>{t('change_password.no_password')}</Text>;
  }
  return (
    <Stack gap="md" maw={480}>
      <ChangePasswordForm email={user.email} />
    </Stack>
  );
}
