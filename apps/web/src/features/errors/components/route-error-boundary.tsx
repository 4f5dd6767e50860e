import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../../shared/lazy/chunk-load.ts';
import { ErrorScreen } from './error-screen.tsx';

/** Reloads the page; a new deploy's chunks (or a restored connection) are then picked up. */
function reload() {
  window.location.reload();
}

/**
 * The route errorElement: a chunk that failed or timed out (spec 001 §8) gets its own message with Reload;
 * anything else a generic message. Errors are logged for the console, never shown raw.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        title={t('app.chunk_error_title')}
        message={t('app.chunk_error_message')}
        actionLabel={t('common.reload')}
        onAction={reload}
      />
    );
  }
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? t('errors.NOT_FOUND')
      : t('errors.INTERNAL');
  return (
    <ErrorScreen
      title={t('app.page_error_title')}
      message={message}
      actionLabel={t('common.reload')}
      onAction={reload}
    />
  );
}
