import type { Country, Currency, SpotMarketRegion, Timezone } from '@ec/contract';
import { CURRENCIES, SPOT_MARKET_REGIONS } from '@ec/domain';
import { invalidFields } from '../../errors.ts';
import type { CountryRecord, ReferenceRepository } from './reference.repository.ts';
import { isKnownZone, timezonesAt, zoneNamesOf } from './timezones.ts';

const byName = new Intl.Collator('en');

const toCountry = (row: CountryRecord): Country => ({
  id: row.id,
  code: row.code,
  name: row.name,
  visible: row.visible,
});

/**
 * Reference data: countries (from the database, filled at start), time zones (countries-and-timezones with the
 * offsets of the moment asked), spot-market regions and currencies (the domain's tables).
 */
export function createReferenceService(
  repo: ReferenceRepository,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  const regions: SpotMarketRegion[] = SPOT_MARKET_REGIONS.map((r) => ({ ...r }));
  const currencies: Currency[] = CURRENCIES.map((c) => ({ ...c }));

  return {
    /** Countries by English name (sorted here, so PGlite and PostgreSQL collations agree). */
    async countries(visibleOnly: boolean): Promise<Country[]> {
      const rows = await repo.listCountries({ visibleOnly });
      return rows.map(toCountry).sort((a, b) => byName.compare(a.name, b.name));
    },

    /** A country by id, or undefined (companies and locations validate their countryId with it). */
    async countryById(id: number): Promise<Country | undefined> {
      const row = await repo.findCountryById(id);
      return row ? toCountry(row) : undefined;
    },

    /** A country by ISO code (any case), or undefined. */
    async countryByCode(code: string): Promise<Country | undefined> {
      const row = await repo.findCountryByCode(code.toUpperCase());
      return row ? toCountry(row) : undefined;
    },

    /** The country's zones (all without a country); 400 query.countryCode for an unknown country. */
    timezones(countryCode: string | undefined): Timezone[] {
      const zones = timezonesAt(countryCode, now());
      if (!zones) throw invalidFields({ 'query.countryCode': 'validation.invalid_value' });
      return zones;
    },

    /** Whether `zone` is a time zone of the country (or of any country without one). */
    isTimezoneOf(zone: string, countryCode?: string): boolean {
      if (countryCode === undefined) return isKnownZone(zone);
      return zoneNamesOf(countryCode)?.includes(zone) ?? false;
    },

    spotMarketRegions(): SpotMarketRegion[] {
      return regions;
    },

    currencies(): Currency[] {
      return currencies;
    },
  };
}

/** The reference service's interface. */
export type ReferenceService = ReturnType<typeof createReferenceService>;
