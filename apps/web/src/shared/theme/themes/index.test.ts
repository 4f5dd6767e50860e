import { THEMES } from '@ec/domain';
import { describe, expect, it } from 'vitest';
import { relativeLuminance } from '../contrast.ts';
import { getSiteTheme, isThemeName, siteThemes } from './index.ts';

describe('siteThemes', () => {
  it('defines every theme of spec 001 §9 and nothing else', () => {
    expect(Object.keys(siteThemes).sort()).toEqual([...THEMES].sort());
  });

  it.each(THEMES)('%s carries its own name', (name) => {
    expect(siteThemes[name].name).toBe(name);
  });

  it('gives every theme a distinct label and filled primary colour', () => {
    const all = Object.values(siteThemes);
    expect(new Set(all.map((t) => t.label)).size).toBe(all.length);
    const filled = all.map((t) => {
      const c = t.colors[t.scheme];
      return c ? `${c.primary[c.filledShade]}|${c.sidebar.background}|${c.background}` : '';
    });
    expect(new Set(filled).size).toBe(all.length);
  });
});

describe('scheme rules', () => {
  it.each(THEMES)('%s offers a choice exactly when it has both variants', (name) => {
    const theme = siteThemes[name];
    const variants = Object.keys(theme.colors).sort();
    expect(theme.colors[theme.scheme]).toBeDefined();
    expect(theme.allowsSchemeChoice).toBe(variants.length === 2);
  });

  it('gives only the default theme a light and a dark variant', () => {
    expect(THEMES.filter((n) => siteThemes[n].allowsSchemeChoice)).toEqual(['default']);
    expect(siteThemes.default.scheme).toBe('light');
  });

  it('makes every dark-* theme dark only and every other named theme light only', () => {
    for (const name of THEMES.filter((n) => n !== 'default')) {
      const expected = name.startsWith('dark-') ? 'dark' : 'light';
      expect({
        name,
        scheme: siteThemes[name].scheme,
        variants: Object.keys(siteThemes[name].colors),
      }).toEqual({
        name,
        scheme: expected,
        variants: [expected],
      });
    }
  });
});

describe('getSiteTheme', () => {
  it('returns the named theme', () => {
    expect(getSiteTheme('energy-cyan')).toBe(siteThemes['energy-cyan']);
  });

  it.each([undefined, null, '', 'purple', 'DEFAULT'])('falls back to default for %s', (name) => {
    expect(getSiteTheme(name)).toBe(siteThemes.default);
  });

  it('recognises theme names', () => {
    expect(isThemeName('dark-blue')).toBe(true);
    expect(isThemeName('dark')).toBe(false);
    expect(isThemeName(3)).toBe(false);
  });
});

describe('token values', () => {
  const variants = THEMES.flatMap((name) =>
    Object.entries(siteThemes[name].colors).map(([scheme, colors]) => ({
      id: `${name}/${scheme}`,
      colors,
    })),
  );

  it.each(variants)('$id uses only #rrggbb colours', ({ colors }) => {
    const values: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === 'string') values.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk({ ...colors, filledShade: undefined });
    expect(values.filter((v) => !/^#[0-9a-f]{6}$/.test(v))).toEqual([]);
  });

  it.each(variants)('$id has primary and neutral ramps from light to dark', ({ colors }) => {
    for (const ramp of [colors?.primary, colors?.neutral]) {
      const l = (ramp ?? []).map(relativeLuminance);
      expect(l).toHaveLength(10);
      expect(l.every((x, i) => i === 0 || x < (l[i - 1] as number))).toBe(true);
    }
  });
});
