import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { devicesQueryOptions } from '../api/moj-elektro-api.ts';
import {
  calculationFilter,
  filtersFromQuery,
  filtersToQuery,
  todayIn,
  validateFilters,
  type MeFilters,
} from '../model/filters.ts';
import { limitsFromQuery, limitsToQuery } from '../model/limits.ts';

/**
 * The filters the pages work with: those in the URL query (written by "Process"), the device list, the chosen
 * device and whether the rules hold (then the page loads its data).
 */
export function useMeFilters(now: () => number = Date.now) {
  const [search, setSearch] = useSearchParams();
  const today = todayIn(now());
  const filters = useMemo(() => filtersFromQuery(search, today), [search, today]);
  const devices = useQuery(devicesQueryOptions());
  const device = devices.data?.find((d) => d.id === filters.deviceId) ?? null;
  const errors = validateFilters(filters, device?.tariffsCount, today);
  const ready = device !== null && Object.keys(errors).length === 0;
  /** Device and dates hold (enough for the data page). */
  const rangeReady = device !== null && !errors.from && !errors.to;
  const apply = (next: MeFilters) =>
    setSearch(filtersToQuery(next, search), { replace: false, preventScrollReset: true });
  /** The custom power limits in the URL (spec 001 §2: the pages share them); null = toggle off. */
  const customLimits = useMemo(() => limitsFromQuery(search), [search]);
  /** Writes the custom limits (null removes them): a history entry unless `replace`. */
  const applyLimits = (limits: readonly number[] | null, replace = false) =>
    setSearch((current) => limitsToQuery(limits, current), { replace, preventScrollReset: true });
  return {
    today,
    filters,
    devices,
    device,
    errors,
    ready,
    rangeReady,
    apply,
    customLimits,
    applyLimits,
    request: calculationFilter(filters),
  };
}
