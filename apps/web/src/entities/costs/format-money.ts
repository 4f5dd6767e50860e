import type { MoneyDto } from '@ec/contract';
import { minorUnitDecimals } from '@ec/domain';

/**
 * An amount of money in the user's language with its currency's decimals (`1,97 €` in Slovenian, `€1.97` in
 * English): minor units divided by 10^decimals (exact for every safe amount a bucket holds).
 */
export function formatMoney(locale: string, amount: MoneyDto): string {
  const decimals = minorUnitDecimals(amount.currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: amount.currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount.minor / 10 ** decimals);
}
