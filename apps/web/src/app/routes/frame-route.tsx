import { useMemo } from 'react';
import { Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { locationGroupQueryOptions } from '../../entities/location-group/index.ts';
import { locationQueryOptions } from '../../entities/location/index.ts';
import { PageFrame } from '../../features/shell/components/page-frame.tsx';
import { isApiError } from '../../shared/api/errors.ts';
import { routeTitleKey } from '../../shared/routing/route-handle.ts';
import { useMenuTrail } from '../layouts/menu-trail.ts';
import { openEntities } from '../layouts/open-entities.ts';

/**
 * The frame of a screen whose content belongs to a later issue (or to another part of this one until it lands):
 * the route's title, the location or group it is about (GET /api/locations/:id, or the menu for a group), and a
 * translated "no data yet" state — never a fake chart or list. A location or group the user cannot see says so
 * (the server decides: GET /api/locations/:id or GET /api/location-groups/:id answers 404), instead of an empty
 * frame that looks as if the group were theirs.
 */
export function FrameRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const trail = useMenuTrail();
  const titleKey = routeTitleKey(matches);
  const open = useMemo(() => openEntities(matches), [matches]);
  const location = useQuery({
    ...locationQueryOptions(open.location?.id ?? 0),
    enabled: open.location !== null,
  });
  const group = useQuery({
    ...locationGroupQueryOptions(open.group?.id ?? 0),
    enabled: open.location === null && open.group !== null,
  });
  const title = titleKey ? t(titleKey) : '';

  if (open.location) {
    if (location.isPending) {
      return <PageFrame title={title} subject={<Skeleton height={16} width={180} mt={6} />} />;
    }
    if (location.isError) {
      const missing = isApiError(location.error, 404) || isApiError(location.error, 403);
      return (
        <PageFrame title={title}>
          <Alert color={missing ? 'yellow' : 'red'} role="alert">
            {missing ? t('frame.location_missing') : t('frame.location_failed')}
          </Alert>
        </PageFrame>
      );
    }
    return <PageFrame title={title} subject={location.data.name} />;
  }
  if (open.group) {
    if (group.isError) {
      const missing = isApiError(group.error, 404) || isApiError(group.error, 403);
      return (
        <PageFrame title={title}>
          <Alert color={missing ? 'yellow' : 'red'} role="alert">
            {missing ? t('frame.group_missing') : t('frame.group_failed')}
          </Alert>
        </PageFrame>
      );
    }
    if (group.isPending) {
      return <PageFrame title={title} subject={<Skeleton height={16} width={180} mt={6} />} />;
    }
    // A company's root group (a company's landing page) has no menu item of its own: the company names it.
    const item = trail({ type: 'location-group', id: open.group.id })?.at(-1);
    return <PageFrame title={title} subject={item?.title ?? group.data.name} />;
  }
  return <PageFrame title={title} />;
}
