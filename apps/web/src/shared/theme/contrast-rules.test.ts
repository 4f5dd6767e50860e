import { THEMES } from '@ec/domain';
import { describe, expect, it } from 'vitest';
import {
  ENERGY_MIN_DISTANCE,
  GRID_FLOW_MIN_CVD_DISTANCE,
  contrastChecks,
  failedContrastChecks,
  indistinctEnergySeries,
  indistinctGridFlows,
} from './contrast-rules.ts';
import { contrastRatio } from './contrast.ts';
import { siteThemes } from './themes/index.ts';
import { primaryTextShade } from './tokens.ts';
import type { Scheme, SchemeColors } from './types.ts';

/** Every scheme variant of every theme. */
const variants = THEMES.flatMap((name) =>
  (['light', 'dark'] as const).flatMap((scheme) => {
    const colors = siteThemes[name].colors[scheme];
    return colors ? [{ id: `${name}/${scheme}`, scheme, colors }] : [];
  }),
);

/** One row per (variant, rule), so a failure names the theme, the pair and the ratio. */
const rows = variants.flatMap(({ id, colors }) =>
  contrastChecks(colors).map((c) => ({ ...c, id })),
);

describe('WCAG contrast of every theme variant', () => {
  it('covers all 16 variants', () => {
    expect(variants).toHaveLength(16);
  });

  it.each(rows)('$id: $label ≥ $min', ({ foreground, background, min }) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(min);
  });

  it.each(variants)(
    '$id: a primary shade is readable as text and on the light tint',
    ({ colors, scheme }) => {
      expect(() => primaryTextShade(colors, scheme)).not.toThrow();
    },
  );

  it.each(variants)('$id: energy series are ≥ ΔE00 15 apart', ({ colors }) => {
    expect(indistinctEnergySeries(colors)).toEqual([]);
  });

  it.each(variants)(
    '$id: grid import and export stay apart for colour-blind users',
    ({ colors }) => {
      expect(indistinctGridFlows(colors)).toEqual([]);
    },
  );
});

describe('contrastChecks', () => {
  const sample = siteThemes.default.colors.light as SchemeColors;
  const labels = contrastChecks(sample).map((c) => c.label);

  it('holds the required pairs', () => {
    for (const label of [
      'text on background',
      'text on surface',
      'dimmed on background',
      'link on background',
      'danger on background',
      'sidebar text on sidebar',
      'header text on header',
      'button text on filled primary',
      'button text on hovered primary',
      'focus ring on sidebar',
      'energy solar on background',
      'energy hvac on surface',
    ]) {
      expect(labels).toContain(label);
    }
  });

  it('asks 4.5 of text and 3 of graphics', () => {
    const min = (label: string) => contrastChecks(sample).find((c) => c.label === label)?.min;
    expect(min('dimmed on surface')).toBe(4.5);
    expect(min('energy ev on background')).toBe(3);
    expect(min('focus ring on background')).toBe(3);
  });
});

describe('the audit catches bad palettes', () => {
  const good = siteThemes.default.colors.light as SchemeColors;
  const broken = (patch: Partial<SchemeColors>): SchemeColors => ({ ...good, ...patch });

  it('flags faint dimmed text with its ratio', () => {
    const failed = failedContrastChecks(broken({ dimmed: '#aaaaaa' }));
    expect(failed.map((f) => f.label)).toEqual(['dimmed on background', 'dimmed on surface']);
    expect(failed[0]?.ratio).toBeLessThan(4.5);
  });

  it('flags a filled shade whose hover shade loses the button text', () => {
    // Shade 6 takes black text (5.2:1), but the hovered shade 7 gives black only 3.9:1.
    const failed = failedContrastChecks(broken({ filledShade: 6 }));
    expect(failed.map((f) => f.label)).toEqual(['button text on hovered primary']);
  });

  it('flags an energy series that vanishes into the background', () => {
    const failed = failedContrastChecks(broken({ energy: { ...good.energy, solar: '#ffe066' } }));
    expect(failed.map((f) => f.label)).toEqual([
      'energy solar on background',
      'energy solar on surface',
    ]);
  });

  it('flags energy series that look alike', () => {
    const found = indistinctEnergySeries(broken({ energy: { ...good.energy, hvac: '#e13a3a' } }));
    expect(found.map((f) => f.pair)).toEqual(['gridImport/hvac']);
    expect(found[0]?.distance).toBeLessThan(ENERGY_MIN_DISTANCE);
  });

  it('flags a red and green of equal lightness for grid import and export', () => {
    const found = indistinctGridFlows(
      broken({ energy: { ...good.energy, gridImport: '#c0392b', gridExport: '#4e8a2e' } }),
    );
    expect(found.map((f) => f.deficiency)).toContain('deuteranopia');
    expect(found.every((f) => f.distance < GRID_FLOW_MIN_CVD_DISTANCE)).toBe(true);
  });

  it('finds nothing wrong with a passing palette', () => {
    const scheme: Scheme = 'light';
    expect(failedContrastChecks(good)).toEqual([]);
    expect(primaryTextShade(good, scheme)).toBeGreaterThanOrEqual(good.filledShade);
  });
});
