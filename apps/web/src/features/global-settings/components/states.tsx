import type { ReactNode } from 'react';
import {
  ErrorState as SharedErrorState,
  NotFoundState as SharedNotFoundState,
} from '../../../shared/ui/states.tsx';
import classes from './global-settings.module.css';

export { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';

/** A failed load of a global-settings screen (see the shared ErrorState). */
export function ErrorState({
  error,
  onRetry,
  notFoundKey = 'global_settings.not_found',
  errorKey = 'global_settings.load_error',
}: {
  error: unknown;
  onRetry?: () => void;
  notFoundKey?: string;
  errorKey?: string;
}) {
  return (
    <SharedErrorState
      error={error}
      onRetry={onRetry}
      notFoundKey={notFoundKey}
      errorKey={errorKey}
    />
  );
}

/** The item does not exist, or the user may not see it. */
export function NotFoundState({
  messageKey = 'global_settings.not_found',
}: {
  messageKey?: string;
}) {
  return <SharedNotFoundState messageKey={messageKey} />;
}

/** A definition list of facts (label, value). */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={classes.facts}>
      {items.map(([label, value]) => (
        <FactRow key={label} label={label} value={value} />
      ))}
    </dl>
  );
}

function FactRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
