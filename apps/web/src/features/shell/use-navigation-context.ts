import { useEffect, useState } from 'react';
import type { NavigationContext } from '@ec/domain';
import {
  nextNavigationContext,
  readNavigationContext,
  writeNavigationContext,
  type NavigationPage,
} from './navigation-context.ts';

function sameContext(a: NavigationContext | null, b: NavigationContext | null): boolean {
  return (
    a === b ||
    (a !== null &&
      b !== null &&
      a.type === b.type &&
      a.id === b.id &&
      a.title === b.title &&
      a.href === b.href)
  );
}

/**
 * Follows navigation (`locationKey` changes) and keeps the saved navigation context in session storage (spec 000
 * §4). Returns the context the current page shows as its first breadcrumb: only on a keeping page, and only when
 * complete.
 */
export function useNavigationContext(
  locationKey: string,
  current: NavigationPage,
): NavigationContext | null {
  const [state, setState] = useState(() => ({
    key: locationKey,
    page: current,
    saved: readNavigationContext(),
  }));
  // Derived during render (not in an effect) so the new page's first paint already has the right crumb.
  if (state.key !== locationKey) {
    setState({
      key: locationKey,
      page: current,
      saved: nextNavigationContext(state.saved, state.page, current),
    });
  } else if (
    state.page.role !== current.role ||
    !sameContext(state.page.context, current.context)
  ) {
    // The same page learned its context (the menu arrived): remember it for the next navigation.
    setState({ ...state, page: current });
  }
  useEffect(() => writeNavigationContext(state.saved), [state.saved]);
  return current.role === 'keep' ? state.saved : null;
}
