// @vitest-environment jsdom
import { THEMES } from '@ec/domain';
import {
  Button,
  DEFAULT_THEME,
  MantineProvider,
  defaultCssVariablesResolver,
  isLightColor,
  mergeMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLACK, WHITE } from './contrast.ts';
import {
  PRIMARY_COLOR,
  cssVariablesResolver,
  mantineProviderProps,
  siteCssVariables,
  siteThemeOf,
  toMantineTheme,
} from './mantine.ts';
import { siteThemes } from './themes/index.ts';
import { onPrimaryText, primaryTextShade, schemeColors } from './tokens.ts';
import { ENERGY_SERIES, type Scheme, type SchemeColors } from './types.ts';

/** The full theme MantineProvider would compute from our override. */
const merged = (name: keyof typeof siteThemes, scheme: Scheme): MantineTheme =>
  mergeMantineTheme(DEFAULT_THEME, toMantineTheme(siteThemes[name], scheme));

const pairs = THEMES.flatMap((name) =>
  (['light', 'dark'] as const).map((scheme) => ({ name, scheme })),
);

describe('toMantineTheme', () => {
  it.each(pairs)('$name ($scheme) is a valid Mantine theme', ({ name, scheme }) => {
    expect(() => merged(name, scheme)).not.toThrow();
  });

  it('uses the variant’s tuple as the primary colour and its filled shade per scheme', () => {
    const theme = merged('default', 'dark');
    expect(theme.primaryColor).toBe(PRIMARY_COLOR);
    expect(theme.colors[PRIMARY_COLOR]).toEqual(siteThemes.default.colors.dark?.primary);
    expect(theme.primaryShade).toEqual({ light: 7, dark: 7 });
    expect(merged('yellow', 'light').primaryShade).toEqual({ light: 5, dark: 5 });
  });

  it('falls back to the theme’s own scheme when asked for one it lacks', () => {
    expect(merged('dark-orange', 'light').colors[PRIMARY_COLOR]).toEqual(
      siteThemes['dark-orange'].colors.dark?.primary,
    );
  });

  it('tints Mantine’s gray and dark ramps with the theme’s neutrals', () => {
    expect(merged('default', 'light').colors.gray).toEqual(
      siteThemes.default.colors.light?.neutral,
    );
    expect(merged('default', 'light').colors.dark).toEqual(siteThemes.default.colors.dark?.neutral);
    expect(merged('dark-green', 'dark').colors.dark).toEqual(
      siteThemes['dark-green'].colors.dark?.neutral,
    );
    expect(merged('dark-green', 'dark').colors.gray).toEqual(DEFAULT_THEME.colors.gray);
  });

  it('sets the system font stack, radius and the focus class', () => {
    const theme = merged('white', 'light');
    expect(theme.fontFamily).toMatch(/^system-ui/);
    expect(theme.headings.fontFamily).toBe(theme.fontFamily);
    expect(theme.defaultRadius).toBe('md');
    expect(theme.focusClassName).toBe('ec-focus');
  });

  it.each(pairs)(
    '$name ($scheme): Mantine’s autoContrast picks the same button text as onPrimaryText',
    ({ name, scheme }) => {
      const theme = merged(name, scheme);
      const colors = schemeColors(siteThemes[name], scheme);
      const mantinePick = isLightColor(colors.primary[colors.filledShade], theme.luminanceThreshold)
        ? theme.black
        : theme.white;
      expect(theme.autoContrast).toBe(true);
      expect(mantinePick).toBe(onPrimaryText(siteThemes[name], scheme));
    },
  );

  it('keeps the site theme in theme.other for the resolver', () => {
    expect(siteThemeOf(merged('red-gray', 'light'))).toBe(siteThemes['red-gray']);
    expect(siteThemeOf(DEFAULT_THEME)).toBeUndefined();
  });

  it('paints dialog headers on the dialog surface, like their bodies', () => {
    const components = toMantineTheme(siteThemes.default, 'light').components ?? {};
    for (const name of ['Modal', 'Drawer']) {
      const styles = components[name]?.styles as Record<string, { backgroundColor?: string }>;
      expect(styles.header?.backgroundColor).toBe('var(--ec-surface)');
      expect(styles.content?.backgroundColor).toBe('var(--ec-surface)');
    }
  });
});

