import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Company } from '@ec/contract';
import { ReferenceSelect, type ReferenceFieldProps } from '../../reference/index.ts';
import { companiesQueryOptions } from '../../../entities/company/index.ts';

export interface CompanySelectProps extends ReferenceFieldProps {
  /** The chosen company's id, or null. */
  value: number | null;
  onChange: (value: number | null, company: Company | null) => void;
  /** Companies not to offer (the one a user already belongs to). */
  exclude?: readonly number[];
}

/** A company picker over GET /api/companies (the companies the user sees, by name). */
export function CompanySelect({ value, onChange, exclude, ...field }: CompanySelectProps) {
  const query = useQuery(companiesQueryOptions());
  const companies = query.data;
  const options = useMemo(
    () =>
      (companies ?? [])
        .filter((c) => !exclude?.includes(c.id))
        .map((c) => ({ value: String(c.id), label: c.name })),
    [companies, exclude],
  );
  return (
    <ReferenceSelect
      {...field}
      what="companies"
      query={query}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const company = companies?.find((c) => String(c.id) === next) ?? null;
        onChange(company ? company.id : null, company);
      }}
    />
  );
}
