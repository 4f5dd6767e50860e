import type { UIMatch } from 'react-router';
import type { RouteHandle } from '../../shared/routing/route-handle.ts';
import { idParam } from '../routes/route-helpers.ts';

/** What the current page is about: the open location and group (with the path they live under), the company. */
export interface OpenEntities {
  /** A location page (its subtree under /locations, /location-groups or /companies). */
  location: { id: number; base: string } | null;
  /** A group page (flexibility, summary, charts) or a location under a group path. */
  group: { id: number; base: string } | null;
  /** The company named by the path (/companies/:companyId/…). */
  companyId: number | null;
  /** The page's part in the navigation context (deepest handle that says). */
  navigation: RouteHandle['navigation'];
}

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Reads the open entities from the matched routes. The admin area (/settings/global) names companies and
 * locations too, but is not "a location or group open" (no floating navigation, no Manage Location).
 */
export function openEntities(matches: readonly UIMatch[]): OpenEntities {
  const result: OpenEntities = {
    location: null,
    group: null,
    companyId: null,
    navigation: undefined,
  };
  const leaf = matches.at(-1);
  if (!leaf || leaf.pathname.startsWith('/settings/')) return result;
  for (const match of matches) {
    const path = trim(match.pathname);
    const { locationId, locationGroupId, companyId } = match.params;
    const location = idParam(locationId);
    if (location !== null && !result.location && path.endsWith(`/locations/${locationId ?? ''}`)) {
      result.location = { id: location, base: path };
    }
    const group = idParam(locationGroupId);
    if (
      group !== null &&
      !result.group &&
      path.endsWith(`/location-groups/${locationGroupId ?? ''}`)
    ) {
      result.group = { id: group, base: path };
    }
    const company = idParam(companyId);
    if (company !== null) result.companyId = company;
    const navigation = (match.handle as RouteHandle | undefined)?.navigation;
    if (navigation) result.navigation = navigation;
  }
  return result;
}
