import type { TimePlanBlock } from '@ec/domain';

/**
 * The time plan chosen for time-of-use prices, as the plan step knows it: its blocks in position order and whether
 * it covers every minute of the year (only a complete plan may be used, DESIGN-13 rules). Null while it loads.
 */
export interface PlanChoice {
  id: number;
  title: string;
  blocks: readonly TimePlanBlock[];
  complete: boolean;
}

/** The blocks of a plan in position order. */
export function blocksInOrder(blocks: readonly TimePlanBlock[]): TimePlanBlock[] {
  return [...blocks].sort((a, b) => a.position - b.position);
}
