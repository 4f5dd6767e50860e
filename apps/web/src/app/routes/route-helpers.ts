import { redirect, type UIMatch } from 'react-router';
import type { BreadcrumbSpec, EntityType } from '../../shared/routing/route-handle.ts';

/** A path parameter as an entity id: a positive integer, else null (the page then shows not found). */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The breadcrumb of a route whose path names an entity (`locations/:locationId`): the entity's title from the
 * menu when known, `labelKey` ("Location") otherwise.
 */
export function entityCrumb(type: EntityType, param: string, labelKey: string, to?: string) {
  return (match: UIMatch): BreadcrumbSpec => {
    const id = idParam(match.params[param]);
    const spec: BreadcrumbSpec = { labelKey };
    if (id !== null) spec.entity = { type, id };
    if (to !== undefined) spec.to = `${match.pathname.replace(/\/$/, '')}/${to}`;
    return spec;
  };
}

/**
 * A redirect of an index route to `pathname` that keeps the request's query (a confirmation link such as
 * `/companies/1/location-groups/1?confirmationAction=…` must reach the page that shows its modal, and the admin
 * search keeps its filters).
 */
export function redirectKeepingQuery(request: Request, pathname: string): Response {
  return redirect(`${pathname}${new URL(request.url).search}`);
}
