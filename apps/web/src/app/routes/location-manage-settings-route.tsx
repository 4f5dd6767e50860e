import { CoordinatesSelector } from '../../features/map/index.ts';
import { LocationSettingsForm } from '../../features/locations/components/location-settings-form.tsx';
import { useManagedLocation } from '../../features/locations/components/manage-frame.tsx';
import { useSiteInfo } from '../../features/site/site-context.tsx';

/**
 * manage/settings: the location's settings form with the map feature's coordinates selector (Leaflet loads with
 * the selector's own chunk), tiles from the site's configured tile URL.
 */
export function ManageSettingsRoute() {
  const { location } = useManagedLocation();
  const site = useSiteInfo();
  return (
    <LocationSettingsForm
      key={location.id}
      location={location}
      renderCoordinates={(field) => (
        <CoordinatesSelector
          value={field.value}
          onChange={field.onChange}
          disabled={field.disabled}
          onValidityChange={field.onValidityChange}
          error={field.error}
          tileUrl={site.map.tileUrl}
          attribution={site.map.attribution}
        />
      )}
    />
  );
}
