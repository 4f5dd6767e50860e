import { useId, useState, type CSSProperties } from 'react';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@ec/contract';
import { isSetUp } from '@ec/domain';
import { readStored, STORAGE_KEYS, writeStored } from '../../../shared/storage/storage.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { IconInfoCircle, IconMail, IconUserShield } from '../../../shared/ui/icons.ts';
import { PageBanner, type PageBannerProps } from '../../../shared/ui/page-banner.tsx';
import { stopImpersonation, updateUser } from '../api/account-api.ts';
import { currentUserKey } from '../api/auth-api.ts';
import classes from './account-banners.module.css';

/** The site identifier of the default product, the only one that asks for marketing consent (spec 001 §4). */
export const DEFAULT_PRODUCT_IDENTIFIER = 'default';

/**
 * Whether the marketing-consent banner shows (spec 001 §4): on the default product, signed in, no answer yet.
 * Not while an administrator acts as the user: the choice is the user's own (the server refuses it then).
 */
export function showsMarketingBanner(user: AuthUser | null, siteIdentifier: string): boolean {
  return (
    siteIdentifier === DEFAULT_PRODUCT_IDENTIFIER &&
    user !== null &&
    user.marketingConsent === null &&
    user.impersonation === null
  );
}

/**
 * Agree / Disagree to marketing mail (spec 001 §4) as a small card floating in the page's bottom corner (full
 * width at the bottom on a phone): it never moves the page while it waits for an answer. A spacer of its height
 * at the end of the content column lets the page's last actions scroll out from under it; `raised` lifts it above
 * the floating navigation of an open location or group. Saving reloads the user (the card goes away); closing it
 * puts the question off until the next visit (this browser session), the privacy page keeps the switch.
 */
export function MarketingConsentBanner({
  user,
  siteIdentifier,
  raised = false,
}: {
  user: AuthUser;
  siteIdentifier: string;
  raised?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { ref, height } = useElementSize();
  const [dismissed, setDismissed] = useState(
    () => readStored('session', STORAGE_KEYS.marketingCardDismissed) === String(user.id),
  );
  const answer = useMutation({
    mutationFn: async (marketingConsent: boolean) => {
      await updateUser(queryClient, { marketingConsent });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'errors.INTERNAL') }),
  });
  if (!showsMarketingBanner(user, siteIdentifier) || dismissed) return null;
  const choosing = answer.isPending ? answer.variables : undefined;
  return (
    <>
      <div
        aria-hidden="true"
        className={classes.cardSpacer}
        style={{ '--marketing-card-height': `${Math.ceil(height)}px` } as CSSProperties}
      />
      <section
        ref={ref}
        aria-labelledby={titleId}
        className={classes.card}
        data-raised={raised || undefined}
        data-testid="marketing-banner"
      >
        <div className={classes.cardHead}>
          <IconMail size={20} aria-hidden className={classes.cardIcon} />
          <Text fw={700} size="sm" id={titleId} className={classes.cardTitle}>
            {t('marketing_banner.title')}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('marketing_banner.later')}
            onClick={() => {
              writeStored('session', STORAGE_KEYS.marketingCardDismissed, String(user.id));
              setDismissed(true);
            }}
          />
        </div>
        <Text size="sm" mt={4}>
          {t('marketing_banner.text')}
        </Text>
        <Group gap="xs" mt="sm" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            loading={choosing === false}
            disabled={answer.isPending}
            onClick={() => answer.mutate(false)}
          >
            {t('marketing_banner.disagree')}
          </Button>
          <Button
            size="xs"
            loading={choosing === true}
            disabled={answer.isPending}
            onClick={() => answer.mutate(true)}
          >
            {t('marketing_banner.agree')}
          </Button>
        </Group>
      </section>
    </>
  );
}

/**
 * Whom the administrator acts as (spec 000 §2 Layout, spec 001 §6), with Stop: POST /api/auth/unimpersonate, then
 * a full page reload so every cached screen belongs to the administrator again.
 */
export function ImpersonationBanner({
  user,
  reload = () => window.location.reload(),
}: {
  user: AuthUser;
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const stop = useMutation({
    mutationFn: stopImpersonation,
    onSuccess: () => reload(),
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'errors.INTERNAL') }),
  });
  if (!user.impersonation) return null;
  return (
    <AccountBanner
      variant="filled"
      color="orange"
      icon={IconUserShield}
      data-testid="impersonation-banner"
    >
      <div className={classes.row}>
        <Text size="sm" fw={500}>
          {t('impersonation.acting_as', {
            name: user.fullName || user.email,
            email: user.email,
            admin: user.impersonation.by.fullName,
          })}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={stop.isPending || stop.isSuccess}
          onClick={() => stop.mutate()}
        >
          {t('impersonation.stop')}
        </Button>
      </div>
    </AccountBanner>
  );
}

/**
 * Users who are not set up (spec 001 §6 isSetUp) would be sent to /setup, which a later issue builds; until then
 * they stay on the pages that exist and this says why (README "Users who are not set up").
 */
export function NotSetUpBanner({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  if (isSetUp(user)) return null;
  return (
    <AccountBanner
      variant="light"
      color="yellow"
      icon={IconInfoCircle}
      title={t('setup_banner.title')}
      data-testid="not-set-up-banner"
    >
      <Text size="sm">{t('setup_banner.text')}</Text>
    </AccountBanner>
  );
}

/** A banner under the header with a dividing line; a light banner's title in the text colour. */
function AccountBanner(props: PageBannerProps) {
  return <PageBanner className={classes.banner} classNames={{ title: classes.title }} {...props} />;
}
