import { useParams } from 'react-router';
import { GroupOverview } from '../../features/locations/live/group-overview.tsx';
import { LocationOverview } from '../../features/locations/live/location-overview.tsx';
import { NotFoundState } from '../../shared/ui/states.tsx';
import { useMenuTrail } from '../layouts/menu-trail.ts';
import { idParam } from './route-helpers.ts';

// The live pages of issue 12: the location overview (locations/:locationId index) and a group's default page
// (location-groups/:locationGroupId/flexibility), in one lazy module.

/** locations/:locationId (index): the live overview. */
export function LocationOverviewRoute() {
  const { locationId } = useParams();
  const id = idParam(locationId);
  if (id === null) return <NotFoundState messageKey="frame.location_missing" />;
  return <LocationOverview key={id} locationId={id} />;
}

/** location-groups/:locationGroupId/flexibility: the group's summed live flow. */
export function GroupOverviewRoute() {
  const { locationGroupId } = useParams();
  const trail = useMenuTrail();
  const id = idParam(locationGroupId);
  if (id === null) return <NotFoundState messageKey="frame.group_missing" />;
  // A company's root group has no menu item of its own: the company names it (as in the page frames).
  const name = trail({ type: 'location-group', id })?.at(-1)?.title;
  return <GroupOverview key={id} groupId={id} groupName={name} />;
}
