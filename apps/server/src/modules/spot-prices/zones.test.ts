import { describe, expect, it } from 'vitest';
import { AGILE_REGIONS, ENTSOE_BIDDING_ZONES } from '@ec/domain';
import { EIC_TIME_ZONES, spotZoneOf } from './zones.ts';

describe('spot zones', () => {
  it('has a valid IANA time zone for every bidding zone the product lists', () => {
    for (const zone of ENTSOE_BIDDING_ZONES) {
      const timeZone = EIC_TIME_ZONES[zone.code];
      expect(timeZone, zone.code).toBeDefined();
      expect(() => new Intl.DateTimeFormat('en', { timeZone })).not.toThrow();
      expect(spotZoneOf('EIC', zone.code)).toMatchObject({ source: 'ENTSOE', currency: 'EUR' });
    }
    expect(Object.keys(EIC_TIME_ZONES)).toHaveLength(ENTSOE_BIDDING_ZONES.length);
  });

  it('maps Slovenia to Europe/Ljubljana and Agile regions to Europe/London in GBP', () => {
    expect(spotZoneOf('EIC', '10YSI-ELES-----O')?.timeZone).toBe('Europe/Ljubljana');
    for (const region of AGILE_REGIONS) {
      expect(spotZoneOf('AGILE', region.code)).toMatchObject({
        source: 'OCTOPUS',
        timeZone: 'Europe/London',
        currency: 'GBP',
      });
    }
    expect(spotZoneOf('AGILE', 'I')).toBeUndefined();
    expect(spotZoneOf('EIC', 'C')).toBeUndefined();
  });
});
