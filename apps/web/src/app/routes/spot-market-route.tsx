import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { locationQueryOptions } from '../../entities/location/index.ts';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { SpotMarket } from '../../features/spot-market/index.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { LoadingState } from '../../shared/ui/states.tsx';
import { idParam } from './route-helpers.ts';

/** /pricing/spot-market: the user's spot region first (a different one can be picked). */
export function SpotMarketRoute() {
  const user = useCurrentUser();
  return <SpotMarket initialRegion={user.spotRegion} />;
}

/**
 * locations/:locationId/manage/pricing/spot-market: the location's spot region, else the user's (the pricing pages
 * sit beside the Manage Location frame, so the page loads the location itself).
 */
export function LocationSpotMarketRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { locationId } = useParams();
  const id = idParam(locationId);
  const location = useQuery({ ...locationQueryOptions(id ?? 0), enabled: id !== null });
  if (id !== null && location.isPending) return <LoadingState />;
  if (id === null || location.isError) {
    const missing =
      id === null || isApiError(location.error, 404) || isApiError(location.error, 403);
    return (
      <Alert color={missing ? 'yellow' : 'red'} role="alert">
        {missing ? t('frame.location_missing') : t('frame.location_failed')}
      </Alert>
    );
  }
  if (!location.data) return <LoadingState />;
  return (
    <SpotMarket
      key={location.data.id}
      subject={location.data.name}
      initialRegion={location.data.spotRegion ?? user.spotRegion}
    />
  );
}
