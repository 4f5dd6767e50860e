// The confirmation flow's query parameters (spec 001 §2) must survive every redirect between the link and the
// page that shows the modal: sign-in, the landing redirect of `/`, the guard's redirects to `/` and `/setup`,
// and the index redirects of sections (a group → its flexibility page). They live here, in shared code, because
// the guard (features/auth), the route table (app) and the confirmation feature all need them.

/** The query parameter naming the confirmation action (spec 001 §2). */
export const CONFIRMATION_ACTION_PARAM = 'confirmationAction';
/** The query parameter naming the confirmation's id (spec 001 §2). */
export const CONFIRMATION_ID_PARAM = 'confirmationId';

const PARAMS = [CONFIRMATION_ACTION_PARAM, CONFIRMATION_ID_PARAM] as const;

/** Only the confirmation parameters of `search`, as a query string (`?…`, or '' when there are none). */
export function confirmationQuery(search: URLSearchParams | string): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of PARAMS) {
    const value = from.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * `to` (an in-app path, possibly with its own query and hash) with the confirmation parameters of `search`
 * added, so a redirect does not drop a confirmation link on the way. Parameters `to` already carries win.
 */
export function withConfirmationQuery(to: string, search: URLSearchParams | string): string {
  const carried = new URLSearchParams(confirmationQuery(search));
  if ([...carried.keys()].length === 0) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt) : '');
  for (const [name, value] of carried) if (!query.has(name)) query.set(name, value);
  return `${path}?${query.toString()}${hash}`;
}

/** The query of an in-app path (`/x?a=1#h` → `?a=1`, '' without one). */
export function queryOf(path: string): string {
  const withoutHash = path.split('#', 1)[0] ?? '';
  const at = withoutHash.indexOf('?');
  return at >= 0 ? withoutHash.slice(at) : '';
}
