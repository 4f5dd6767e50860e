import type { SpotRegionType } from './constants.ts';

/**
 * A spot-market region (spec 001 §3 Location.spotRegion): an ENTSO-E bidding zone, identified by its EIC code
 * (`type: 'EIC'`), or an Octopus Energy Agile region in Great Britain, identified by its GSP group letter
 * (`type: 'AGILE'`).
 */
export interface SpotMarketRegionEntry {
  /** The EIC code of the bidding zone, or the Agile region letter. */
  readonly code: string;
  readonly type: SpotRegionType;
  /** English name (e.g. "Slovenia", "Italy North", "London"). */
  readonly name: string;
  /** ISO 3166-1 alpha-2 code of the country the region lies in. */
  readonly countryCode: string;
}

/**
 * Every ENTSO-E bidding zone with day-ahead prices that the product knows (EIC codes from entsoe-py's mappings,
 * ../shared/docs/domain-si.md §3.1), in that document's order.
 */
export const ENTSOE_BIDDING_ZONES: readonly SpotMarketRegionEntry[] = [
  { code: '10YSI-ELES-----O', type: 'EIC', name: 'Slovenia', countryCode: 'SI' },
  { code: '10YAT-APG------L', type: 'EIC', name: 'Austria', countryCode: 'AT' },
  { code: '10Y1001A1001A82H', type: 'EIC', name: 'Germany-Luxembourg', countryCode: 'DE' },
  { code: '10YHR-HEP------M', type: 'EIC', name: 'Croatia', countryCode: 'HR' },
  { code: '10YHU-MAVIR----U', type: 'EIC', name: 'Hungary', countryCode: 'HU' },
  { code: '10Y1001A1001A73I', type: 'EIC', name: 'Italy North', countryCode: 'IT' },
  { code: '10Y1001A1001A67D', type: 'EIC', name: 'Italy North-Slovenia', countryCode: 'IT' },
  { code: '10YCZ-CEPS-----N', type: 'EIC', name: 'Czechia', countryCode: 'CZ' },
  { code: '10YSK-SEPS-----K', type: 'EIC', name: 'Slovakia', countryCode: 'SK' },
  { code: '10YPL-AREA-----S', type: 'EIC', name: 'Poland', countryCode: 'PL' },
  { code: '10YFR-RTE------C', type: 'EIC', name: 'France', countryCode: 'FR' },
  { code: '10YBE----------2', type: 'EIC', name: 'Belgium', countryCode: 'BE' },
  { code: '10YNL----------L', type: 'EIC', name: 'Netherlands', countryCode: 'NL' },
  { code: '10YES-REE------0', type: 'EIC', name: 'Spain', countryCode: 'ES' },
  { code: '10YPT-REN------W', type: 'EIC', name: 'Portugal', countryCode: 'PT' },
  { code: '10YCH-SWISSGRIDZ', type: 'EIC', name: 'Switzerland', countryCode: 'CH' },
  { code: '10YDK-1--------W', type: 'EIC', name: 'Denmark West (DK1)', countryCode: 'DK' },
  { code: '10YDK-2--------M', type: 'EIC', name: 'Denmark East (DK2)', countryCode: 'DK' },
  { code: '10YNO-1--------2', type: 'EIC', name: 'Norway NO1', countryCode: 'NO' },
  { code: '10YNO-2--------T', type: 'EIC', name: 'Norway NO2', countryCode: 'NO' },
  { code: '10YNO-3--------J', type: 'EIC', name: 'Norway NO3', countryCode: 'NO' },
  { code: '10YNO-4--------9', type: 'EIC', name: 'Norway NO4', countryCode: 'NO' },
  { code: '10Y1001A1001A48H', type: 'EIC', name: 'Norway NO5', countryCode: 'NO' },
  { code: '10Y1001A1001A44P', type: 'EIC', name: 'Sweden SE1', countryCode: 'SE' },
  { code: '10Y1001A1001A45N', type: 'EIC', name: 'Sweden SE2', countryCode: 'SE' },
  { code: '10Y1001A1001A46L', type: 'EIC', name: 'Sweden SE3', countryCode: 'SE' },
  { code: '10Y1001A1001A47J', type: 'EIC', name: 'Sweden SE4', countryCode: 'SE' },
  { code: '10YFI-1--------U', type: 'EIC', name: 'Finland', countryCode: 'FI' },
  { code: '10Y1001A1001A39I', type: 'EIC', name: 'Estonia', countryCode: 'EE' },
  { code: '10YLV-1001A00074', type: 'EIC', name: 'Latvia', countryCode: 'LV' },
  { code: '10YLT-1001A0008Q', type: 'EIC', name: 'Lithuania', countryCode: 'LT' },
  { code: '10YRO-TEL------P', type: 'EIC', name: 'Romania', countryCode: 'RO' },
  { code: '10YCA-BULGARIA-R', type: 'EIC', name: 'Bulgaria', countryCode: 'BG' },
  { code: '10YGR-HTSO-----Y', type: 'EIC', name: 'Greece', countryCode: 'GR' },
  { code: '10YCS-SERBIATSOV', type: 'EIC', name: 'Serbia', countryCode: 'RS' },
  { code: '10Y1001A1001A59C', type: 'EIC', name: 'Ireland (SEM)', countryCode: 'IE' },
  { code: '10YGB----------A', type: 'EIC', name: 'Great Britain', countryCode: 'GB' },
];

