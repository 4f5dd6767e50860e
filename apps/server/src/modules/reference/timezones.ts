import ct from 'countries-and-timezones';

/** An IANA time zone with its UTC offset at a given moment. */
export interface TimezoneEntry {
  name: string;
  /** `+01:00`, `-03:30`, `+00:00`. */
  utcOffset: string;
}

/**
 * The zone names of a country as people there know them (the IANA zone.tab names). The package's canonical list
 * folds countries sharing rules into one zone (Slovenia gets Europe/Belgrade, Sweden Europe/Berlin); where a
 * canonical zone belongs to another country and the country has its own link to it (Europe/Ljubljana,
 * Europe/Stockholm, Europe/Busingen), the country's link is listed instead. Undefined for an unknown country.
 */
export function zoneNamesOf(countryCode: string): string[] | undefined {
  const code = countryCode.toUpperCase();
  if (!ct.getCountry(code)) return undefined;
  const all = ct.getTimezonesForCountry(code, { deprecated: true }) ?? [];
  const canonical = all.filter((z) => !z.aliasOf);
  const names = new Set<string>();
  for (const zone of canonical) {
    const own = zone.countries[0] === code;
    const links = own
      ? []
      : all.filter(
          (z) =>
            z.aliasOf === zone.name &&
            z.countries.length === 1 &&
            z.countries[0] === code &&
            z.name.includes('/'),
        );
    if (links.length === 0) names.add(zone.name);
    for (const link of links) names.add(link.name);
  }
  return [...names].sort();
}

let allNames: string[] | undefined;

/** Every zone name any country uses (the union of {@link zoneNamesOf} over all countries), sorted. */
export function allZoneNames(): string[] {
  if (!allNames) {
    const names = new Set<string>();
    for (const code of Object.keys(ct.getAllCountries())) {
      for (const name of zoneNamesOf(code) ?? []) names.add(name);
    }
    allNames = [...names].sort();
  }
  return allNames;
}

/** Whether `name` is a zone that {@link allZoneNames} lists (for validating a location's time zone). */
export function isKnownZone(name: string): boolean {
  return allZoneNames().includes(name);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `at`, as `+hh:mm` (daylight saving time included). */
export function utcOffsetAt(zone: string, at: Date): string {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, format);
  }
  const text = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  // "GMT" for UTC itself, "GMT+01:00" or "GMT-03:30" otherwise.
  const match = /^GMT([+-]\d{2}):?(\d{2})?$/.exec(text);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/** The zones of a country (all zones without one) with their offsets at `at`; undefined for an unknown country. */
export function timezonesAt(
  countryCode: string | undefined,
  at: Date,
): TimezoneEntry[] | undefined {
  const names = countryCode === undefined ? allZoneNames() : zoneNamesOf(countryCode);
  return names?.map((name) => ({ name, utcOffset: utcOffsetAt(name, at) }));
}
