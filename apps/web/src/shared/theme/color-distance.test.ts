import { describe, expect, it } from 'vitest';
import { colorDistance, deltaE2000, hexToLab } from './color-distance.ts';

describe('hexToLab', () => {
  it('maps white, black and gray onto the neutral axis', () => {
    const white = hexToLab('#ffffff');
    expect(white.l).toBeCloseTo(100, 2);
    expect(white.a).toBeCloseTo(0, 2);
    expect(white.b).toBeCloseTo(0, 2);
    expect(hexToLab('#000000').l).toBeCloseTo(0, 6);
    expect(hexToLab('#777777').a).toBeCloseTo(0, 2);
  });

  it('places sRGB red where the reference puts it (L 53.24, a 80.09, b 67.20)', () => {
    const red = hexToLab('#ff0000');
    expect(red.l).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 1);
    expect(red.b).toBeCloseTo(67.2, 1);
  });
});

describe('deltaE2000', () => {
  // Test pairs from Sharma, Wu & Dalal (2005), table 1.
  it.each([
    [{ l: 50, a: 2.6772, b: -79.7751 }, { l: 50, a: 0, b: -82.7485 }, 2.0425],
    [{ l: 50, a: 0, b: 0 }, { l: 50, a: -1, b: 2 }, 2.3669],
    [{ l: 50, a: 2.5, b: 0 }, { l: 73, a: 25, b: -18 }, 27.1492],
    [{ l: 60.2574, a: -34.0099, b: 36.2677 }, { l: 60.4626, a: -34.1751, b: 39.4387 }, 1.2644],
  ])('%o vs %o is %f', (x, y, expected) => {
    expect(deltaE2000(x, y)).toBeCloseTo(expected, 3);
    expect(deltaE2000(y, x)).toBeCloseTo(expected, 3);
  });

  it('is zero for identical colours', () => {
    expect(colorDistance('#1c7ed6', '#1c7ed6')).toBe(0);
  });

  it('separates clearly different hues far more than near-identical ones', () => {
    expect(colorDistance('#e03131', '#2b8a3e')).toBeGreaterThan(40);
    expect(colorDistance('#e03131', '#e13232')).toBeLessThan(1);
  });
});
