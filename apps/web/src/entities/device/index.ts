export {
  CategoryLabel,
  DEVICE_STATUS_COLORS,
  DeviceStateBadge,
  DeviceStatusBadge,
} from './device-labels.tsx';
export { deviceKeys, deviceQueryOptions } from './device-queries.ts';
