// Public holidays per country, for time plans with holidays = 'AS_SUNDAY' (a holiday uses Sunday's slots).
// Slovenia reuses the network-fee calendar (work-free days of Zakon o praznikih in dela prostih dnevih,
// domain-si.md §1.3). Austria, Croatia and the Netherlands are data below with their sources. Every other country
// returns false: we do not guess holidays we have no source for.

import { easterSunday, isWorkFreeHoliday } from '../network-fee/calendar.ts';
import { dayNumberOf, parseIsoDate, type LocalDate } from '../network-fee/time-zone.ts';

interface CountryHolidays {
  /** Fixed-date holidays as [month, day]; `since` limits one to years from then on. */
  readonly fixed: readonly {
    readonly month: number;
    readonly day: number;
    readonly since?: number;
  }[];
  /** Holidays as day offsets from Easter Sunday. */
  readonly easterOffsets: readonly number[];
  /** Fixed dates that stopped being holidays: [month, day, last year]. */
  readonly until?: readonly {
    readonly month: number;
    readonly day: number;
    readonly until: number;
  }[];
}

/**
 * Austria: Feiertagsruhegesetz 1957 §7 and Arbeitsruhegesetz §7(2) — 1 Jan, 6 Jan, Easter Monday, 1 May,
 * Ascension (E+39), Whit Monday (E+50), Corpus Christi (E+60), 15 Aug, 26 Oct, 1 Nov, 8 Dec, 25 Dec, 26 Dec;
 * Easter and Whit Sunday are Sundays anyway. Cross-checked with azuyalabs/yasumi-docs providers/at.md (2025) and
 * https://de.wikipedia.org/wiki/Feiertage_in_%C3%96sterreich.
 */
const AUSTRIA: CountryHolidays = {
  fixed: [
    { month: 1, day: 1 },
    { month: 1, day: 6 },
    { month: 5, day: 1 },
    { month: 8, day: 15 },
    { month: 10, day: 26 },
    { month: 11, day: 1 },
    { month: 12, day: 8 },
    { month: 12, day: 25 },
    { month: 12, day: 26 },
  ],
  easterOffsets: [0, 1, 39, 49, 50, 60],
};

/**
 * Croatia: Zakon o blagdanima, spomendanima i neradnim danima (NN 110/19, in force 2020): 1 Jan, 6 Jan, Easter
 * Sunday and Monday, 1 May, 30 May (statehood day since 2020; 25 Jun until 2019), 22 Jun, Corpus Christi (E+60),
 * 5 Aug, 15 Aug, 1 Nov, 18 Nov (since 2020), 25 Dec, 26 Dec; 8 Oct was a holiday until 2019. Cross-checked with
 * azuyalabs/yasumi-docs providers/hr.md (2024, 2025) and GothenburgBitFactory/holidata hr-HR.
 */
const CROATIA: CountryHolidays = {
  fixed: [
    { month: 1, day: 1 },
    { month: 1, day: 6 },
    { month: 5, day: 1 },
    { month: 5, day: 30, since: 2020 },
    { month: 6, day: 22 },
    { month: 8, day: 5 },
    { month: 8, day: 15 },
    { month: 11, day: 1 },
    { month: 11, day: 18, since: 2020 },
    { month: 12, day: 25 },
    { month: 12, day: 26 },
  ],
  easterOffsets: [0, 1, 60],
  until: [
    { month: 6, day: 25, until: 2019 },
    { month: 10, day: 8, until: 2019 },
  ],
};

/**
 * The Netherlands: the generally recognised holidays of the Algemene termijnenwet art. 3 — 1 Jan, Easter Monday,
 * Ascension (E+39), Whit Monday (E+50), 25 and 26 Dec, King's Day and 5 May (Easter and Whit Sunday are Sundays).
 * King's Day (27 Apr, 26 Apr when the 27th is a Sunday, since 2014) is added in code. Suppliers apply the low
 * tariff on "nationaal erkende feestdagen" (energieprijzen-vergelijken.nl); some network operators skip 5 May.
 */
const NETHERLANDS: CountryHolidays = {
  fixed: [
    { month: 1, day: 1 },
    { month: 5, day: 5 },
    { month: 12, day: 25 },
    { month: 12, day: 26 },
  ],
  easterOffsets: [0, 1, 39, 49, 50],
};

const TABLES: Readonly<Record<string, CountryHolidays>> = {
  AT: AUSTRIA,
  HR: CROATIA,
  NL: NETHERLANDS,
};

/** Countries whose public holidays {@link isHoliday} knows; any other country has none. */
export const HOLIDAY_COUNTRIES: readonly string[] = ['SI', 'AT', 'HR', 'NL'];

/**
 * King's Day: 27 April, or 26 April when the 27th is a Sunday (since 2014). Before 2014 Queen's Day (30 April, 29
 * when a Sunday) is used — an approximation for years before the platform's data.
 */
function dutchRoyalDay(year: number): number {
  const day = year >= 2014 ? 27 : 30;
  const n = dayNumberOf({ year, month: 4, day });
  // 1970-01-01 was a Thursday, so (n + 3) mod 7 = 6 is a Sunday.
  return (((n + 3) % 7) + 7) % 7 === 6 ? n - 1 : n;
}

const cache = new Map<string, ReadonlySet<number>>();

function tableDays(country: string, table: CountryHolidays, year: number): ReadonlySet<number> {
  const key = `${country}:${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const days = new Set<number>();
  for (const h of table.fixed) {
    if (h.since === undefined || year >= h.since)
      days.add(dayNumberOf({ year, month: h.month, day: h.day }));
  }
  for (const h of table.until ?? []) {
    if (year <= h.until) days.add(dayNumberOf({ year, month: h.month, day: h.day }));
  }
  const easter = dayNumberOf(easterSunday(year));
  for (const offset of table.easterOffsets) days.add(easter + offset);
  if (country === 'NL') days.add(dutchRoyalDay(year));
  cache.set(key, days);
  return days;
}

/** Whether a local date is a public (work-free) holiday of a country; false for unknown countries or dates. */
export function isHolidayOn(countryCode: string | null, date: LocalDate): boolean {
  if (!countryCode) return false;
  const country = countryCode.toUpperCase();
  if (country === 'SI') return isWorkFreeHoliday(date);
  const table = TABLES[country];
  if (!table) return false;
  return tableDays(country, table, date.year).has(dayNumberOf(date));
}

/** Whether `YYYY-MM-DD` is a public (work-free) holiday of a country (ISO 3166 alpha-2). */
export function isHoliday(countryCode: string | null, date: string): boolean {
  const parsed = parseIsoDate(date);
  return parsed ? isHolidayOn(countryCode, parsed) : false;
}
