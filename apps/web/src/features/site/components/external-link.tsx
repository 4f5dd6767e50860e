import type { ReactNode } from 'react';
import { Anchor, VisuallyHidden, type AnchorProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconExternalLink } from '../../../shared/ui/icons.ts';

/** A link to another site, opened in a new tab, saying so to screen readers. */
export function ExternalLink({
  href,
  children,
  ...props
}: AnchorProps & { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: -2 }} />
      <VisuallyHidden>{t('common.opens_in_new_tab')}</VisuallyHidden>
    </Anchor>
  );
}
