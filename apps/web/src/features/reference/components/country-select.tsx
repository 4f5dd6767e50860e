import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../shared/intl/countries.ts';
import { countriesQueryOptions, type ReferenceCountry } from '../api/reference-queries.ts';
import { ReferenceSelect, type ReferenceFieldProps } from './reference-select.tsx';

export interface CountrySelectProps extends ReferenceFieldProps {
  /**
   * Which identifier the form keeps: the country's id (companies: `countryId`) or its ISO code (locations:
   * `countryCode`). `value` and the first argument of `onChange` are that identifier as text.
   */
  valueKind: 'id' | 'code';
  value: string | null;
  onChange: (value: string | null, country: ReferenceCountry | null) => void;
  /** Only the countries the product is offered in (GET /api/countries?visible=true). */
  visibleOnly?: boolean;
}

/** Countries named in the interface language (Intl.DisplayNames), sorted in it. */
export function countryOptionsOf(
  countries: readonly ReferenceCountry[],
  locale: string,
  valueKind: 'id' | 'code',
): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return countries
    .map((c) => ({
      value: valueKind === 'id' ? String(c.id) : c.code,
      label: countryName(c.code, locale),
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** A country picker over GET /api/countries. */
export function CountrySelect({
  valueKind,
  value,
  onChange,
  visibleOnly,
  ...field
}: CountrySelectProps) {
  const { i18n } = useTranslation();
  const query = useQuery(countriesQueryOptions({ visible: visibleOnly ?? false }));
  const locale = i18n.language;
  const options = useMemo(
    () => countryOptionsOf(query.data ?? [], locale, valueKind),
    [query.data, locale, valueKind],
  );
  return (
    <ReferenceSelect
      {...field}
      what="countries"
      query={query}
      data={options}
      value={value}
      onChange={(next) => {
        const country =
          query.data?.find((c) => (valueKind === 'id' ? String(c.id) : c.code) === next) ?? null;
        onChange(next, country);
      }}
    />
  );
}
