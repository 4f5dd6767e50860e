import { describe, expect, it } from 'vitest';
import { BLACK, WHITE, composite, contrastRatio } from './contrast.ts';
import { siteThemes } from './themes/index.ts';
import {
  energyPalette,
  filledHoverShade,
  forcedColorScheme,
  onPrimaryText,
  primaryTextShade,
  primaryTint,
  resolveScheme,
  schemeColors,
  schemeVariants,
} from './tokens.ts';
import type { SchemeColors } from './types.ts';

const both = siteThemes.default;
const lightOnly = siteThemes.white;
const darkOnly = siteThemes['dark-cyan'];

describe('schemeVariants', () => {
  it('lists the variants a theme defines, light first', () => {
    expect(schemeVariants(both)).toEqual(['light', 'dark']);
    expect(schemeVariants(lightOnly)).toEqual(['light']);
    expect(schemeVariants(darkOnly)).toEqual(['dark']);
  });
});

describe('resolveScheme', () => {
  it('follows the preference when the theme offers a choice', () => {
    expect(resolveScheme(both, 'dark', false)).toBe('dark');
    expect(resolveScheme(both, 'light', true)).toBe('light');
  });

  it('follows the operating system for auto', () => {
    expect(resolveScheme(both, 'auto', true)).toBe('dark');
    expect(resolveScheme(both, 'auto', false)).toBe('light');
  });

  it('ignores the preference for single-scheme themes', () => {
    expect(resolveScheme(lightOnly, 'dark', true)).toBe('light');
    expect(resolveScheme(darkOnly, 'light', false)).toBe('dark');
    expect(resolveScheme(darkOnly, 'auto', false)).toBe('dark');
  });
});

describe('forcedColorScheme', () => {
  it('forces single-scheme themes and leaves the choice open otherwise', () => {
    expect(forcedColorScheme(lightOnly)).toBe('light');
    expect(forcedColorScheme(darkOnly)).toBe('dark');
    expect(forcedColorScheme(both)).toBeUndefined();
  });
});

describe('schemeColors', () => {
  it('returns the asked variant, or the theme’s own when it has none', () => {
    expect(schemeColors(both, 'dark')).toBe(both.colors.dark);
    expect(schemeColors(lightOnly, 'dark')).toBe(lightOnly.colors.light);
  });

  it('throws for a theme missing its own scheme', () => {
    expect(() => schemeColors({ ...lightOnly, colors: {} }, 'light')).toThrow(/no light variant/);
  });
});

describe('filledHoverShade', () => {
  it('is the next darker shade, and 8 after 9 as in Mantine', () => {
    expect(filledHoverShade(4)).toBe(5);
    expect(filledHoverShade(8)).toBe(9);
    expect(filledHoverShade(9)).toBe(8);
  });
});

describe('onPrimaryText', () => {
  it('is black on the yellow theme and white on the default theme', () => {
    expect(onPrimaryText(siteThemes.yellow, 'light')).toBe(BLACK);
    expect(onPrimaryText(both, 'light')).toBe(WHITE);
  });
});

describe('energyPalette', () => {
  it('returns the variant’s series colours as a copy', () => {
    const palette = energyPalette(both, 'dark');
    expect(palette).toEqual(both.colors.dark?.energy);
    palette.solar = '#000000';
    expect(both.colors.dark?.energy.solar).not.toBe('#000000');
  });

  it('differs between light and dark variants', () => {
    expect(energyPalette(both, 'light')).not.toEqual(energyPalette(both, 'dark'));
  });
});

describe('primaryTextShade', () => {
  const light = both.colors.light as SchemeColors;

  it('goes darker from the filled shade in light schemes until the text is readable', () => {
    const shade = primaryTextShade({ ...light, filledShade: 3 }, 'light');
    expect(shade).toBeGreaterThan(3);
    expect(contrastRatio(light.primary[shade], light.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light.primary[shade - 1] as string, light.surface)).toBeLessThan(4.5);
  });

  it('goes lighter in dark schemes', () => {
    const dark = both.colors.dark as SchemeColors;
    expect(primaryTextShade(dark, 'dark')).toBeLessThan(dark.filledShade);
  });

  it('throws when no shade is readable', () => {
    const flat = {
      ...light,
      primary: Array(10).fill('#eeeeee') as unknown as SchemeColors['primary'],
    };
    expect(() => primaryTextShade(flat, 'light')).toThrow(/No primary shade/);
  });
});

describe('primaryTint', () => {
  it('is Mantine’s hovered light tint: 12 % of the filled shade in light schemes', () => {
    const light = both.colors.light as SchemeColors;
    expect(primaryTint(light, 'light', '#ffffff')).toBe(
      composite(light.primary[light.filledShade], 0.12, '#ffffff'),
    );
  });

  it('is 20 % of two shades lighter in dark schemes', () => {
    const dark = both.colors.dark as SchemeColors;
    expect(primaryTint(dark, 'dark', dark.surface)).toBe(
      composite(dark.primary[dark.filledShade - 2] as string, 0.2, dark.surface),
    );
  });
});
