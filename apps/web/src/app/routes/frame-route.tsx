import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { routeTitleKey } from '../../shared/routing/route-handle.ts';
import { PageFrame } from '../../features/shell/components/page-frame.tsx';

/**
 * The frame of a screen whose content belongs to a later issue (or to another part of this one until it lands):
 * the route's title and a translated "no data yet" state — never a fake chart or list.
 */
export function FrameRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = routeTitleKey(matches);
  return <PageFrame title={titleKey ? t(titleKey) : ''} />;
}
