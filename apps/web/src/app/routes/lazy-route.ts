import type { ComponentType } from 'react';
import { withChunkTimeout } from '../../shared/lazy/chunk-load.ts';
import type { RouteHandle } from '../../shared/routing/route-handle.ts';

/**
 * A lazy route module (every page and layout is one, docs/architecture.md §6) loaded through the chunk
 * timeout: a failed or stalled chunk shows the chunk error with Reload (spec 001 §8).
 */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const timed = withChunkTimeout(load);
  return async () => ({ Component: pick(await timed()) });
}

/** Types a route's `handle` (title, breadcrumb, navigation context role). */
export const handle = (value: RouteHandle): RouteHandle => value;

/** The reusable frame for screens whose content belongs to a later issue or another helper (frame-route.tsx). */
export const framePage = lazyComponent(
  () => import('./frame-route.tsx'),
  (m) => m.FrameRoute,
);
