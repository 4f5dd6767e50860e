import { Alert, type AlertProps } from '@mantine/core';
import type { Icon } from './icons.ts';

export type PageBannerProps = Omit<AlertProps, 'icon' | 'radius'> & { icon: Icon };

/**
 * A notice across the page (maintenance, marketing consent, impersonation, set-up): an alert with square corners,
 * flush with the page's edges, and its 20 px icon hidden from screen readers (the text says it all).
 */
export function PageBanner({ icon: BannerIcon, ...props }: PageBannerProps) {
  return <Alert radius={0} icon={<BannerIcon size={20} aria-hidden />} {...props} />;
}
