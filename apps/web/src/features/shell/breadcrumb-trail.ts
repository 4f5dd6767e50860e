import type { NavigationContext } from '@ec/domain';
import type { Breadcrumb, EntityRef, EntityType } from '../../shared/routing/route-handle.ts';

/** An entity as the menu knows it: what a breadcrumb needs. */
export interface TrailEntity {
  type: EntityType;
  id: number;
  title: string;
  href: string;
  /** A company's root group: the company stands for it (the menu has no item of its own for it). */
  rootOf?: number;
}

/** The entity and its ancestors (outermost first) from the menu data, or null when the menu does not have it. */
export type EntityTrailLookup = (entity: EntityRef) => readonly TrailEntity[] | null;

/** Inputs of {@link buildBreadcrumbs}. */
export interface TrailInput {
  /** Crumbs from the route handles (breadcrumbsFromMatches). */
  crumbs: readonly Breadcrumb[];
  lookup: EntityTrailLookup;
  /** Where a company crumb links (spec 001 §2: /settings/global/companies/{id} for those who may open it). */
  companyHref: (company: TrailEntity) => string;
  /** A complete saved navigation context, when the page keeps one (spec 000 §4). */
  context: NavigationContext | null;
}

/** Where an entity's crumb links: companies by `companyHref`, groups to their company path, others as given. */
function hrefOf(entity: TrailEntity, companyHref: TrailInput['companyHref']): string {
  return entity.type === 'company' ? companyHref(entity) : entity.href;
}

/**
 * Breadcrumbs from the path (route handles), the menu data and the saved navigation context (spec 000 §2,
 * spec 001 §2):
 * - a crumb that stands for an entity gets the entity's title from the menu, and companies and groups link to
 *   /settings/global/companies/{id} and /companies/{companyId}/location-groups/{id};
 * - before the first entity crumb go its ancestors from the menu (company, groups) that the path does not name;
 * - with a complete navigation context those ancestors are replaced by one contextual crumb: the page the user
 *   came from.
 */
export function buildBreadcrumbs({
  crumbs,
  lookup,
  companyHref,
  context,
}: TrailInput): Breadcrumb[] {
  const out: Breadcrumb[] = [];
  let first = true;
  for (const crumb of crumbs) {
    if (!crumb.entity) {
      out.push(crumb);
      continue;
    }
    const chain = lookup(crumb.entity);
    const self = chain?.at(-1);
    // The root group's crumb would repeat its company's: the company crumb already leads there.
    if (
      self?.rootOf !== undefined &&
      out.some((c) => c.entity?.type === 'company' && c.entity.id === self.rootOf)
    ) {
      first = false;
      continue;
    }
    if (first) {
      first = false;
      if (context) {
        out.push({ label: context.title, to: context.href });
      } else if (chain) {
        for (const ancestor of chain.slice(0, -1)) {
          const named = crumbs.some(
            (other) => other.entity?.type === ancestor.type && other.entity.id === ancestor.id,
          );
          if (!named) {
            out.push({
              label: ancestor.title,
              to: hrefOf(ancestor, companyHref),
              entity: { type: ancestor.type, id: ancestor.id },
            });
          }
        }
      }
    }
    if (!self) {
      out.push(
        crumb.entity.type === 'company'
          ? { ...crumb, to: companyHref({ ...crumb.entity, title: crumb.label, href: crumb.to }) }
          : crumb,
      );
      continue;
    }
    out.push({
      label: self.title,
      to:
        self.type === 'company' || self.type === 'location-group'
          ? hrefOf(self, companyHref)
          : crumb.to,
      entity: crumb.entity,
    });
  }
  return out;
}