describe('variantColorResolver', () => {
  const theme = merged('yellow', 'light');

  it('gives filled primary components the per-scheme contrast colour', () => {
    for (const color of [undefined, PRIMARY_COLOR]) {
      const resolved = theme.variantColorResolver({ color, theme, variant: 'filled' });
      expect(resolved.color).toBe('var(--mantine-primary-color-contrast)');
      expect(resolved.background).toBe(`var(--mantine-color-${PRIMARY_COLOR}-filled)`);
    }
  });

  it('leaves other colours to Mantine’s autoContrast at the WCAG crossover', () => {
    // The yellow theme fills at shade 5; red.5 (#ff6b6b) gives white only 3:1 but black 7:1.
    expect(theme.variantColorResolver({ color: 'red', theme, variant: 'filled' }).color).toBe(
      'var(--mantine-color-black)',
    );
    expect(theme.variantColorResolver({ color: 'blue.9', theme, variant: 'filled' }).color).toBe(
      'var(--mantine-color-white)',
    );
  });

  it('leaves other variants to Mantine', () => {
    expect(
      theme.variantColorResolver({ color: PRIMARY_COLOR, theme, variant: 'light' }).color,
    ).toBe(`var(--mantine-color-${PRIMARY_COLOR}-light-color)`);
  });
});

describe('cssVariablesResolver', () => {
  it('writes nothing for a theme without a site theme', () => {
    expect(cssVariablesResolver(DEFAULT_THEME)).toEqual({ variables: {}, light: {}, dark: {} });
  });

  it('exposes the tokens as --ec-* variables in both schemes', () => {
    const { light, dark } = cssVariablesResolver(merged('default', 'light'));
    const lightColors = siteThemes.default.colors.light as SchemeColors;
    const darkColors = siteThemes.default.colors.dark as SchemeColors;
    expect(light['--ec-sidebar-bg']).toBe(lightColors.sidebar.background);
    expect(dark['--ec-sidebar-bg']).toBe(darkColors.sidebar.background);
    expect(light['--ec-energy-solar']).toBe(lightColors.energy.solar);
    expect(dark['--ec-energy-grid-import']).toBe(darkColors.energy.gridImport);
    expect(light['--ec-text']).not.toBe(dark['--ec-text']);
  });

  it('writes a single-scheme theme into both blocks', () => {
    const { light, dark } = cssVariablesResolver(merged('energy-blue', 'light'));
    expect(dark).toEqual(light);
  });

  it('redirects Mantine’s own variables to the tokens', () => {
    const colors = siteThemes['dark-blue'].colors.dark as SchemeColors;
    const { dark } = cssVariablesResolver(merged('dark-blue', 'dark'));
    expect(dark['--mantine-color-body']).toBe(colors.background);
    expect(dark['--mantine-color-text']).toBe(colors.text);
    expect(dark['--mantine-color-dimmed']).toBe(colors.dimmed);
    expect(dark['--mantine-color-anchor']).toBe(colors.link);
    expect(dark['--mantine-color-error']).toBe(colors.danger);
    expect(dark['--mantine-color-default-border']).toBe(colors.border);
    expect(dark['--mantine-primary-color-contrast']).toBe(BLACK);
    expect(
      cssVariablesResolver(merged('default', 'light')).light['--mantine-primary-color-contrast'],
    ).toBe(WHITE);
  });

  it('writes each scheme’s brand shades and a readable primary text shade into its block', () => {
    const yellow = siteThemes.yellow.colors.light as SchemeColors;
    const { light } = cssVariablesResolver(merged('yellow', 'light'));
    expect(light[`--mantine-color-${PRIMARY_COLOR}-5`]).toBe(yellow.primary[5]);
    expect(light[`--mantine-color-${PRIMARY_COLOR}-filled`]).toBe(
      `var(--mantine-color-${PRIMARY_COLOR}-5)`,
    );
    const textShade = primaryTextShade(yellow, 'light');
    for (const key of ['text', 'light-color', 'outline']) {
      expect(light[`--mantine-color-${PRIMARY_COLOR}-${key}`]).toBe(
        `var(--mantine-color-${PRIMARY_COLOR}-${textShade})`,
      );
    }
  });

  it('overrides only keys Mantine’s default resolver also writes, plus ours and the brand', () => {
    const theme = merged('default', 'light');
    const ours = cssVariablesResolver(theme);
    const mantine = defaultCssVariablesResolver(theme);
    for (const scheme of ['light', 'dark'] as const) {
      const unknown = Object.keys(ours[scheme]).filter(
        (k) =>
          !(k in mantine[scheme]) &&
          !k.startsWith('--ec-') &&
          !k.startsWith(`--mantine-color-${PRIMARY_COLOR}-`),
      );
      expect(unknown).toEqual([]);
    }
  });
});

