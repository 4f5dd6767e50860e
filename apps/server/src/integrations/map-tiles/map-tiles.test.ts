import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { checkTileUrl } from './tile-url.ts';
import {
  graticuleStep,
  isValidTile,
  latitudeToTileY,
  renderTileSvg,
  TILE_SIZE,
  tileXToLongitude,
  tileYToLatitude,
} from './tile-svg.ts';

describe('Web Mercator tile maths', () => {
  it.each([
    [{ z: 0, x: 0, y: 0 }, true],
    [{ z: 18, x: 2 ** 18 - 1, y: 2 ** 18 - 1 }, true],
    [{ z: 19, x: 0, y: 0 }, false],
    [{ z: -1, x: 0, y: 0 }, false],
    [{ z: 2, x: 4, y: 0 }, false],
    [{ z: 2, x: 0, y: 4 }, false],
    [{ z: 1.5, x: 0, y: 0 }, false],
    [{ z: 3, x: Number.NaN, y: 0 }, false],
  ])('isValidTile(%j) = %s', (tile, valid) => {
    expect(isValidTile(tile)).toBe(valid);
  });

  it('maps tile edges to longitudes and latitudes', () => {
    expect(tileXToLongitude(0, 0)).toBe(-180);
    expect(tileXToLongitude(1, 0)).toBe(180);
    expect(tileXToLongitude(2, 2)).toBe(0);
    expect(tileYToLatitude(0, 0)).toBeCloseTo(85.0511, 4);
    expect(tileYToLatitude(1, 1)).toBeCloseTo(0, 10);
    expect(tileYToLatitude(1, 0)).toBeCloseTo(-85.0511, 4);
  });

  it('inverts latitude ↔ tile row', () => {
    for (const latitude of [-60, -12.5, 0, 46.05, 80]) {
      expect(tileYToLatitude(latitudeToTileY(latitude, 7), 7)).toBeCloseTo(latitude, 9);
    }
  });

  it('keeps graticule lines a quarter tile apart or more, finer as the zoom grows', () => {
    expect(graticuleStep(360)).toBe(90);
    expect(graticuleStep(90)).toBe(30);
    expect(graticuleStep(45)).toBe(15);
    expect(graticuleStep(360 / 2 ** 10)).toBe(0.1);
    expect(graticuleStep(360 / 2 ** 18)).toBe(0.0005);
    for (let z = 0; z <= 18; z++) {
      const span = 360 / 2 ** z;
      const step = graticuleStep(span);
      expect(step).toBeGreaterThanOrEqual(span / 4);
      expect(step).toBeLessThan(span);
      if (z > 0) expect(step).toBeLessThanOrEqual(graticuleStep(span * 2));
    }
  });
});

/** The x (for `x1`) or y (for `y1`) of every graticule line with the label next to it. */
function linesOf(svg: string, axis: 'x1' | 'y1'): { at: number; label: string }[] {
  const found: { at: number; label: string }[] = [];
  const pattern =
    axis === 'x1'
      ? /<line x1="([\d.]+)" y1="0" x2="\1" y2="256"[^>]*\/><text[^>]*>([^<]+)<\/text>/g
      : /<line x1="0" y1="([\d.]+)" x2="256" y2="\1"[^>]*\/><text[^>]*>([^<]+)<\/text>/g;
  for (const match of svg.matchAll(pattern)) {
    found.push({ at: Number(match[1]), label: match[2] ?? '' });
  }
  return found;
}

