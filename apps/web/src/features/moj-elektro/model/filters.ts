// The metering filters shared by every Moj Elektro page (spec 000 §5, spec 001 §4/§5, DESIGN-14 §6): kept in the
// URL query so the pages share them; the rules decide whether "Process" may run.

/** At most this many days between start and end (spec 000 §9). */
export const MAX_RANGE_DAYS = 730;
/** The time zone whose today bounds the dates (the server checks the same). */
export const FILTER_TIME_ZONE = 'Europe/Ljubljana';
/** The first tariff year offered besides "as measured". */
export const FIRST_TARIFF_YEAR = 2024;

/** The filters as the inputs hold them (prices as typed, so an invalid entry stays visible). */
export interface MeFilters {
  deviceId: number | null;
  from: string;
  to: string;
  vt: string;
  mt: string;
  et: string;
  /** null = the tariff year of each interval ("as measured"). */
  tariffYear: number | null;
}

export type FilterField = 'device' | 'from' | 'to' | 'vt' | 'mt' | 'et';
/** Field → catalog key of its problem. */
export type FilterErrors = Partial<Record<FilterField, string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** YYYY-MM-DD plus `days`. */
export function addDays(date: string, days: number): string {
  return new Date(dayMs(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD one calendar year before (29 Feb → 28 Feb). */
export function yearBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's date in Ljubljana. */
export function todayIn(nowMs: number, timeZone = FILTER_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(nowMs));
}

function isDate(value: string): boolean {
  return (
    DATE.test(value) &&
    !Number.isNaN(dayMs(value)) &&
    new Date(dayMs(value)).toISOString().startsWith(value)
  );
}

/** A price as typed: a finite number ≥ 0, else null (spec 001 §4: "treated as none"). */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d*\.?\d*$/.test(trimmed) || trimmed === '.') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** The filters from the URL query (missing dates: one year back to today). */
export function filtersFromQuery(query: URLSearchParams, today: string): MeFilters {
  const device = Number(query.get('device'));
  const year = Number(query.get('tariffYear'));
  return {
    deviceId: Number.isInteger(device) && device > 0 ? device : null,
    from: query.get('from') ?? yearBefore(today),
    to: query.get('to') ?? today,
    vt: query.get('vt') ?? '',
    mt: query.get('mt') ?? '',
    et: query.get('et') ?? '',
    tariffYear: Number.isInteger(year) && year >= FIRST_TARIFF_YEAR ? year : null,
  };
}

/** The filters into a URL query (other keys kept; empty values left out). */
export function filtersToQuery(filters: MeFilters, base = new URLSearchParams()): URLSearchParams {
  const query = new URLSearchParams(base);
  const set = (key: string, value: string | number | null) => {
    if (value === null || value === '') query.delete(key);
    else query.set(key, String(value));
  };
  set('device', filters.deviceId);
  set('from', filters.from);
  set('to', filters.to);
  set('vt', filters.vt);
  set('mt', filters.mt);
  set('et', filters.et);
  set('tariffYear', filters.tariffYear);
  return query;
}

/** Which prices the device needs: ET for one tariff, VT and MT for two or an unknown count. */
export function priceFields(tariffsCount: 1 | 2 | null | undefined): ('vt' | 'mt' | 'et')[] {
  return tariffsCount === 1 ? ['et'] : ['vt', 'mt'];
}

/**
 * The rules of spec 000 §5: a device; both dates, not in the future, start ≤ end, at most 730 days apart; the
 * device's prices (ET for one tariff, VT and MT otherwise) given as numbers > 0 (0 is "none").
 */
export function validateFilters(
  filters: MeFilters,
  tariffsCount: 1 | 2 | null | undefined,
  today: string,
): FilterErrors {
  const errors: FilterErrors = {};
  if (filters.deviceId === null) errors.device = 'moj_elektro.filters.device_required';
  for (const field of ['from', 'to'] as const) {
    const value = filters[field];
    if (value === '') errors[field] = 'validation.required';
    else if (!isDate(value)) errors[field] = 'moj_elektro.filters.invalid_date';
    else if (value > today) errors[field] = 'moj_elektro.filters.future_date';
  }
  if (!errors.from && !errors.to) {
    if (filters.from > filters.to) errors.to = 'moj_elektro.filters.end_before_start';
    // Both days count (the server's rule): 730 days at most.
    else if ((dayMs(filters.to) - dayMs(filters.from)) / 86_400_000 + 1 > MAX_RANGE_DAYS)
      errors.to = 'moj_elektro.filters.max_range';
  }
  // Only the prices the device needs are checked; the others are not shown and go as 0 ("none").
  for (const field of priceFields(tariffsCount)) {
    const text = filters[field];
    const value = parsePrice(text);
    if (text.trim() === '' || value === 0) errors[field] = 'validation.required';
    else if (value === null) errors[field] = 'moj_elektro.filters.invalid_price';
  }
  return errors;
}

/** The request body's filter part: invalid or empty prices sent as 0 (spec 001 §4). */
export function calculationFilter(filters: MeFilters) {
  return {
    from: filters.from,
    to: filters.to,
    vt: parsePrice(filters.vt) ?? 0,
    mt: parsePrice(filters.mt) ?? 0,
    et: parsePrice(filters.et) ?? 0,
    tariffYear: filters.tariffYear,
  };
}

/** The tariff years offered: 2024 … next year. */
export function tariffYears(today: string): number[] {
  const last = Number(today.slice(0, 4)) + 1;
  return Array.from({ length: last - FIRST_TARIFF_YEAR + 1 }, (_, i) => FIRST_TARIFF_YEAR + i);
}

/** Blocks the minus key (and exponent/plus) in a number input (spec 000 §5). */
export function blockMinusKey(event: { key: string; preventDefault: () => void }): void {
  if (event.key === '-' || event.key === 'e' || event.key === 'E' || event.key === '+')
    event.preventDefault();
}
