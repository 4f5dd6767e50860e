import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { withChunkTimeout } from '../../shared/lazy/chunk-load.ts';
import { readConfirmation } from './confirmation-params.ts';

// The modal (and its call) loads only when a URL asks for a confirmation.
const ConfirmationModal = lazy(
  withChunkTimeout(() =>
    import('./components/confirmation-modal.tsx').then((m) => ({ default: m.ConfirmationModal })),
  ),
);

/**
 * The confirmation flow on any route (spec 001 §2): `?confirmationAction=LOCATION_INVITE&confirmationId=N`
 * opens the confirmation modal for a signed-in user. Signed-out visitors are first sent to sign-in by the guard,
 * which keeps these parameters for the way back.
 */
export function ConfirmationFlow({
  signedIn,
  onAccepted,
}: {
  signedIn: boolean;
  /** Called after an accepted confirmation (the app refreshes the signed-in user's permissions). */
  onAccepted?: () => Promise<unknown>;
}) {
  const [searchParams] = useSearchParams();
  const request = readConfirmation(searchParams);
  if (!signedIn || !request) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmationModal
        key={request.valid ? `${request.action}:${request.id}` : 'invalid'}
        request={request}
        onAccepted={onAccepted}
      />
    </Suspense>
  );
}
