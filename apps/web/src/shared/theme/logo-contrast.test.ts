import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The demo sites' themes and logos, as the server seeds and serves them (apps/server/assets/sites/<id>/logo.svg).
import { DEMO_SITES, demoSiteAssets } from '../../../../server/src/seed/data.ts';
import {
  LOGO_MIN_CONTRAST,
  logoBackdrops,
  logoContrast,
  sidebarLogoPlate,
  svgLogoColours,
} from './logo.ts';
import { siteThemes } from './themes/index.ts';

// The web tests run in jsdom, where import.meta.url is not a file URL: the folder is found from this file's directory.
const assets = join(import.meta.dirname, '../../../../server/assets/sites');

function logoFile(identifier: string): string {
  const logo = demoSiteAssets(identifier).logo;
  const file = logo.split('/').at(-1) ?? '';
  return readFileSync(join(assets, identifier, file), 'utf8');
}

/** One row per demo site, theme variant and place the logo is drawn (sidebar, sign-in page). */
const rows = DEMO_SITES.flatMap((site) => {
  const theme = siteThemes[site.theme];
  const svg = logoFile(site.identifier);
  return (['light', 'dark'] as const).flatMap((scheme) => {
    const colors = theme.colors[scheme];
    if (!colors) return [];
    return Object.entries(logoBackdrops(colors)).map(([place, backdrop]) => ({
      id: `${site.identifier} (${site.theme}/${scheme}) on the ${place}`,
      svg,
      backdrop,
    }));
  });
});

describe('logo contrast of every demo site', () => {
  it('covers every demo site on the sidebar and the sign-in page', () => {
    expect(new Set(rows.map((row) => row.id.split(' ')[0]))).toEqual(
      new Set(DEMO_SITES.map((site) => site.identifier)),
    );
  });

  it.each(rows)(`$id: every wordmark colour ≥ ${LOGO_MIN_CONTRAST}:1`, ({ svg, backdrop }) => {
    const contrasts = logoContrast(svg, backdrop);
    expect(contrasts.length).toBeGreaterThan(0);
    const failing = contrasts.filter((c) => c.ratio < LOGO_MIN_CONTRAST);
    expect(failing.map((c) => `${c.colour} on ${backdrop}: ${c.ratio.toFixed(2)}`)).toEqual([]);
  });
});

describe('svgLogoColours', () => {
  it('reads the text fills, tspans inheriting from their text, and a full-size plate', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">
      <rect width="100" height="40" rx="6" fill="#FFF"/>
      <rect x="4" y="4" width="10" height="10" fill="#123456"/>
      <text x="4" y="30" fill="#0b4f9c">Sun<tspan fill="#1c7ed6">Power</tspan><tspan> </tspan></text>
      <text x="60" y="30"><tspan>Solar</tspan></text>
    </svg>`;
    expect(svgLogoColours(svg)).toEqual({
      wordmark: ['#1c7ed6', '#0b4f9c', '#000000'],
      plate: '#ffffff',
    });
  });

  it('has no plate when no rectangle fills the logo', () => {
    const svg = '<svg viewBox="0 0 100 40"><rect x="2" width="100" height="40" fill="#fff"/></svg>';
    expect(svgLogoColours(svg)).toEqual({ wordmark: [], plate: null });
  });

  it('refuses colours it cannot check', () => {
    expect(() => svgLogoColours('<svg><text fill="rgb(0,0,0)">A</text></svg>')).toThrow(
      /use #rgb or #rrggbb/,
    );
  });
});

describe('logoContrast', () => {
  it('judges the wordmark against the logo’s own plate when it has one', () => {
    const dark = '<svg viewBox="0 0 10 10"><text fill="#0b4f9c">Sun</text></svg>';
    const plated =
      '<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="#ffffff"/><text fill="#0b4f9c">Sun</text></svg>';
    expect(logoContrast(dark, '#0a2466')[0]?.ratio).toBeLessThan(LOGO_MIN_CONTRAST);
    expect(logoContrast(plated, '#0a2466')[0]?.ratio).toBeGreaterThan(LOGO_MIN_CONTRAST);
  });
});

describe('sidebarLogoPlate', () => {
  it('puts the logo on the page colour where the sidebar is another surface, not otherwise', () => {
    const energyBlue = siteThemes['energy-blue'].colors.light;
    const white = siteThemes.white.colors.light;
    if (!energyBlue || !white) throw new Error('themes missing');
    expect(sidebarLogoPlate(energyBlue)).toBe(energyBlue.background);
    expect(sidebarLogoPlate(white)).toBeNull();
  });
});
