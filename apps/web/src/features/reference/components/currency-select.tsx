import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currenciesQueryOptions } from '../api/reference-queries.ts';
import { ReferenceSelect, type ReferenceFieldProps } from './reference-select.tsx';

export interface CurrencySelectProps extends ReferenceFieldProps {
  /** ISO 4217 code (`EUR`). */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** `EUR – Euro`, named in `locale` (the code alone when Intl cannot name it). */
export function currencyLabel(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} – ${name}` : code;
  } catch {
    return code;
  }
}

/** A currency picker over GET /api/currencies. */
export function CurrencySelect({ value, onChange, ...field }: CurrencySelectProps) {
  const { i18n } = useTranslation();
  const query = useQuery(currenciesQueryOptions());
  const locale = i18n.language;
  const currencies = query.data;
  const options = useMemo(
    () => (currencies ?? []).map((c) => ({ value: c.code, label: currencyLabel(c.code, locale) })),
    [currencies, locale],
  );
  return (
    <ReferenceSelect
      {...field}
      what="currencies"
      query={query}
      data={options}
      value={value}
      onChange={onChange}
    />
  );
}
