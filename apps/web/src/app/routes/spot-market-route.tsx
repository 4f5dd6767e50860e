import { SpotMarket } from '../../features/spot-market/index.ts';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { useManagedLocation } from '../../features/locations/components/manage-frame.tsx';

/** /pricing/spot-market: the user's spot region first (a different one can be picked). */
export function SpotMarketRoute() {
  const user = useCurrentUser();
  return <SpotMarket initialRegion={user.spotRegion} />;
}

/** locations/:locationId/manage/pricing/spot-market: the location's spot region, else the user's. */
export function LocationSpotMarketRoute() {
  const user = useCurrentUser();
  const { location } = useManagedLocation();
  return <SpotMarket key={location.id} initialRegion={location.spotRegion ?? user.spotRegion} />;
}
