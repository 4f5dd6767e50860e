import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where the impersonation banner goes (spec 000 §2 Layout). It renders nothing until there is something to
 * show: the accounts issue supplies the banner (who is impersonated, a Stop button) as children.
 */
export function ImpersonationSlot({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  if (!children) return null;
  return (
    <div role="region" aria-label={t('layout.impersonation_slot')}>
      {children}
    </div>
  );
}
