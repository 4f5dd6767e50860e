// SiteTheme → Mantine 8: a theme override plus a CSS-variables resolver. The resolver writes both the
// light and the dark block from the tokens, so changing the colour scheme is a CSS attribute flip, and
// changing the site theme is a new theme object for MantineProvider; neither reloads the page.

import {
  createTheme,
  defaultVariantColorsResolver,
  getCSSColorVariables,
  type CSSVariablesResolver,
  type ConvertCSSVariablesInput,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { sidebarLogoPlate } from './logo.ts';
import { BLACK, LUMINANCE_CROSSOVER, WHITE } from './contrast.ts';
import './focus.css';
import { forcedColorScheme, onPrimaryTextOf, primaryTextShade, schemeColors } from './tokens.ts';
import { ENERGY_SERIES, type Scheme, type SchemeColors, type SiteTheme } from './types.ts';

/** Name of the theme's brand colour in Mantine (`theme.colors.brand`, `color="brand"`). */
export const PRIMARY_COLOR = 'brand';

/** Key under `theme.other` where the site theme travels to the CSS-variables resolver. */
const OTHER_KEY = 'ecSiteTheme';

/** System font stack: no web-font download, native look on every platform. */
export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";
const FONT_FAMILY_MONOSPACE =
  "ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, 'Liberation Mono', 'Courier New', monospace";

/** Class that draws the focus ring (see focus.css). */
const FOCUS_CLASS = 'ec-focus';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The `--ec-*` CSS variables of one variant, the names components and charts use. */
export function siteCssVariables(colors: SchemeColors): Record<`--ec-${string}`, string> {
  const vars: Record<`--ec-${string}`, string> = {
    '--ec-background': colors.background,
    '--ec-surface': colors.surface,
    '--ec-text': colors.text,
    '--ec-dimmed': colors.dimmed,
    '--ec-border': colors.border,
    '--ec-link': colors.link,
    '--ec-danger': colors.danger,
    '--ec-warning': colors.warning,
    '--ec-success': colors.success,
    '--ec-info': colors.info,
    '--ec-focus-ring': colors.focusRing,
    '--ec-primary': colors.primary[colors.filledShade],
    '--ec-on-primary': onPrimaryTextOf(colors),
    '--ec-sidebar-bg': colors.sidebar.background,
    '--ec-sidebar-text': colors.sidebar.text,
    '--ec-sidebar-hover': colors.sidebar.hover,
    '--ec-sidebar-active-bg': colors.sidebar.activeBackground,
    '--ec-sidebar-active-text': colors.sidebar.activeText,
    '--ec-sidebar-border': colors.sidebar.border,
    // The logo's plate in the sidebar (logo.ts): the page colour under a logo drawn for the page, where needed.
    '--ec-sidebar-logo-plate': sidebarLogoPlate(colors) ?? 'transparent',
    '--ec-header-bg': colors.header.background,
    '--ec-header-text': colors.header.text,
    '--ec-header-border': colors.header.border,
  };
  for (const series of ENERGY_SERIES) vars[`--ec-energy-${kebab(series)}`] = colors.energy[series];
  return vars;
}

/**
 * Mantine's own scheme-dependent variables, redirected to the tokens so stock components (Text
 * `c="dimmed"`, Anchor, inputs, default buttons, errors, the brand colour's light/outline variants)
 * follow the theme.
 */
function mantineVariables(
  theme: MantineTheme,
  colors: SchemeColors,
  scheme: Scheme,
): Record<string, string> {
  const textShade = primaryTextShade(colors, scheme);
  const brand = getCSSColorVariables({
    theme: { ...theme, colors: { ...theme.colors, [PRIMARY_COLOR]: colors.primary } },
    color: PRIMARY_COLOR,
    colorScheme: scheme,
    withColorValues: true,
  });
  const textVar = `var(--mantine-color-${PRIMARY_COLOR}-${textShade})`;
  return {
    ...brand,
    [`--mantine-color-${PRIMARY_COLOR}-text`]: textVar,
    [`--mantine-color-${PRIMARY_COLOR}-light-color`]: textVar,
    [`--mantine-color-${PRIMARY_COLOR}-outline`]: textVar,
    '--mantine-primary-color-contrast': onPrimaryTextOf(colors),
    '--mantine-color-body': colors.background,
    '--mantine-color-text': colors.text,
    '--mantine-color-bright': colors.text,
    '--mantine-color-dimmed': colors.dimmed,
    '--mantine-color-placeholder': colors.dimmed,
    '--mantine-color-anchor': colors.link,
    '--mantine-color-error': colors.danger,
    '--mantine-color-default': colors.surface,
    '--mantine-color-default-hover': scheme === 'light' ? colors.neutral[1] : colors.neutral[6],
    '--mantine-color-default-color': colors.text,
    '--mantine-color-default-border': colors.border,
  };
}

/** The site theme stored in a Mantine theme by {@link toMantineTheme}, if any. */
export function siteThemeOf(theme: MantineTheme): SiteTheme | undefined {
  const value: unknown = theme.other[OTHER_KEY];
  return value && typeof value === 'object' ? (value as SiteTheme) : undefined;
}

/**
 * CSS-variables resolver for MantineProvider. It reads the site theme that {@link toMantineTheme} put in
 * `theme.other` and fills both scheme blocks: `--ec-*` tokens plus Mantine's own variables. A theme
 * with one variant writes it into both blocks, so even an unforced scheme cannot show wrong colours.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const site = siteThemeOf(theme);
  const result: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  if (!site) return result;
  for (const scheme of ['light', 'dark'] as const) {
    // A missing variant is replaced by the theme's own, computed with that variant's scheme rules.
    const source = site.colors[scheme] ? scheme : site.scheme;
    const colors = schemeColors(site, source);
    result[scheme] = { ...mantineVariables(theme, colors, source), ...siteCssVariables(colors) };
  }
  return result;
};

/**
 * Filled primary components take the readable text colour of the current scheme
 * (`--mantine-primary-color-contrast`, set per scheme by the resolver); the rest is Mantine's.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const color = input.color ?? input.theme.primaryColor;
  const colors = defaultVariantColorsResolver({ ...input, color });
  return input.variant === 'filled' && color === input.theme.primaryColor
    ? { ...colors, color: 'var(--mantine-primary-color-contrast)' }
    : colors;
};

/**
 * A Mantine theme override for a site theme. `scheme` is the scheme being shown (see resolveScheme);
 * it picks the brand tuple Mantine uses in JavaScript (autoContrast, `theme.colors.brand`). CSS
 * variables cover both schemes regardless. A scheme the theme lacks falls back to its own.
 */
export function toMantineTheme(siteTheme: SiteTheme, scheme: Scheme): MantineThemeOverride {
  const active = schemeColors(siteTheme, scheme);
  const light = siteTheme.colors.light ?? active;
  const dark = siteTheme.colors.dark ?? active;
  const colors: Record<string, MantineColorsTuple> = { [PRIMARY_COLOR]: active.primary };
  // Mantine paints its own chrome (inputs, hovers, borders) from `gray` in light and `dark` in dark.
  if (siteTheme.colors.light) colors.gray = siteTheme.colors.light.neutral;
  if (siteTheme.colors.dark) colors.dark = siteTheme.colors.dark.neutral;

  return createTheme({
    primaryColor: PRIMARY_COLOR,
    primaryShade: { light: light.filledShade, dark: dark.filledShade },
    colors,
    white: WHITE,
    black: BLACK,
    autoContrast: true,
    luminanceThreshold: LUMINANCE_CROSSOVER,
    variantColorResolver,
    fontFamily: FONT_FAMILY,
    fontFamilyMonospace: FONT_FAMILY_MONOSPACE,
    headings: { fontFamily: FONT_FAMILY, fontWeight: '600' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusClassName: FOCUS_CLASS,
    components: {
      AppShell: {
        styles: {
          main: { backgroundColor: 'var(--ec-background)' },
          navbar: {
            backgroundColor: 'var(--ec-sidebar-bg)',
            color: 'var(--ec-sidebar-text)',
            borderColor: 'var(--ec-sidebar-border)',
          },
          header: {
            backgroundColor: 'var(--ec-header-bg)',
            color: 'var(--ec-header-text)',
            borderColor: 'var(--ec-header-border)',
          },
        },
      },
      Paper: { styles: { root: { backgroundColor: 'var(--ec-surface)' } } },
      Card: { styles: { root: { backgroundColor: 'var(--ec-surface)' } } },
      // Dialog headers sit on the dialog's surface, not the page background (otherwise a two-tone dialog).
      Modal: {
        styles: {
          content: { backgroundColor: 'var(--ec-surface)' },
          header: { backgroundColor: 'var(--ec-surface)' },
        },
      },
      Drawer: {
        styles: {
          content: { backgroundColor: 'var(--ec-surface)' },
          header: { backgroundColor: 'var(--ec-surface)' },
        },
      },
    },
    other: { [OTHER_KEY]: siteTheme },
  });
}

/**
 * Everything MantineProvider needs for a site theme: `<MantineProvider {...mantineProviderProps(t, s)}>`.
 * Single-scheme themes force their scheme; the others leave the choice to Mantine's scheme manager.
 */
export function mantineProviderProps(
  siteTheme: SiteTheme,
  scheme: Scheme,
): {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
  forceColorScheme: Scheme | undefined;
} {
  return {
    theme: toMantineTheme(siteTheme, scheme),
    cssVariablesResolver,
    forceColorScheme: forcedColorScheme(siteTheme),
  };
}
