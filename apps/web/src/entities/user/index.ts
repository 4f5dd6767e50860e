export { companyUsersQueryOptions, userKeys, userQueryOptions } from './user-queries.ts';
