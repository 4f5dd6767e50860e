import { useTranslation } from 'react-i18next';
import {
  readDecimal,
  formatMoneyAmount,
  formatUnitPriceValue,
  type PriceUnit,
} from '../../../entities/price-list/index.ts';

/** A typed value as the API's decimal ("0,09" → "0.09"), or as typed when it is not one. */
function normal(value: string): string {
  const read = readDecimal(value, { allowNegative: true });
  return read.ok && read.value !== null ? read.value : value;
}

/** Formats prices in the interface language with their units (`0,12345 €/kWh`, `12,50 €/month`). */
export function usePriceText() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return {
    /** A unit price with its unit; an empty value is "—". */
    unitPrice: (value: string | null | undefined, currency: string, unit: PriceUnit) =>
      value
        ? t(`pricing_plans.unit.price_${unit}`, {
            price: formatUnitPriceValue(normal(value), currency, locale),
          })
        : '—',
    /** A monthly fee in the currency's decimals. */
    perMonth: (value: string | null | undefined, currency: string) =>
      value
        ? t('pricing_plans.unit.price_month', {
            price: formatMoneyAmount(normal(value), currency, locale),
          })
        : '—',
    /** The unit after an input: `EUR/kWh`, `EUR/kW·month`, `EUR/month`. */
    inputUnit: (currency: string | null, unit: PriceUnit | 'month') =>
      t(`pricing_plans.unit.input_${unit}`, { currency: currency ?? '' }),
    /** A date `YYYY-MM-DD` in the interface language. */
    date: (value: string | null) => {
      if (!value) return '—';
      const date = new Date(`${value}T12:00:00Z`);
      return Number.isNaN(date.getTime())
        ? value
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    },
  };
}
