import type { UIMatch } from 'react-router';

/** Interpolation values for a translation key. */
export type TranslationValues = Record<string, string | number>;

/** The kinds of organisation entities a page can be about (the sidebar's item types, spec 000 §3). */
export type EntityType = 'company' | 'location-group' | 'location' | 'device-group' | 'device';

/** An organisation entity named by the path (`/locations/42` → location 42). */
export interface EntityRef {
  type: EntityType;
  id: number;
}

/** A breadcrumb before translation: a catalog key (or literal text from data) and where it links. */
export interface BreadcrumbSpec {
  /**
   * The entity this crumb stands for: its label comes from the menu data (the entity's title) when known, the
   * catalog key or text otherwise; its ancestors (company, groups) are added from the menu too.
   */
  entity?: EntityRef;
  /** Catalog key of the label. */
  labelKey?: string;
  /** Literal label from data (a location name); used when there is no key. */
  text?: string;
  values?: TranslationValues;
  /** Link target; defaults to the matched route's pathname. */
  to?: string;
}

/**
 * What a route declares in its `handle` (docs/architecture.md §6): the title (document title, spec 000 §2 Layout)
 * and its breadcrumb. Titles are catalog keys so they follow the locale.
 */
export interface RouteHandle {
  /** Catalog key of the page title. */
  title?: string;
  /** The breadcrumb this route adds; a function reads the match (params, loader data). */
  breadcrumb?: BreadcrumbSpec | ((match: UIMatch) => BreadcrumbSpec | null);
  /**
   * The page's part in the saved navigation context (spec 000 §4): `source` pages (a company or location group)
   * hand their context to `keep` pages opened from them; any other page clears it.
   */
  navigation?: 'source' | 'keep';
}

/** A breadcrumb ready to render: translated label and target. */
export interface Breadcrumb {
  label: string;
  to: string;
  /** The entity behind the crumb, when the route names one. */
  entity?: EntityRef;
}

function handleOf(match: UIMatch): RouteHandle | undefined {
  const handle = match.handle as RouteHandle | undefined;
  return handle && typeof handle === 'object' ? handle : undefined;
}

/** The title key of the deepest matched route that has one. */
export function routeTitleKey(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const title = match ? handleOf(match)?.title : undefined;
    if (title) return title;
  }
  return undefined;
}

/** Breadcrumbs from the matched routes' handles, outermost first, translated with `t`. */
export function breadcrumbsFromMatches(
  matches: readonly UIMatch[],
  t: (key: string, values?: TranslationValues) => string,
): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [];
  for (const match of matches) {
    const spec = handleOf(match)?.breadcrumb;
    const resolved = typeof spec === 'function' ? spec(match) : spec;
    if (!resolved) continue;
    const label = resolved.labelKey ? t(resolved.labelKey, resolved.values) : (resolved.text ?? '');
    const crumb: Breadcrumb = { label, to: resolved.to ?? match.pathname };
    if (resolved.entity) crumb.entity = resolved.entity;
    crumbs.push(crumb);
  }
  return crumbs;
}
