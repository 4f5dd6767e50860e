import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Whether the page has an earlier page of this visit to go back to. The browser router numbers its history
 * entries (`idx` in `history.state`, kept when a page replaces its URL, as the admin search's filters do); the
 * memory router (tests) does not, and there the first entry's key `default` says it.
 */
export function hasEarlierPage(historyState: unknown, locationKey: string): boolean {
  const index =
    typeof historyState === 'object' && historyState !== null && 'idx' in historyState
      ? historyState.idx
      : undefined;
  return typeof index === 'number' ? index > 0 : locationKey !== 'default';
}

/** The sidebar footer's Back (spec 000 §2): the previous page of the visit, or home on its first page. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (hasEarlierPage(window.history.state, key)) void navigate(-1);
    else void navigate('/');
  }, [navigate, key]);
}
