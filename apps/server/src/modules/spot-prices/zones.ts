import { findSpotMarketRegion, type SpotRegionType } from '@ec/domain';

/** Where a region's prices come from and the day they belong to. */
export interface SpotZone {
  type: SpotRegionType;
  code: string;
  source: 'ENTSOE' | 'OCTOPUS';
  /** The IANA zone whose calendar days the API answers in (and the ENTSO-E delivery day is cut in). */
  timeZone: string;
  /** The currency the source publishes in (what is stored when nothing was fetched yet, too). */
  currency: string;
}

/**
 * The local time zone of every ENTSO-E bidding zone of ../shared/docs/domain-si.md §3.1, by EIC code. Zones that span
 * one country take its zone; the SEM (Ireland) and GB run on London time.
 */
export const EIC_TIME_ZONES: Readonly<Record<string, string>> = {
  '10YSI-ELES-----O': 'Europe/Ljubljana',
  '10YAT-APG------L': 'Europe/Vienna',
  '10Y1001A1001A82H': 'Europe/Berlin',
  '10YHR-HEP------M': 'Europe/Zagreb',
  '10YHU-MAVIR----U': 'Europe/Budapest',
  '10Y1001A1001A73I': 'Europe/Rome',
  '10Y1001A1001A67D': 'Europe/Rome',
  '10YCZ-CEPS-----N': 'Europe/Prague',
  '10YSK-SEPS-----K': 'Europe/Bratislava',
  '10YPL-AREA-----S': 'Europe/Warsaw',
  '10YFR-RTE------C': 'Europe/Paris',
  '10YBE----------2': 'Europe/Brussels',
  '10YNL----------L': 'Europe/Amsterdam',
  '10YES-REE------0': 'Europe/Madrid',
  '10YPT-REN------W': 'Europe/Lisbon',
  '10YCH-SWISSGRIDZ': 'Europe/Zurich',
  '10YDK-1--------W': 'Europe/Copenhagen',
  '10YDK-2--------M': 'Europe/Copenhagen',
  '10YNO-1--------2': 'Europe/Oslo',
  '10YNO-2--------T': 'Europe/Oslo',
  '10YNO-3--------J': 'Europe/Oslo',
  '10YNO-4--------9': 'Europe/Oslo',
  '10Y1001A1001A48H': 'Europe/Oslo',
  '10Y1001A1001A44P': 'Europe/Stockholm',
  '10Y1001A1001A45N': 'Europe/Stockholm',
  '10Y1001A1001A46L': 'Europe/Stockholm',
  '10Y1001A1001A47J': 'Europe/Stockholm',
  '10YFI-1--------U': 'Europe/Helsinki',
  '10Y1001A1001A39I': 'Europe/Tallinn',
  '10YLV-1001A00074': 'Europe/Riga',
  '10YLT-1001A0008Q': 'Europe/Vilnius',
  '10YRO-TEL------P': 'Europe/Bucharest',
  '10YCA-BULGARIA-R': 'Europe/Sofia',
  '10YGR-HTSO-----Y': 'Europe/Athens',
  '10YCS-SERBIATSOV': 'Europe/Belgrade',
  '10Y1001A1001A59C': 'Europe/Dublin',
  '10YGB----------A': 'Europe/London',
};

/** Slovenia's bidding zone: its prices are always fetched. */
export const SI_ZONE = '10YSI-ELES-----O';

/** The zone of a known region, or undefined. */
export function spotZoneOf(type: SpotRegionType, code: string): SpotZone | undefined {
  const region = findSpotMarketRegion(code, type);
  if (!region) return undefined;
  if (type === 'AGILE') {
    return { type, code, source: 'OCTOPUS', timeZone: 'Europe/London', currency: 'GBP' };
  }
  const timeZone = EIC_TIME_ZONES[code];
  return timeZone ? { type, code, source: 'ENTSOE', timeZone, currency: 'EUR' } : undefined;
}
