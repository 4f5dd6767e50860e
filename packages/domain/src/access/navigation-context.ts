import { isInAppPath } from './app-path.ts';

/**
 * A saved navigation context (spec 000 §4, spec 001 §2): stored when leaving a context-source page (a company or
 * location group) for a context-keeping page, and used for a contextual first breadcrumb. The specification says
 * it has four parts without naming them; these are the four a breadcrumb needs: what it is, which one, its label
 * and where it links.
 */
export type NavigationContext = {
  readonly type: string;
  readonly id: number | string;
  readonly title: string;
  readonly href: string;
};

/**
 * Whether a stored navigation context may give the first breadcrumb: only when all four parts are present — a
 * non-blank type and title, an id (a finite number or a non-blank string) and an href that is a path on this
 * site. The stored value is untrusted (it comes back from browser storage), hence `unknown`.
 */
export function isCompleteNavigationContext(ctx: unknown): ctx is NavigationContext {
  if (typeof ctx !== 'object' || ctx === null) return false;
  const { type, id, title, href } = ctx as Record<string, unknown>;
  return (
    isFilled(type) &&
    isFilled(title) &&
    (isFilled(id) || (typeof id === 'number' && Number.isFinite(id))) &&
    isInAppPath(href)
  );
}

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
