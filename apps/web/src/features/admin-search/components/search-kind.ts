import type { SearchKind } from '../search-filters.ts';

const LABEL_KEYS: Record<SearchKind, string> = {
  users: 'route_titles.search_users',
  locations: 'route_titles.search_locations',
  'oem-devices': 'route_titles.search_oem_devices',
  devices: 'route_titles.search_devices',
};

/** The catalog key naming a result kind (the sub-route titles). */
export function kindLabelKey(kind: SearchKind): string {
  return LABEL_KEYS[kind];
}