/**
 * The 14 Octopus Agile regions: GSP group letters A–P without I and O (../shared/docs/domain-si.md §3.2).
 */
export const AGILE_REGIONS: readonly SpotMarketRegionEntry[] = [
  { code: 'A', type: 'AGILE', name: 'Eastern England', countryCode: 'GB' },
  { code: 'B', type: 'AGILE', name: 'East Midlands', countryCode: 'GB' },
  { code: 'C', type: 'AGILE', name: 'London', countryCode: 'GB' },
  { code: 'D', type: 'AGILE', name: 'Merseyside and North Wales', countryCode: 'GB' },
  { code: 'E', type: 'AGILE', name: 'West Midlands', countryCode: 'GB' },
  { code: 'F', type: 'AGILE', name: 'North East England', countryCode: 'GB' },
  { code: 'G', type: 'AGILE', name: 'North West England', countryCode: 'GB' },
  { code: 'H', type: 'AGILE', name: 'Southern England', countryCode: 'GB' },
  { code: 'J', type: 'AGILE', name: 'South East England', countryCode: 'GB' },
  { code: 'K', type: 'AGILE', name: 'South Wales', countryCode: 'GB' },
  { code: 'L', type: 'AGILE', name: 'South West England', countryCode: 'GB' },
  { code: 'M', type: 'AGILE', name: 'Yorkshire', countryCode: 'GB' },
  { code: 'N', type: 'AGILE', name: 'South and Central Scotland', countryCode: 'GB' },
  { code: 'P', type: 'AGILE', name: 'North Scotland', countryCode: 'GB' },
];

/** Every spot-market region: the bidding zones, then the Agile regions (GET /pricing/spot-market/regions). */
export const SPOT_MARKET_REGIONS: readonly SpotMarketRegionEntry[] = [
  ...ENTSOE_BIDDING_ZONES,
  ...AGILE_REGIONS,
];

/** The region with this code and type, or undefined (to validate a spotRegion sent by a client). */
export function findSpotMarketRegion(
  code: string,
  type: SpotRegionType,
): SpotMarketRegionEntry | undefined {
  return SPOT_MARKET_REGIONS.find((r) => r.code === code && r.type === type);
}

/** The regions that lie in a country (its bidding zones, and for GB also the Agile regions). */
export function spotMarketRegionsOf(countryCode: string): SpotMarketRegionEntry[] {
  const code = countryCode.toUpperCase();
  return SPOT_MARKET_REGIONS.filter((r) => r.countryCode === code);
}
