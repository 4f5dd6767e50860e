// Logo contrast (issue 10: the SunPower logo vanished on its navy sidebar). A site's logo is drawn for its page, so
// it sits on the theme's page background on the sign-in page and, where a theme's sidebar is far from that page
// (a navy sidebar on a light page), on a plate of the page's colour in the sidebar. `logo-contrast.test.ts`
// checks every demo site's logo on both places in every variant of its theme, as the text contrast test does.
import { contrastRatio } from './contrast.ts';
import type { SchemeColors } from './types.ts';

/**
 * The lowest contrast a logo's wordmark needs against what is behind it. Logos are exempt from WCAG 1.4.3, so
 * this is the bar for graphics that carry meaning (WCAG 1.4.11, 3:1): a name that drops below it is hard to read.
 */
export const LOGO_MIN_CONTRAST = 3;

/**
 * The plate under the logo in the sidebar: the page background when the sidebar is clearly another surface (3:1
 * or more apart, i.e. a dark sidebar on a light page or the reverse), otherwise none (the logo reads there as it
 * does on the page).
 */
export function sidebarLogoPlate(colors: SchemeColors): string | null {
  return contrastRatio(colors.sidebar.background, colors.background) >= 3
    ? colors.background
    : null;
}

/** The colours behind the logo where the app draws it: the sidebar (its plate) and the sign-in page. */
export function logoBackdrops(colors: SchemeColors): { sidebar: string; page: string } {
  return {
    sidebar: sidebarLogoPlate(colors) ?? colors.sidebar.background,
    page: colors.background,
  };
}

/** The colours an SVG logo paints, read from its markup. */
export interface SvgLogoColours {
  /** The fills of its text (the wordmark), one per run of text. */
  wordmark: string[];
  /** A rectangle filling the whole logo (a plate drawn into the logo itself), or null. */
  plate: string | null;
}

const attribute = (attributes: string, name: string): string | null =>
  new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1] ?? null;

/** `#rgb` → `#rrggbb`, lower case; SVG's default fill is black. */
function colourOf(value: string | null): string {
  const colour = (value ?? '#000000').trim().toLowerCase();
  if (colour === 'black') return '#000000';
  if (colour === 'white') return '#ffffff';
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(colour))
    throw new Error(`logo colour ${colour}: use #rgb or #rrggbb so it can be checked`);
  return colour.length === 4
    ? `#${[...colour.slice(1)].map((digit) => digit + digit).join('')}`
    : colour;
}

/**
 * The wordmark colours of an SVG logo (every `<text>` and `<tspan>` run that has letters, with its own fill or
 * the one it inherits from its `<text>`) and a full-size background rectangle if it draws one.
 */
export function svgLogoColours(svg: string): SvgLogoColours {
  const wordmark: string[] = [];
  for (const [, textAttributes = '', content = ''] of svg.matchAll(
    /<text\b([^>]*)>([\s\S]*?)<\/text>/g,
  )) {
    const textFill = colourOf(attribute(textAttributes, 'fill'));
    let rest = content;
    for (const [whole, spanAttributes = '', spanText = ''] of content.matchAll(
      /<tspan\b([^>]*)>([^<]*)<\/tspan>/g,
    )) {
      rest = rest.replace(whole, '');
      if (spanText.trim()) wordmark.push(colourOf(attribute(spanAttributes, 'fill') ?? textFill));
    }
    if (rest.replace(/<[^>]*>/g, '').trim()) wordmark.push(textFill);
  }

  const viewBox = attribute(/<svg\b([^>]*)>/.exec(svg)?.[1] ?? '', 'viewBox')?.split(/[\s,]+/);
  let plate: string | null = null;
  for (const [, rectAttributes = ''] of svg.matchAll(/<rect\b([^>]*?)\/?>/g)) {
    const size = (name: string, full: string | undefined) => {
      const value = attribute(rectAttributes, name);
      return value === '100%' || (value !== null && value === full);
    };
    const origin = ['x', 'y'].every((name) => Number(attribute(rectAttributes, name) ?? 0) === 0);
    if (origin && size('width', viewBox?.[2]) && size('height', viewBox?.[3])) {
      plate = colourOf(attribute(rectAttributes, 'fill'));
      break;
    }
  }
  return { wordmark: [...new Set(wordmark)], plate };
}

/**
 * Each wordmark colour's contrast with what is behind it: the logo's own plate if it has one, else `backdrop`.
 * A logo without text is not judged here (nothing to read).
 */
export function logoContrast(svg: string, backdrop: string): { colour: string; ratio: number }[] {
  const { wordmark, plate } = svgLogoColours(svg);
  return wordmark.map((colour) => ({ colour, ratio: contrastRatio(colour, plate ?? backdrop) }));
}
