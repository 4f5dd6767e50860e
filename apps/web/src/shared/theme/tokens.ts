// Reading a SiteTheme: which variants it has, which one applies, and derived colours.

import { WCAG_AA, composite, contrastRatio, readableTextOn } from './contrast.ts';
import type {
  EnergyPalette,
  Scheme,
  SchemeColors,
  SchemePreference,
  Shade,
  SiteTheme,
} from './types.ts';

/** The scheme variants a theme defines, light first. */
export function schemeVariants(theme: SiteTheme): Scheme[] {
  return (['light', 'dark'] as const).filter((s) => theme.colors[s] !== undefined);
}

/**
 * The colours of `scheme`, or of the theme's own scheme when it has no such variant (a light-only
 * theme asked for dark stays light).
 */
export function schemeColors(theme: SiteTheme, scheme: Scheme): SchemeColors {
  const colors = theme.colors[scheme] ?? theme.colors[theme.scheme];
  if (!colors) throw new Error(`Theme ${theme.name} has no ${theme.scheme} variant`);
  return colors;
}

/**
 * The variant to show. Themes without a scheme choice always show their own scheme; the others follow
 * the user's preference, `auto` meaning the operating system's (`prefersDark`).
 */
export function resolveScheme(
  theme: SiteTheme,
  preference: SchemePreference,
  prefersDark: boolean,
): Scheme {
  if (!theme.allowsSchemeChoice) return theme.scheme;
  const wanted = preference === 'auto' ? (prefersDark ? 'dark' : 'light') : preference;
  return theme.colors[wanted] ? wanted : theme.scheme;
}

/**
 * The scheme to pass as Mantine's `forceColorScheme`: the theme's only scheme, or undefined when the
 * user may choose (then Mantine's colour-scheme manager stores light / dark / auto).
 */
export function forcedColorScheme(theme: SiteTheme): Scheme | undefined {
  return theme.allowsSchemeChoice ? undefined : theme.scheme;
}

/** The shade Mantine shows when a filled component is hovered (the next darker one, 8 after 9). */
export function filledHoverShade(shade: Shade): Shade {
  return shade === 9 ? 8 : ((shade + 1) as Shade);
}

/** White or black: the text colour for filled primary components (buttons) of this variant. */
export function onPrimaryText(theme: SiteTheme, scheme: Scheme): string {
  return onPrimaryTextOf(schemeColors(theme, scheme));
}

/** {@link onPrimaryText} for a variant's colours. */
export function onPrimaryTextOf(colors: SchemeColors): string {
  return readableTextOn(colors.primary[colors.filledShade]);
}

/** Chart series colours of a variant, for ECharts and legends. */
export function energyPalette(theme: SiteTheme, scheme: Scheme): EnergyPalette {
  return { ...schemeColors(theme, scheme).energy };
}

/**
 * The translucent tint Mantine paints behind hovered "light" and "subtle" primary components (the
 * active NavLink, light buttons and badges), composited over `ground`. Mirrors Mantine 8's
 * getCSSColorVariables `-light-hover`, the stronger of its two tints: 12 % of the filled shade in
 * light schemes, 20 % of two shades lighter in dark ones.
 */
export function primaryTint(colors: SchemeColors, scheme: Scheme, ground: string): string {
  return scheme === 'light'
    ? composite(colors.primary[colors.filledShade], 0.12, ground)
    : composite(colors.primary[Math.max(0, colors.filledShade - 2)] as string, 0.2, ground);
}

/**
 * The primary shade used as text (links styled as primary, light and outline buttons, the active
 * NavLink): starting at the filled shade, the first one, going darker in light schemes and lighter in
 * dark ones, that is AA-readable on background, surface and the primary tint over each. Throws when no
 * shade qualifies, which the theme tests turn into a failure.
 */
export function primaryTextShade(colors: SchemeColors, scheme: Scheme): Shade {
  const step = scheme === 'light' ? 1 : -1;
  const grounds = [colors.background, colors.surface].flatMap((g) => [
    g,
    primaryTint(colors, scheme, g),
  ]);
  for (let s = colors.filledShade as number; s >= 0 && s <= 9; s += step) {
    const shade = colors.primary[s] as string;
    if (grounds.every((g) => contrastRatio(shade, g) >= WCAG_AA.text)) return s as Shade;
  }
  throw new Error(`No primary shade is readable as text in the ${scheme} variant`);
}
