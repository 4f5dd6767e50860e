import { useTranslation } from 'react-i18next';

/**
 * The full-page loader during the start sequence: the same markup and CSS (boot-loader.css) as index.html's
 * static loader, so the hand-over from HTML to React does not flicker. Needs no theme.
 */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="boot-loader" role="status" aria-live="polite">
      <span className="boot-loader__spinner" aria-hidden="true" />
      <span className="boot-loader__label">{t('app.loader_label')}</span>
    </div>
  );
}
