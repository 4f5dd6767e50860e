import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SpotRegionType } from '@ec/domain';
import { spotMarketRegionsQueryOptions, type SpotMarketRegion } from '../api/reference-queries.ts';
import { ReferenceSelect, type ReferenceFieldProps } from './reference-select.tsx';

/** A location's spot region as the API carries it (spec 001 §3 `region / spotRegion`). */
export interface SpotRegionValue {
  code: string;
  type: SpotRegionType;
}

export interface SpotRegionSelectProps extends ReferenceFieldProps {
  value: SpotRegionValue | null;
  onChange: (value: SpotRegionValue | null) => void;
  /** Offer only the regions of this country (all when it has none, or when empty). */
  countryCode?: string | null;
}

const SEPARATOR = ':';

/** The option value of a region: `EIC:10YSI-ELES-----O`, `AGILE:A`. */
export function spotRegionKey(value: SpotRegionValue): string {
  return `${value.type}${SEPARATOR}${value.code}`;
}

function parseKey(key: string | null): SpotRegionValue | null {
  if (!key) return null;
  const at = key.indexOf(SEPARATOR);
  const type = key.slice(0, at);
  if (type !== 'EIC' && type !== 'AGILE') return null;
  return { type, code: key.slice(at + 1) };
}

/** The regions of `countryCode`, or all of them when that country has none. */
export function regionsForCountry(
  entries: readonly SpotMarketRegion[],
  countryCode: string | null | undefined,
): readonly SpotMarketRegion[] {
  if (!countryCode) return entries;
  const own = entries.filter((e) => e.countryCode === countryCode);
  return own.length > 0 ? own : entries;
}

/**
 * A spot-market region picker over GET /api/pricing/spot-market/regions, grouped into ENTSO-E bidding zones
 * (EIC) and Octopus Agile regions.
 */
export function SpotRegionSelect({
  value,
  onChange,
  countryCode,
  ...field
}: SpotRegionSelectProps) {
  const { t } = useTranslation();
  const query = useQuery(spotMarketRegionsQueryOptions());
  const entries = query.data;
  const data = useMemo(() => {
    const shown = regionsForCountry(entries ?? [], countryCode);
    const types: SpotRegionType[] = ['EIC', 'AGILE'];
    return types
      .map((type) => ({
        group: t(`reference.spot_region_type.${type}`),
        items: shown
          .filter((e) => e.type === type)
          .map((e) => ({ value: spotRegionKey(e), label: `${e.name} (${e.code})` })),
      }))
      .filter((group) => group.items.length > 0);
  }, [entries, countryCode, t]);

  return (
    <ReferenceSelect
      {...field}
      what="spot-market regions"
      query={query}
      data={data}
      value={value ? spotRegionKey(value) : null}
      onChange={(key) => onChange(parseKey(key))}
    />
  );
}
