import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TOAST_DEFAULT_MS, type ThemeName } from '@ec/domain';
import { ToastContainer, useToastsWanted } from '../../shared/ui/toast.ts';
import {
  loadedSiteTheme,
  loadSiteTheme,
  mantineProviderProps,
  resolveScheme,
  type SchemePreference,
} from '../../shared/theme/index.ts';
import { AdoptedMantineStyles } from './adopted-mantine-styles.tsx';

/**
 * Mantine themed for the site (spec 001 §9), with toasts (default 2000 ms, spec 001 §9; the container mounts with
 * the first toast). A new `theme` switches
 * the look in place, without a reload. Themes with both variants show the user's `preference` (auto: the
 * operating system's scheme); the scheme is always forced, so Mantine's own stored choice never overrides it.
 */
export function SiteThemeProvider({
  theme: themeName,
  preference = 'auto',
  children,
}: {
  theme: ThemeName | undefined;
  preference?: SchemePreference;
  children: ReactNode;
}) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', undefined, {
    getInitialValueInEffect: false,
  });
  const siteTheme = useSiteTheme(themeName);
  const scheme = resolveScheme(siteTheme, preference, prefersDark === true);
  const props = useMemo(() => mantineProviderProps(siteTheme, scheme), [siteTheme, scheme]);
  // The container's chunk loads with the first toast, not with the first page.
  const toastsWanted = useToastsWanted();

  return (
    <MantineProvider
      theme={props.theme}
      forceColorScheme={props.forceColorScheme ?? scheme}
      defaultColorScheme="auto"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <AdoptedMantineStyles resolver={props.cssVariablesResolver} />
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastContainer autoClose={TOAST_DEFAULT_MS} position="top-right" zIndex={400} />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}

/**
 * The site's theme. The start sequence loads it before the first render; a theme that changes later (site info
 * refetched) shows the previous look until its chunk is there, then switches in place.
 */
function useSiteTheme(name: ThemeName | undefined) {
  const [, setLoaded] = useState(0);
  const theme = loadedSiteTheme(name ?? 'default');
  const [shown, setShown] = useState(() => theme ?? loadedSiteTheme('default'));
  useEffect(() => {
    if (theme) {
      setShown(theme);
      return;
    }
    let active = true;
    void loadSiteTheme(name).then((loaded) => {
      if (!active) return;
      setShown(loaded);
      setLoaded((n) => n + 1);
    });
    return () => {
      active = false;
    };
  }, [name, theme]);
  const current = theme ?? shown;
  if (!current) throw new Error('the default theme is always loaded');
  return current;
}
