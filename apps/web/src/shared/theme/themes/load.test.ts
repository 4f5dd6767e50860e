import { describe, expect, it } from 'vitest';
import { THEMES } from '@ec/domain';
import { siteThemes } from './index.ts';
import { loadedSiteTheme, loadSiteTheme } from './load.ts';

describe('loadSiteTheme', () => {
  it('loads every theme of spec 001 §9 as the same object as the full table', async () => {
    for (const name of THEMES) {
      expect(await loadSiteTheme(name)).toBe(siteThemes[name]);
      expect(loadedSiteTheme(name)).toBe(siteThemes[name]);
    }
  });

  it('always knows the default, and gives the default for unknown names', async () => {
    expect(loadedSiteTheme('default')).toBe(siteThemes.default);
    expect(loadedSiteTheme(undefined)).toBe(siteThemes.default);
    expect(await loadSiteTheme('no-such-theme')).toBe(siteThemes.default);
    expect(await loadSiteTheme(null)).toBe(siteThemes.default);
  });
});
