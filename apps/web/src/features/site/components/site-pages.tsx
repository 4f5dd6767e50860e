import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconMail } from '../../../shared/ui/icons.ts';
import { useSiteInfo } from '../site-context.tsx';
import { ExternalLink } from './external-link.tsx';

/** The privacy-policy page: a short notice and the site's full policy and terms (spec 000 §2). */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <Stack gap="md">
      <Title order={1}>{t('pages.privacy_policy_title')}</Title>
      <Text>{t('pages.privacy_policy_text', { platformName: site.platformName })}</Text>
      {site.links.privacyPolicy && (
        <ExternalLink href={site.links.privacyPolicy}>
          {t('pages.privacy_policy_link')}
        </ExternalLink>
      )}
      {site.links.termsAndConditions && (
        <ExternalLink href={site.links.termsAndConditions}>{t('pages.terms_link')}</ExternalLink>
      )}
    </Stack>
  );
}

/** The support page: the site's support e-mail. */
export function SupportPage() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const email = site.contact.supportEmail;
  return (
    <Stack gap="md">
      <Title order={1}>{t('pages.support_title')}</Title>
      <Text>{t('pages.support_text')}</Text>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          {t('pages.support_email_label')}
        </Text>
        <Anchor href={`mailto:${email}`} fw={600}>
          <IconMail size={16} aria-hidden style={{ marginInlineEnd: 6, verticalAlign: -2 }} />
          {email}
        </Anchor>
      </Paper>
    </Stack>
  );
}
