/** How many trailing breadcrumbs stay visible (spec 000 §2 Layout). */
export const BREADCRUMBS_KEPT = { desktop: 3, mobile: 1 } as const;

/** Splits breadcrumbs into the earlier ones (shown in the "…" menu) and the last `keep` (shown inline). */
export function collapseBreadcrumbs<T>(
  items: readonly T[],
  keep: number,
): { hidden: T[]; visible: T[] } {
  const cut = Math.max(0, items.length - Math.max(1, keep));
  return { hidden: items.slice(0, cut), visible: items.slice(cut) };
}
