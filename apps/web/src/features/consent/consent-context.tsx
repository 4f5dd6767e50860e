import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { showToast } from '../../shared/ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { useAnalyticsScript } from './analytics-script.ts';
import { withChunkTimeout } from '../../shared/lazy/chunk-load.ts';
import { readConsent, writeConsent, type CookieConsent } from './consent-cookie.ts';

interface ConsentState {
  consent: CookieConsent | null;
  /** Stores a choice: analytics on or off (necessary cookies are always on). */
  choose: (analyticsCookies: boolean) => void;
  /** Opens the cookie settings dialog (Customize, or the footer's cookie settings link). */
  openSettings: () => void;
}

const ConsentContext = createContext<ConsentState | null>(null);

// The dialog (Modal, Switch) loads on first use, keeping it out of the first page's JavaScript.
const CookieSettingsDialog = lazy(
  withChunkTimeout(() =>
    import('./components/cookie-settings-dialog.tsx').then((m) => ({
      default: m.CookieSettingsDialog,
    })),
  ),
);

/**
 * Owns the cookie choice: reads it from the `cookie_consent` cookie, stores new choices, renders the settings
 * dialog and loads the site's analytics script only with analytics consent.
 */
export function ConsentProvider({
  analyticsScriptUrl,
  children,
}: {
  analyticsScriptUrl: string | null | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState<CookieConsent | null>(() => readConsent());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);

  useAnalyticsScript(analyticsScriptUrl, consent?.config.analyticsCookies === true);

  const choose = useCallback(
    (analyticsCookies: boolean) => {
      setConsent(writeConsent(analyticsCookies));
      setSettingsOpen(false);
      showToast({ color: 'green', message: t('cookies.saved') });
    },
    [t],
  );
  const openSettings = useCallback(() => {
    setDialogUsed(true);
    setSettingsOpen(true);
  }, []);
  const value = useMemo(() => ({ consent, choose, openSettings }), [consent, choose, openSettings]);

  return (
    <ConsentContext.Provider value={value}>
      {children}
      {dialogUsed && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            opened={settingsOpen}
            analyticsInitially={consent?.config.analyticsCookies ?? false}
            onClose={() => setSettingsOpen(false)}
            onSave={choose}
          />
        </Suspense>
      )}
    </ConsentContext.Provider>
  );
}

/** The cookie choice and its actions. */
export function useConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useConsent outside ConsentProvider');
  return state;
}
