// The accessibility rules every theme variant must meet, as data, so tests (and anyone tuning a
// palette) get one row per colour pair with its actual ratio.

import { colorDistance } from './color-distance.ts';
import { COLOR_VISION_DEFICIENCIES, simulateColorVision } from './color-vision.ts';
import { WCAG_AA, contrastRatio } from './contrast.ts';
import { filledHoverShade, onPrimaryTextOf } from './tokens.ts';
import { ENERGY_SERIES, type SchemeColors } from './types.ts';

/** One colour pair and the ratio it must reach. */
export interface ContrastCheck {
  /** Human-readable `foreground on background`. */
  label: string;
  foreground: string;
  background: string;
  min: number;
}

/**
 * Minimum CIEDE2000 difference between any two energy series. 2.3 is just noticeable; 15 keeps
 * adjacent stacked areas and legend swatches clearly apart.
 */
export const ENERGY_MIN_DISTANCE = 15;

/** Every contrast requirement of one variant: AA text pairs (4.5) and non-text graphics (3). */
export function contrastChecks(colors: SchemeColors): ContrastCheck[] {
  const { text, graphics } = WCAG_AA;
  const filled = colors.primary[colors.filledShade];
  const filledHover = colors.primary[filledHoverShade(colors.filledShade)];
  const onPrimary = onPrimaryTextOf(colors);
  const check = (label: string, foreground: string, background: string, min: number) => ({
    label,
    foreground,
    background,
    min,
  });
  const grounds = [
    ['background', colors.background],
    ['surface', colors.surface],
  ] as const;

  const checks: ContrastCheck[] = [];
  for (const [groundName, ground] of grounds) {
    for (const token of [
      'text',
      'dimmed',
      'link',
      'danger',
      'warning',
      'success',
      'info',
    ] as const) {
      checks.push(check(`${token} on ${groundName}`, colors[token], ground, text));
    }
  }
  checks.push(
    check('sidebar text on sidebar', colors.sidebar.text, colors.sidebar.background, text),
    check('sidebar text on sidebar hover', colors.sidebar.text, colors.sidebar.hover, text),
    check(
      'sidebar active text on active item',
      colors.sidebar.activeText,
      colors.sidebar.activeBackground,
      text,
    ),
    check('header text on header', colors.header.text, colors.header.background, text),
    check('button text on filled primary', onPrimary, filled, text),
    check('button text on hovered primary', onPrimary, filledHover, text),
  );
  for (const [groundName, ground] of [
    ...grounds,
    ['header', colors.header.background],
    ['sidebar', colors.sidebar.background],
  ] as const) {
    checks.push(check(`focus ring on ${groundName}`, colors.focusRing, ground, graphics));
  }
  for (const [groundName, ground] of grounds) {
    for (const series of ENERGY_SERIES) {
      checks.push(
        check(`energy ${series} on ${groundName}`, colors.energy[series], ground, graphics),
      );
    }
  }
  return checks;
}

/** The checks a variant fails, each with its actual ratio. */
export function failedContrastChecks(colors: SchemeColors): (ContrastCheck & { ratio: number })[] {
  return contrastChecks(colors)
    .map((c) => ({ ...c, ratio: contrastRatio(c.foreground, c.background) }))
    .filter((c) => c.ratio < c.min);
}

/** Pairs of energy series closer than {@link ENERGY_MIN_DISTANCE}, with their distance. */
export function indistinctEnergySeries(colors: SchemeColors): { pair: string; distance: number }[] {
  const found: { pair: string; distance: number }[] = [];
  ENERGY_SERIES.forEach((a, i) => {
    for (const b of ENERGY_SERIES.slice(i + 1)) {
      const distance = colorDistance(colors.energy[a], colors.energy[b]);
      if (distance < ENERGY_MIN_DISTANCE) found.push({ pair: `${a}/${b}`, distance });
    }
  });
  return found;
}

/**
 * Minimum CIEDE2000 difference between grid import and grid export as seen with each dichromacy. The
 * two are opposite flows drawn in red and green, the pair colour-blind users confuse most, so they
 * must also differ in lightness.
 */
export const GRID_FLOW_MIN_CVD_DISTANCE = 8;

/** Dichromacies under which grid import and export come closer than {@link GRID_FLOW_MIN_CVD_DISTANCE}. */
export function indistinctGridFlows(
  colors: SchemeColors,
): { deficiency: string; distance: number }[] {
  return COLOR_VISION_DEFICIENCIES.map((deficiency) => ({
    deficiency,
    distance: colorDistance(
      simulateColorVision(colors.energy.gridImport, deficiency),
      simulateColorVision(colors.energy.gridExport, deficiency),
    ),
  })).filter((d) => d.distance < GRID_FLOW_MIN_CVD_DISTANCE);
}
