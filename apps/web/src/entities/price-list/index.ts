export { ActiveBadge, PriceKindBadge } from './price-badges.tsx';
export {
  MAX_PRICE_DECIMALS,
  readDecimal,
  type DecimalResult,
  type DecimalRules,
} from './decimal-field.ts';
export {
  formatMoneyAmount,
  formatUnitPriceValue,
  isPlainDecimal,
  unitOfKind,
  UNIT_PRICE_SHOWN_DECIMALS,
  type PriceUnit,
} from './price-format.ts';
export {
  allPriceListsQueryOptions,
  configDefaultsQueryOptions,
  locationPriceListsQueryOptions,
  priceListQueryOptions,
  priceTypeConfigQueryOptions,
  priceTypeConfigsQueryOptions,
  pricingKeys,
  pricingTimePlanQueryOptions,
  pricingTimePlansQueryOptions,
  type ConfigFilter,
} from './price-list-queries.ts';
