import { Outlet, useLocation, useParams } from 'react-router';
import { ControllerDetail } from '../../features/locations/components/controller-detail.tsx';
import { ControllersList } from '../../features/locations/components/controllers-list.tsx';
import { DeviceDetail } from '../../features/locations/components/device-detail.tsx';
import { DeviceGroupPage } from '../../features/locations/components/device-group-page.tsx';
import { LocationUsers } from '../../features/locations/components/location-users.tsx';
import {
  LocationManageFrame,
  useManagedLocation,
} from '../../features/locations/components/manage-frame.tsx';
import { ManageOverview } from '../../features/locations/components/manage-overview.tsx';
import { NotFoundState } from '../../features/locations/components/states.tsx';
import { StructureEditor } from '../../features/locations/components/structure-editor.tsx';
import { locationBasePath } from '../../features/locations/location-paths.ts';
import { idParam } from './route-helpers.ts';

// The Manage Location area (spec 000 §2 locations/:locationId/manage) and the device-group pages of the location
// subtree. The settings page with its map is a module of its own (location-manage-settings-route.tsx).

/** The frame of the manage pages: loads the location and requires `edit` on it. */
export function ManageLayoutRoute() {
  const { locationId } = useParams();
  return (
    <LocationManageFrame locationId={idParam(locationId)}>
      <Outlet />
    </LocationManageFrame>
  );
}

/** manage (index): the location at a glance with links to the sections. */
export function ManageIndexRoute() {
  return <ManageOverview />;
}

/** manage/users. */
export function ManageUsersRoute() {
  return <LocationUsers />;
}

/** manage/structure. */
export function ManageStructureRoute() {
  return <StructureEditor />;
}

/** manage/oem-devices. */
export function ControllersRoute() {
  return <ControllersList />;
}

/** manage/oem-devices/:oemDeviceId. */
export function ControllerRoute() {
  const { oemDeviceId } = useParams();
  return <ControllerDetail key={oemDeviceId} controllerId={idParam(oemDeviceId)} />;
}

/** manage/oem-devices/:oemDeviceId/devices/:deviceId. */
export function ControllerDeviceRoute() {
  const { deviceId } = useParams();
  const { location, base } = useManagedLocation();
  return (
    <DeviceDetail
      key={deviceId}
      locationId={location.id}
      base={base}
      deviceId={idParam(deviceId)}
    />
  );
}

/** The location id and path prefix of a device-group page (outside the manage frame). */
function useLocationPlace() {
  const { locationId } = useParams();
  const { pathname } = useLocation();
  return { locationId: idParam(locationId), base: locationBasePath(pathname) };
}

/** device-groups/:deviceGroupId. */
export function DeviceGroupRoute() {
  const { deviceGroupId } = useParams();
  const { locationId, base } = useLocationPlace();
  if (locationId === null || base === null) return <NotFoundState />;
  return <DeviceGroupPage locationId={locationId} base={base} groupId={idParam(deviceGroupId)} />;
}

/** device-groups/:deviceGroupId/devices/:did. */
export function DeviceGroupDeviceRoute() {
  const { did } = useParams();
  const { locationId, base } = useLocationPlace();
  if (locationId === null || base === null) return <NotFoundState />;
  return <DeviceDetail key={did} locationId={locationId} base={base} deviceId={idParam(did)} />;
}
