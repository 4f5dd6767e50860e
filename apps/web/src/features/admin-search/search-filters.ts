// The admin search's filters live in the URL (/admin/search/<kind>?q=…&companyId=…&types=…&page=…), so a result
// list can be reloaded, shared and left with Back; this module reads and writes them.

/** The result kinds: the sub-routes of /admin/search (spec 000 §2) in the order the filter panel shows them. */
export const SEARCH_KINDS = ['users', 'locations', 'oem-devices', 'devices'] as const;
/** One of {@link SEARCH_KINDS}. */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The admin search's filters. */
export interface SearchFilters {
  /** The text query ('' for none). */
  q: string;
  /** Only results of this company. */
  companyId: number | null;
  /** The result kinds searched (spec 001 §4: at least one stays on); never empty. */
  types: readonly SearchKind[];
  /** 1-based page of the current kind's results. */
  page: number;
}

/** Whether a text is one of the kinds. */
export function isSearchKind(value: string | undefined): value is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value ?? '');
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

/** The filters in a URL's query; anything missing or invalid falls back to its default. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const listed = (params.get('types') ?? '').split(',').filter(isSearchKind);
  const types = SEARCH_KINDS.filter((kind) => listed.includes(kind));
  return {
    q: params.get('q') ?? '',
    companyId: positiveInt(params.get('companyId')),
    types: types.length > 0 ? types : SEARCH_KINDS,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL query of `filters`; defaults are left out (all types, page 1, no company, no text). */
export function writeFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.companyId !== null) params.set('companyId', String(filters.companyId));
  if (filters.types.length < SEARCH_KINDS.length) params.set('types', filters.types.join(','));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The types after the user flips `kind`; turning off the last one that is on is refused (spec 001 §4 "at least
 * one filter must stay on"), so the same list comes back.
 */
export function toggleType(types: readonly SearchKind[], kind: SearchKind): readonly SearchKind[] {
  if (types.includes(kind)) {
    return types.length === 1 ? types : types.filter((t) => t !== kind);
  }
  return SEARCH_KINDS.filter((k) => k === kind || types.includes(k));
}

/** The API's name of a kind (the controllers are "oem devices" in the routes, spec 000 §3). */
export function apiKindOf(kind: SearchKind): 'users' | 'locations' | 'controllers' | 'devices' {
  return kind === 'oem-devices' ? 'controllers' : kind;
}
