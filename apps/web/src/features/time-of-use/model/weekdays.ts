/**
 * The name of a day of week (1 = Monday … 7 = Sunday, spec 001 §9) in `locale`, from Intl (no catalog key needed).
 * 2024-01-01 was a Monday.
 */
export function weekdayName(dayOfWeek: number, locale: string, width: 'long' | 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, dayOfWeek)),
  );
}
