export {
  companiesQueryOptions,
  companyEmailSettingsQueryOptions,
  companyKeys,
  companyQueryOptions,
} from './company-queries.ts';
