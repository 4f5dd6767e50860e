// The pricing feature's public face (issue 13): the pages the route module plugs in.
export {
  ConfigCreatePage,
  ConfigDetailPage,
  ConfigList,
  type ConfigScope,
} from './components/config-pages.tsx';
export {
  LocationPricingPlans,
  PriceListCreatePage,
  PriceListDetailPage,
  PriceListsPage,
  type PricingLocation,
} from './components/price-list-pages.tsx';
export { AllPriceLists, PricingOverview } from './components/pricing-overview.tsx';
export { PricingPage } from './components/pricing-page.tsx';
export { SetupPricing } from './components/setup-pricing.tsx';
