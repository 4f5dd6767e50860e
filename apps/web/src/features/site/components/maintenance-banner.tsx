import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '@ec/contract';
import { readStored, STORAGE_KEYS, writeStored } from '../../../shared/storage/storage.ts';
import { IconTool } from '../../../shared/ui/icons.ts';
import { PageBanner } from '../../../shared/ui/page-banner.tsx';

/**
 * The dismissible maintenance notice (spec 000 §2 Layout, spec 001 §4). A dismissal is remembered for the
 * browser session and only for that message: a new message shows again.
 */
export function MaintenanceBanner({ site }: { site: SiteInfo }) {
  const { t, i18n } = useTranslation();
  const message = site.maintenance?.message ?? '';
  const [dismissed, setDismissed] = useState(
    () => readStored('session', STORAGE_KEYS.maintenanceDismissed) === message,
  );
  if (site.status !== 'maintenance' || dismissed) return null;

  // The site's message may be a catalog key (translated) or the operator's own text.
  const text = message && i18n.exists(message) ? t(message) : message;

  return (
    <PageBanner
      variant="filled"
      color="yellow"
      icon={IconTool}
      title={t('maintenance.title')}
      role="status"
      withCloseButton
      closeButtonLabel={t('maintenance.dismiss')}
      onClose={() => {
        writeStored('session', STORAGE_KEYS.maintenanceDismissed, message);
        setDismissed(true);
      }}
      data-testid="maintenance-banner"
    >
      {text}
    </PageBanner>
  );
}
