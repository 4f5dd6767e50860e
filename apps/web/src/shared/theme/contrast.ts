// WCAG 2.x colour contrast, kept pure so every theme can be checked in plain Node tests.
// Definitions: https://www.w3.org/TR/WCAG22/#dfn-relative-luminance and #dfn-contrast-ratio.

/** An sRGB colour with 0–255 channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whether a string is a `#rgb` or `#rrggbb` colour, the only format theme tokens use. */
export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** Parses `#rgb` / `#rrggbb`; throws on anything else so a typo in a token fails loudly. */
export function parseHex(hex: string): Rgb {
  if (!isHexColor(hex)) throw new Error(`Not a hex colour: ${hex}`);
  const digits =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((d) => d + d)
          .join('')
      : hex.slice(1);
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

/** sRGB channel (0–255) to linear light (0–1). WCAG 2.2 uses the sRGB threshold 0.04045. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio between two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Minimum ratios of WCAG 2.x level AA. */
export const WCAG_AA = {
  /** 1.4.3: normal-size text. */
  text: 4.5,
  /** 1.4.3: large text (≥ 24 px, or ≥ 18.66 px bold). */
  largeText: 3,
  /** 1.4.11: graphical objects and UI component boundaries, e.g. chart series and focus rings. */
  graphics: 3,
} as const;

/** Pure white and black: the two candidates for text on a filled colour. */
export const WHITE = '#ffffff';
export const BLACK = '#000000';

/**
 * The luminance at which white and black text have the same contrast, √0.0525 − 0.05 ≈ 0.179.
 * Above it black text reads better; Mantine's `luminanceThreshold` is set to this value so its
 * `autoContrast` makes the same choice as {@link readableTextOn}.
 */
export const LUMINANCE_CROSSOVER = Math.sqrt(0.0525) - 0.05;

/** White or black, whichever has the higher contrast on `background`. */
export function readableTextOn(background: string): typeof WHITE | typeof BLACK {
  return relativeLuminance(background) > LUMINANCE_CROSSOVER ? BLACK : WHITE;
}

/**
 * The opaque colour seen when `foreground` at `alpha` (0–1) is painted over `background`, e.g. a
 * translucent "light" button tint, so its text contrast can be measured.
 */
export function composite(foreground: string, alpha: number, background: string): string {
  const f = parseHex(foreground);
  const b = parseHex(background);
  const mix = (x: number, y: number) =>
    Math.round(x * alpha + y * (1 - alpha))
      .toString(16)
      .padStart(2, '0');
  return `#${mix(f.r, b.r)}${mix(f.g, b.g)}${mix(f.b, b.b)}`;
}
