import { useLayoutEffect, useMemo } from 'react';
import {
  convertCssVariables,
  defaultCssVariablesResolver,
  useMantineTheme,
  type CSSVariablesResolver,
  type ConvertCSSVariablesInput,
  type MantineTheme,
} from '@mantine/core';

/**
 * The CSS MantineProvider would write into <style> elements: the theme's variables (light and dark blocks) and
 * the hidden-from / visible-from classes.
 */
export function mantineStylesCss(theme: MantineTheme, resolver: CSSVariablesResolver): string {
  const base = defaultCssVariablesResolver(theme);
  const site = resolver(theme);
  const merged: ConvertCSSVariablesInput = {
    variables: { ...base.variables, ...site.variables },
    light: { ...base.light, ...site.light },
    dark: { ...base.dark, ...site.dark },
  };
  const scheme =
    ':root[data-mantine-color-scheme="dark"]{--mantine-color-scheme:dark}' +
    ':root[data-mantine-color-scheme="light"]{--mantine-color-scheme:light}';
  return `${convertCssVariables(merged, ':root')}\n${scheme}\n${breakpointClasses(theme)}`;
}

function breakpointClasses(theme: MantineTheme): string {
  return Object.entries(theme.breakpoints)
    .map(([name, value]) => {
      const em = parseFloat(value);
      return (
        `@media (max-width: ${em - 0.00625}em){.mantine-visible-from-${name}{display:none !important}}` +
        `@media (min-width: ${em}em){.mantine-hidden-from-${name}{display:none !important}}`
      );
    })
    .join('');
}

/**
 * Applies Mantine's theme CSS through a constructed stylesheet (document.adoptedStyleSheets). The server's
 * Content-Security-Policy forbids inline <style> elements, which is how MantineProvider writes them; CSSOM
 * stylesheets are allowed. Use with `withCssVariables={false} withGlobalClasses={false}`.
 */
export function AdoptedMantineStyles({ resolver }: { resolver: CSSVariablesResolver }) {
  const theme = useMantineTheme();
  const css = useMemo(() => mantineStylesCss(theme, resolver), [theme, resolver]);

  useLayoutEffect(() => {
    const constructable =
      typeof CSSStyleSheet !== 'undefined' &&
      typeof CSSStyleSheet.prototype.replaceSync === 'function' &&
      'adoptedStyleSheets' in document;
    if (!constructable) {
      // Without constructable stylesheets (old browsers, jsdom) a <style> element is the only way.
      const style = document.createElement('style');
      style.dataset.mantineStyles = 'adopted';
      style.textContent = css;
      document.head.append(style);
      return () => style.remove();
    }
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [css]);

  return null;
}
