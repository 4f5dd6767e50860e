// Tariff year: price data from any period under the rules of one year of the block tariff (layout, seasons, rates,
// excess factor, minimum agreed power). Each interval keeps its own real date for the day type (working or not) and
// takes everything else from the same month of the tariff year. A tariff year is accepted only where the data
// tables cover all of it, so a what-if never falls back to a guess.

import { BLOCK_LAYOUTS, dayInfo } from './calendar.ts';
import { NetworkFeeError } from './errors.ts';
import { excessFactor, networkRatesForMonth, oldSystemRatesForMonth } from './rates.ts';
import { dayNumberOf, parseIsoDate } from './time-zone.ts';

function covers(year: number): boolean {
  try {
    const first = dayNumberOf({ year, month: 1, day: 1 });
    const last = dayNumberOf({ year, month: 12, day: 31 });
    for (let d = first; d <= last; d++) if (!dayInfo(d).blocks) return false;
    for (let m = 1; m <= 12; m++) {
      networkRatesForMonth(year, m);
      oldSystemRatesForMonth(year, m);
    }
    excessFactor(year);
    return true;
  } catch (e) {
    if (e instanceof NetworkFeeError) return false;
    throw e;
  }
}

function computeTariffYears(): number[] {
  const years: number[] = [];
  const first = parseIsoDate(BLOCK_LAYOUTS[0]?.validFrom ?? '')?.year;
  const last = parseIsoDate(BLOCK_LAYOUTS[BLOCK_LAYOUTS.length - 1]?.validTo ?? '')?.year;
  if (first === undefined || last === undefined) return years;
  for (let y = first; y <= last; y++) if (covers(y)) years.push(y);
  return years;
}

/**
 * The tariff years the data tables cover completely (a block layout for every day, network and old-system rates for
 * every month, an excess factor), ascending. Derived from the tables, so a new layout or rate period extends it.
 */
export const TARIFF_YEARS: readonly number[] = computeTariffYears();

/** Checks a tariff year; throws TARIFF_YEAR_NOT_COVERED (params: tariffYear, first, last, years). */
export function requireTariffYear(tariffYear: number): number {
  if (!Number.isInteger(tariffYear) || !TARIFF_YEARS.includes(tariffYear)) {
    const first = TARIFF_YEARS[0];
    const last = TARIFF_YEARS[TARIFF_YEARS.length - 1];
    throw new NetworkFeeError(
      'TARIFF_YEAR_NOT_COVERED',
      `tariff year ${String(tariffYear)} is not covered by the tariff data (covered: ${TARIFF_YEARS.join(', ')}; block layouts ${BLOCK_LAYOUTS.map((l) => `${l.validFrom}…${l.validTo}`).join(', ')})`,
      { tariffYear: String(tariffYear), first, last, years: TARIFF_YEARS.join(', ') },
    );
  }
  return tariffYear;
}
