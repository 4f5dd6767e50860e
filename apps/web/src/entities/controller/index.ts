export { ConnectionBadge } from './connection-badge.tsx';
export {
  companyControllersQueryOptions,
  controllerKeys,
  controllerQueryOptions,
  locationControllersQueryOptions,
} from './controller-queries.ts';
