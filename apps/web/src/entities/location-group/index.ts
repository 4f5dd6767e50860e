export {
  companyLocationGroupsQueryOptions,
  locationGroupKeys,
  locationGroupQueryOptions,
} from './location-group-queries.ts';
