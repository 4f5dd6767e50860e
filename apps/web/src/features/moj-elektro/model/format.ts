import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '@ec/domain';
import { intlLocale } from '@ec/i18n';

/** Number formats in the interface language: money in € with 2 decimals, kW / kWh (spec 001 §9). */
export function makeFormats(language: string) {
  const tag = isLocale(language) ? intlLocale(language) : language;
  const money = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const unitPrice = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 5,
  });
  const num = (digits: number) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const n2 = num(2);
  const n0 = num(0);
  const n1 = num(1);
  const axis = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    money: (amount: number) => money.format(amount),
    unitPrice: (amount: number, unit: string) =>
      `${unitPrice.format(amount)}/${unit.split('/')[1] ?? ''}`,
    kw: (value: number) => `${n2.format(value)} kW`,
    kwh: (value: number) => `${n2.format(value)} kWh`,
    kwhRound: (value: number) => `${n0.format(value)} kWh`,
    number: (value: number, digits = 2) =>
      (digits === 0 ? n0 : digits === 1 ? n1 : n2).format(value),
    percent: (value: number) => `${n1.format(value)} %`,
    /** A chart axis label: the language's separators, no fixed decimals ("12.000", "0,5" in Slovenian). */
    axis: (value: number) => axis.format(value),
    month: (yyyyMm: string) => month.format(new Date(`${yyyyMm}-15T00:00:00Z`)),
  };
}

export type MeFormats = ReturnType<typeof makeFormats>;

/** {@link makeFormats} for the current language. */
export function useFormats(): MeFormats {
  const { i18n } = useTranslation();
  return useMemo(() => makeFormats(i18n.language), [i18n.language]);
}
