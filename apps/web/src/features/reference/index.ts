// The reference feature's public face: other features (location management, global settings, setup) use these
// selects and query options; everything else in this folder is internal.
export {
  countriesQueryOptions,
  currenciesQueryOptions,
  referenceKey,
  spotMarketRegionsQueryOptions,
  timezonesQueryOptions,
  type ReferenceCountry,
  type ReferenceCurrency,
  type ReferenceTimezone,
  type SpotMarketRegion,
} from './api/reference-queries.ts';
export {
  CountrySelect,
  countryOptionsOf,
  type CountrySelectProps,
} from './components/country-select.tsx';
export {
  CurrencySelect,
  currencyLabel,
  type CurrencySelectProps,
} from './components/currency-select.tsx';
export { ReferenceSelect, type ReferenceFieldProps } from './components/reference-select.tsx';
export {
  SpotRegionSelect,
  regionsForCountry,
  spotRegionKey,
  type SpotRegionSelectProps,
  type SpotRegionValue,
} from './components/spot-region-select.tsx';
export {
  TimezoneSelect,
  timezoneLabel,
  type TimezoneSelectProps,
} from './components/timezone-select.tsx';
