import {
  ErrorState as SharedErrorState,
  NotFoundState as SharedNotFoundState,
} from '../../../shared/ui/states.tsx';

export { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';

/** A failed load of a Manage Location screen (see the shared ErrorState). */
export function ErrorState({
  error,
  onRetry,
  notFoundKey = 'location_manage.not_found',
}: {
  error: unknown;
  onRetry?: () => void;
  notFoundKey?: string;
}) {
  return (
    <SharedErrorState
      error={error}
      onRetry={onRetry}
      notFoundKey={notFoundKey}
      errorKey="location_manage.load_error"
    />
  );
}

/** The location or item does not exist, or the user may not see it. */
export function NotFoundState({
  messageKey = 'location_manage.not_found',
}: {
  messageKey?: string;
}) {
  return <SharedNotFoundState messageKey={messageKey} />;
}
