import { describe, expect, it } from 'vitest';
import {
  AGILE_REGIONS,
  ENTSOE_BIDDING_ZONES,
  findSpotMarketRegion,
  SPOT_MARKET_REGIONS,
  spotMarketRegionsOf,
} from './spot-regions.ts';

// The EIC codes of ../shared/docs/domain-si.md §3.1, copied from the document as one list.
const DOCUMENT_EICS =
  `10YSI-ELES-----O 10YAT-APG------L 10Y1001A1001A82H 10YHR-HEP------M 10YHU-MAVIR----U
10Y1001A1001A73I 10Y1001A1001A67D 10YCZ-CEPS-----N 10YSK-SEPS-----K 10YPL-AREA-----S 10YFR-RTE------C
10YBE----------2 10YNL----------L 10YES-REE------0 10YPT-REN------W 10YCH-SWISSGRIDZ 10YDK-1--------W
10YDK-2--------M 10YNO-1--------2 10YNO-2--------T 10YNO-3--------J 10YNO-4--------9 10Y1001A1001A48H
10Y1001A1001A44P 10Y1001A1001A45N 10Y1001A1001A46L 10Y1001A1001A47J 10YFI-1--------U 10Y1001A1001A39I
10YLV-1001A00074 10YLT-1001A0008Q 10YRO-TEL------P 10YCA-BULGARIA-R 10YGR-HTSO-----Y 10YCS-SERBIATSOV
10Y1001A1001A59C 10YGB----------A`.split(/\s+/);

describe('ENTSO-E bidding zones', () => {
  it('holds exactly the EIC codes of the domain document', () => {
    expect(ENTSOE_BIDDING_ZONES.map((z) => z.code)).toEqual(DOCUMENT_EICS);
  });

  it('are EIC entries with a 16-character code, a name and a country', () => {
    for (const zone of ENTSOE_BIDDING_ZONES) {
      expect(zone.type).toBe('EIC');
      expect(zone.code).toMatch(/^[0-9A-Z-]{16}$/);
      expect(zone.name.length).toBeGreaterThan(0);
      expect(zone.countryCode).toMatch(/^[A-Z]{2}$/);
    }
  });

  it.each([
    ['10YSI-ELES-----O', 'Slovenia', 'SI'],
    ['10Y1001A1001A73I', 'Italy North', 'IT'],
    ['10Y1001A1001A82H', 'Germany-Luxembourg', 'DE'],
    ['10Y1001A1001A46L', 'Sweden SE3', 'SE'],
    ['10YGB----------A', 'Great Britain', 'GB'],
  ])('%s is %s in %s', (code, name, countryCode) => {
    expect(findSpotMarketRegion(code, 'EIC')).toEqual({ code, type: 'EIC', name, countryCode });
  });
});

describe('Octopus Agile regions', () => {
  it('are the 14 GSP group letters A–P without I and O, all in GB', () => {
    expect(AGILE_REGIONS.map((r) => r.code).join('')).toBe('ABCDEFGHJKLMNP');
    expect(new Set(AGILE_REGIONS.map((r) => `${r.type} ${r.countryCode}`))).toEqual(
      new Set(['AGILE GB']),
    );
  });

  it('name H Southern England (not North West) and C London', () => {
    expect(findSpotMarketRegion('H', 'AGILE')?.name).toBe('Southern England');
    expect(findSpotMarketRegion('C', 'AGILE')?.name).toBe('London');
  });
});

describe('SPOT_MARKET_REGIONS', () => {
  it('lists the zones then the Agile regions, each code once per type', () => {
    expect(SPOT_MARKET_REGIONS).toHaveLength(DOCUMENT_EICS.length + 14);
    const keys = SPOT_MARKET_REGIONS.map((r) => `${r.type}:${r.code}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds by code and type only', () => {
    expect(findSpotMarketRegion('A', 'EIC')).toBeUndefined();
    expect(findSpotMarketRegion('10YSI-ELES-----O', 'AGILE')).toBeUndefined();
    expect(findSpotMarketRegion('10ysi-eles-----o', 'EIC')).toBeUndefined();
  });

  it.each([
    ['si', ['10YSI-ELES-----O']],
    ['IT', ['10Y1001A1001A73I', '10Y1001A1001A67D']],
    ['BA', []],
  ])('regions of %s', (country, codes) => {
    expect(spotMarketRegionsOf(country).map((r) => r.code)).toEqual(codes);
  });

  it('GB has its bidding zone and the 14 Agile regions', () => {
    const gb = spotMarketRegionsOf('GB');
    expect(gb.filter((r) => r.type === 'EIC')).toHaveLength(1);
    expect(gb.filter((r) => r.type === 'AGILE')).toHaveLength(14);
  });
});
