import { describe, expect, it } from 'vitest';
import {
  BLACK,
  LUMINANCE_CROSSOVER,
  WHITE,
  composite,
  contrastRatio,
  isHexColor,
  parseHex,
  readableTextOn,
  relativeLuminance,
} from './contrast.ts';

describe('parseHex', () => {
  it('reads long and short forms', () => {
    expect(parseHex('#1c7ed6')).toEqual({ r: 0x1c, g: 0x7e, b: 0xd6 });
    expect(parseHex('#FfF')).toEqual({ r: 255, g: 255, b: 255 });
  });

  it.each(['1c7ed6', '#1c7ed', '#12345678', 'red', 'rgb(0,0,0)', '#ggg'])('rejects %s', (v) => {
    expect(isHexColor(v)).toBe(false);
    expect(() => parseHex(v)).toThrow(/Not a hex colour/);
  });
});

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('weights green most and blue least (WCAG coefficients)', () => {
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
  });

  it('linearises sRGB (mid gray is about 0.216, not 0.5)', () => {
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
  });
});

describe('contrastRatio', () => {
  it('spans 1 to 21', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#3a7', '#3a7')).toBe(1);
  });

  it('is symmetric', () => {
    expect(contrastRatio('#1c7ed6', '#f8f9fa')).toBe(contrastRatio('#f8f9fa', '#1c7ed6'));
  });

  it('matches published reference values around the AA boundary', () => {
    // #767676 is the lightest gray that passes 4.5:1 on white; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('readableTextOn', () => {
  it('picks white on dark and black on light colours', () => {
    expect(readableTextOn('#0069cd')).toBe(WHITE);
    expect(readableTextOn('#fcc419')).toBe(BLACK);
  });

  it('always picks the higher-contrast of the two', () => {
    for (const bg of ['#e76d02', '#3e95fe', '#127eee', '#059a46', '#808080', '#c92a2a']) {
      const chosen = readableTextOn(bg);
      const other = chosen === WHITE ? BLACK : WHITE;
      expect(contrastRatio(chosen, bg)).toBeGreaterThanOrEqual(contrastRatio(other, bg));
    }
  });

  it('uses the luminance where both choices tie', () => {
    const l = LUMINANCE_CROSSOVER;
    expect((1 + 0.05) / (l + 0.05)).toBeCloseTo((l + 0.05) / 0.05, 10);
  });
});

describe('composite', () => {
  it('blends a translucent colour over a background', () => {
    expect(composite('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(composite('#1c7ed6', 1, '#ffffff')).toBe('#1c7ed6');
    expect(composite('#1c7ed6', 0, '#123456')).toBe('#123456');
  });
});
