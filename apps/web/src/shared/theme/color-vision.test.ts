import { describe, expect, it } from 'vitest';
import { colorDistance } from './color-distance.ts';
import { COLOR_VISION_DEFICIENCIES, simulateColorVision } from './color-vision.ts';

describe('simulateColorVision', () => {
  it.each(COLOR_VISION_DEFICIENCIES)('keeps neutrals neutral under %s', (deficiency) => {
    for (const gray of ['#000000', '#808080', '#ffffff']) {
      expect(colorDistance(simulateColorVision(gray, deficiency), gray)).toBeLessThan(1);
    }
  });

  it('collapses a same-lightness red and green under protanopia and deuteranopia only', () => {
    const red = '#c0392b';
    const green = '#4e8a2e';
    const normal = colorDistance(red, green);
    for (const deficiency of ['protanopia', 'deuteranopia'] as const) {
      const seen = colorDistance(
        simulateColorVision(red, deficiency),
        simulateColorVision(green, deficiency),
      );
      expect(seen).toBeLessThan(normal / 3);
    }
  });

  it('confuses blue and green under tritanopia', () => {
    const blue = '#1c7ed6';
    const teal = '#0c8599';
    const seen = colorDistance(
      simulateColorVision(blue, 'tritanopia'),
      simulateColorVision(teal, 'tritanopia'),
    );
    expect(seen).toBeLessThan(colorDistance(blue, teal) / 2);
  });

  it('returns #rrggbb', () => {
    expect(simulateColorVision('#e03131', 'deuteranopia')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
