import {
  formatEnergy as scaleEnergy,
  formatPower as scalePower,
  isLocale,
  type ScaledValue as DomainScaled,
} from '@ec/domain';
import { intlLocale } from '@ec/i18n';

// Power and energy as the product shows them (spec 001 §9 "W and Wh scale to k and M above 1e3 and 1e6"), and
// relative times ("3 hours ago") in the interface language. The unit is chosen by @ec/domain's formatPower and
// formatEnergy (the same thresholds wherever a value shows); the number is written here in the user's language.

/** A scaled value: the number as text in the locale and its unit (W, kW, MW or Wh, kWh, MWh). */
export interface ScaledValue {
  value: string;
  unit: string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The BCP-47 tag for an interface language (our codes map through intlLocale; anything else is used as is). */
function tag(locale: string): string {
  return isLocale(locale) ? intlLocale(locale) : locale;
}

function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag(locale), {
      maximumFractionDigits: fractionDigits,
      minimumFractionDigits: 0,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** Decimals after scaling: none for plain W/Wh, otherwise three significant digits at most (1.23, 12.3, 123). */
function digitsFor(scaled: number, prefixed: boolean): number {
  if (!prefixed) return 0;
  const abs = Math.abs(scaled);
  if (abs < 10) return 2;
  if (abs < 100) return 1;
  return 0;
}

function localised(locale: string, scaled: DomainScaled<string>): ScaledValue {
  const prefixed = /^[kM]/.test(scaled.unit);
  const text = numberFormat(locale, digitsFor(scaled.value, prefixed)).format(scaled.value);
  // "-0" after rounding a tiny negative reads as a flow that is not there.
  return { value: text.replace(/^[-−]0$/, '0'), unit: scaled.unit };
}

/** Power in W, scaled: `formatPowerParts('sl', 1530)` → `{ value: '1,53', unit: 'kW' }`. */
export function formatPowerParts(locale: string, watts: number): ScaledValue {
  return localised(locale, scalePower(watts));
}

/** Energy in Wh, scaled: `formatEnergyParts('en', 2_500_000)` → `{ value: '2.5', unit: 'MWh' }`. */
export function formatEnergyParts(locale: string, wattHours: number): ScaledValue {
  return localised(locale, scaleEnergy(wattHours));
}

/** Power as text with its unit: `formatPower('en', 1530)` → `1.53 kW`. */
export function formatPower(locale: string, watts: number): string {
  const { value, unit } = formatPowerParts(locale, watts);
  return `${value}\u00a0${unit}`;
}

/** Energy as text with its unit: `formatEnergy('en', 999)` → `999 Wh`. */
export function formatEnergy(locale: string, wattHours: number): string {
  const { value, unit } = formatEnergyParts(locale, wattHours);
  return `${value}\u00a0${unit}`;
}

/** A plain number with at most `digits` decimals in the locale (percentages, temperatures). */
export function formatDecimal(locale: string, value: number, digits = 1): string {
  return numberFormat(locale, digits).format(value);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago `instant` was, in the interface language: "3 hours ago", "pred 3 urami". Rounds down to the largest
 * whole unit (59 minutes stay minutes); a future instant (clock skew) reads as now.
 */
export function formatTimeAgo(
  locale: string,
  instant: string | Date,
  now: Date = new Date(),
): string {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(tag(locale), { numeric: 'auto', style: 'long' });
    relativeFormats.set(locale, format);
  }
  let amount = Math.max(0, Math.floor((now.getTime() - new Date(instant).getTime()) / 1000));
  for (const [unit, size] of RELATIVE_STEPS) {
    if (amount < size) return format.format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return format.format(-amount, 'year');
}
