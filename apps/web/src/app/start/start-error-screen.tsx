import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useRouteError } from 'react-router';
import type { SiteInfo } from '@ec/contract';
import { ErrorScreen } from '../../features/errors/components/error-screen.tsx';
import { isChunkLoadError } from '../../shared/lazy/chunk-load.ts';
import { SiteThemeProvider } from '../providers/site-theme-provider.tsx';
import { siteKey } from '../../shared/api/client.ts';

/**
 * The root error element: the start sequence failed (server unreachable, site info or translations not
 * loaded). Texts come from the catalog when it loaded, else the bundled English ones; the theme is the site's
 * when its info arrived. Retry runs the sequence again without a page reload.
 */
export function StartErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const site = queryClient
    .getQueriesData<SiteInfo>({ queryKey: [...siteKey, 'info'] })
    .map(([, data]) => data)
    .find((data) => data !== undefined);

  const chunk = isChunkLoadError(error);
  return (
    <SiteThemeProvider theme={site?.theme}>
      <ErrorScreen
        fullPage
        title={chunk ? t('app.chunk_error_title') : t('app.start_error_title')}
        message={chunk ? t('app.chunk_error_message') : t('app.start_error_message')}
        actionLabel={chunk ? t('common.reload') : t('common.retry')}
        onAction={() => {
          if (chunk) window.location.reload();
          else void revalidator.revalidate();
        }}
      />
    </SiteThemeProvider>
  );
}
