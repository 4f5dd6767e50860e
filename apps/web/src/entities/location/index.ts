export {
  companyLocationsQueryOptions,
  locationKeys,
  locationQueryOptions,
  locationStructureQueryOptions,
  locationUsersQueryOptions,
  type LocationUsers,
} from './location-queries.ts';