describe('siteCssVariables', () => {
  it('names one variable per energy series in kebab case', () => {
    const vars = siteCssVariables(siteThemes.default.colors.light as SchemeColors);
    expect(Object.keys(vars).filter((k) => k.startsWith('--ec-energy-'))).toEqual(
      ENERGY_SERIES.map((s) => `--ec-energy-${s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`),
    );
    expect(vars['--ec-energy-hvac']).toBe(siteThemes.default.colors.light?.energy.hvac);
  });
});

describe('mantineProviderProps', () => {
  it('forces the scheme of single-scheme themes only', () => {
    expect(mantineProviderProps(siteThemes['dark-cyan'], 'dark').forceColorScheme).toBe('dark');
    expect(mantineProviderProps(siteThemes.white, 'light').forceColorScheme).toBe('light');
    expect(mantineProviderProps(siteThemes.default, 'dark').forceColorScheme).toBeUndefined();
  });

  it('pairs the theme with the resolver', () => {
    const props = mantineProviderProps(siteThemes.yellow, 'light');
    expect(props.cssVariablesResolver).toBe(cssVariablesResolver);
    expect(props.theme.primaryColor).toBe(PRIMARY_COLOR);
  });
});

describe('in MantineProvider', () => {
  beforeEach(() => {
    // jsdom has no matchMedia; Mantine's colour-scheme manager asks for it.
    window.matchMedia ??= (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
  });
  afterEach(cleanup);

  const app = (name: keyof typeof siteThemes, scheme: Scheme) => (
    <MantineProvider {...mantineProviderProps(siteThemes[name], scheme)}>
      <Button>Save</Button>
    </MantineProvider>
  );
  const styles = () =>
    Array.from(document.querySelectorAll('style[data-mantine-styles]'))
      .map((s) => s.textContent)
      .join('\n');

  it('switches theme and scheme at runtime by rewriting the CSS variables', () => {
    const { rerender } = render(app('default', 'light'));
    const before = siteThemes.default.colors.light as SchemeColors;
    expect(styles()).toContain(`--ec-sidebar-bg: ${before.sidebar.background};`);
    expect(styles()).toContain(`--ec-energy-solar: ${before.energy.solar};`);

    rerender(app('dark-orange', 'dark'));
    const after = siteThemes['dark-orange'].colors.dark as SchemeColors;
    expect(styles()).toContain(`--ec-sidebar-bg: ${after.sidebar.background};`);
    expect(styles()).not.toContain(`--ec-sidebar-bg: ${before.sidebar.background};`);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it('draws focus with the theme’s focus ring class', () => {
    render(app('yellow', 'light'));
    expect(screen.getByRole('button', { name: 'Save' }).className).toContain('ec-focus');
  });
});
