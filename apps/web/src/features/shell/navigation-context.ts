import { isCompleteNavigationContext, type NavigationContext } from '@ec/domain';
import { readStored, STORAGE_KEYS, writeStored } from '../../shared/storage/storage.ts';
import type { RouteHandle } from '../../shared/routing/route-handle.ts';

/** A page's part in the navigation context (its route handle's `navigation`), with its own context if a source. */
export interface NavigationPage {
  role: RouteHandle['navigation'] | undefined;
  /** A source page's context (its group or company), when known. */
  context: NavigationContext | null;
}

/**
 * The saved context after navigating from `from` to `to` (spec 000 §4): leaving a source page for a keeping page
 * stores the source's context; moving between keeping pages keeps it; anything else clears it.
 */
export function nextNavigationContext(
  saved: NavigationContext | null,
  from: NavigationPage,
  to: NavigationPage,
): NavigationContext | null {
  if (to.role !== 'keep') return null;
  if (from.role === 'source') return from.context;
  if (from.role === 'keep') return saved;
  return null;
}

/** The stored context, only when all four parts are present (it comes back from browser storage). */
export function readNavigationContext(): NavigationContext | null {
  const raw = readStored('session', STORAGE_KEYS.navigationContext);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isCompleteNavigationContext(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores the context for the visit (null clears it). */
export function writeNavigationContext(context: NavigationContext | null): void {
  writeStored(
    'session',
    STORAGE_KEYS.navigationContext,
    context === null ? null : JSON.stringify(context),
  );
}