describe('renderTileSvg', () => {
  it('draws the whole world at zoom 0: 90° meridians, 45° parallels, equator and prime meridian stronger', () => {
    const svg = renderTileSvg({ z: 0, x: 0, y: 0 });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256"/);
    expect(svg).toContain('>0/0/0</text>');
    const meridians = linesOf(svg, 'x1');
    // 180° E lies on the right edge: its label would not fit, the tile to the right has it.
    expect(meridians).toEqual([
      { at: 0, label: '180°W' },
      { at: 64, label: '90°W' },
      { at: 128, label: '0°' },
      { at: 192, label: '90°E' },
    ]);
    const parallels = linesOf(svg, 'y1');
    expect(parallels.map((p) => p.label)).toEqual(['45°S', '0°', '45°N']);
    // Web Mercator: 45° N sits ln(tan 67.5°) / 2π of the map height above the equator.
    const y = (label: string) => parallels.find((p) => p.label === label)?.at ?? Number.NaN;
    expect(y('0°')).toBe(128);
    expect(128 - y('45°N')).toBeCloseTo(
      (Math.log(Math.tan((67.5 * Math.PI) / 180)) / (2 * Math.PI)) * 256,
      1,
    );
    expect(svg.match(/class="axis"/g)).toHaveLength(2);
  });

  it('labels never overlap: each label ends before the next line', () => {
    for (const tile of [
      { z: 2, x: 2, y: 1 },
      { z: 5, x: 17, y: 11 },
      { z: 10, x: 553, y: 364 },
      { z: 18, x: 143_000, y: 95_000 },
    ]) {
      const labels = linesOf(renderTileSvg(tile), 'x1');
      for (let i = 1; i < labels.length; i++) {
        const previous = labels[i - 1] as { at: number; label: string };
        expect(previous.at + 3 + previous.label.length * 6.5).toBeLessThan(labels[i]?.at ?? 0);
      }
    }
  });

  it('puts each line where Web Mercator projects its coordinate (Ljubljana, zoom 10)', () => {
    // The tile holding 46.05° N 14.5° E.
    const z = 10;
    const x = Math.floor(((14.5 + 180) / 360) * 2 ** z);
    const y = Math.floor(latitudeToTileY(46.05, z));
    const svg = renderTileSvg({ z, x, y });
    expect(svg).toContain(`>${z}/${x}/${y}</text>`);
    const west = tileXToLongitude(x, z);
    const east = tileXToLongitude(x + 1, z);
    const meridians = linesOf(svg, 'x1');
    const parallels = linesOf(svg, 'y1');
    expect(meridians.length).toBeGreaterThan(0);
    expect(parallels.length).toBeGreaterThan(0);
    for (const { at, label } of meridians) {
      expect(label).toMatch(/^\d+\.\d°E$/);
      const longitude = Number.parseFloat(label);
      expect(longitude).toBeGreaterThanOrEqual(west);
      expect(longitude).toBeLessThanOrEqual(east);
      expect(at).toBeCloseTo(((longitude - west) / (east - west)) * TILE_SIZE, 1);
    }
    for (const { at, label } of parallels) {
      expect(label).toMatch(/^\d+\.\d°N$/);
      const latitude = Number.parseFloat(label);
      expect(at).toBeCloseTo((latitudeToTileY(latitude, z) - y) * TILE_SIZE, 1);
    }
  });

  it('labels southern and western coordinates at deep zoom with enough decimals', () => {
    const z = 18;
    const x = Math.floor(((-43.1729 + 180) / 360) * 2 ** z);
    const y = Math.floor(latitudeToTileY(-22.9068, z));
    const labels = [
      ...linesOf(renderTileSvg({ z, x, y }), 'x1'),
      ...linesOf(renderTileSvg({ z, x, y }), 'y1'),
    ];
    expect(labels.length).toBeGreaterThan(0);
    for (const { label } of labels) expect(label).toMatch(/^\d+\.\d{4}°[SW]$/);
  });
});

describe('checkTileUrl', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.com:8443/{z}/{x}/{y}.png', 'https://*.tile.example.com:8443'],
    ['http://tiles.local/{z}/{x}/{y}@2x.png?key=a', 'http://tiles.local'],
    ['/tiles/{z}/{x}/{y}.png', null],
  ])('accepts %s (img-src %s)', (url, source) => {
    expect(checkTileUrl(url)).toEqual({ ok: true, imageSource: source });
  });

  it.each([
    ['https://tile.example.com/{z}/{x}.png', 'must contain {y}'],
    ['ftp://tile.example.com/{z}/{x}/{y}.png', 'http(s) URL'],
    ['javascript:alert(1)//{z}{x}{y}', 'http(s) URL'],
    ['//tile.example.com/{z}/{x}/{y}.png', 'must not start with //'],
    ['https://tiles{s}.example.com/{z}/{x}/{y}.png', 'only {s}'],
    ['https://u:p@tile.example.com/{z}/{x}/{y}.png', 'user name or password'],
    ['tile.example.com/{z}/{x}/{y}.png', 'http(s) URL'],
  ])('refuses %s', (url, problem) => {
    const check = checkTileUrl(url);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.problem).toContain(problem);
  });
});

describe('GET /api/map-tiles/{z}/{x}/{y}.svg (MAP_TILE_URL=local)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAP_TILE_URL: 'local' }, seed: false });
  });
  afterAll(() => t.close());

  it('answers an SVG tile cached for a day, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/map-tiles/3/4/2.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toBe(renderTileSvg({ z: 3, x: 4, y: 2 }));
    expect(res.body).toContain('>3/4/2</text>');
  });

  it('serves the corners of the deepest zoom', async () => {
    const last = 2 ** 18 - 1;
    for (const url of ['/api/map-tiles/18/0/0.svg', `/api/map-tiles/18/${last}/${last}.svg`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/map-tiles/0/0/0.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toBe('');
  });

  it.each([
    '/api/map-tiles/19/0/0.svg',
    '/api/map-tiles/2/4/0.svg',
    '/api/map-tiles/2/0/4.svg',
    '/api/map-tiles/0/0/0.png',
    '/api/map-tiles/0/0/0',
    '/api/map-tiles/-1/0/0.svg',
    '/api/map-tiles/a/0/0.svg',
    '/api/map-tiles/1/0.5/0.svg',
    '/api/map-tiles/1/0/1e0.svg',
    '/api/map-tiles/1/00000000000000000001/0.svg',
    '/api/map-tiles/1/0',
    '/api/map-tiles/1/0/0/0.svg',
  ])('%s is 404 NOT_FOUND', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
  });

  it('tells the web to use the emulator, which needs no extra CSP image source', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/info' });
    expect(json<{ data: { map: unknown } }>(res).data.map).toEqual({
      tileUrl: '/api/map-tiles/{z}/{x}/{y}.svg',
      attribution: 'Local tile emulator (graticule only)',
    });
    expect(String(res.headers['content-security-policy'])).toContain("img-src 'self' data:;");
  });
});

describe('without MAP_TILE_URL=local', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('does not serve tiles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/map-tiles/0/0/0.svg' });
    expect(res.statusCode).toBe(404);
  });
});
