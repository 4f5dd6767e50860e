// Costs of a location's energy: query options and money formatting (issue 13).
export { COSTS_REFRESH_MS, costsKeys, locationCostsQueryOptions } from './costs-queries.ts';
export { formatMoney } from './format-money.ts';
