// The coordinates selector on a location's settings (spec 000 §4, §5, §9; issue 4 "Coordinates selector"), with
// the server's own SVG tiles (MAP_TILE_URL=local in the harness): tiles load under the CSP, a click sets the point
// where Leaflet projects it, typing re-centres the map, the four messages, Save refused while the typed text is
// invalid, "use my position", the keyboard, tiles that fail, and the screen at 375 px.
import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUsers,
  expectNoHorizontalOverflow,
  openLogin,
  shot,
  signIn,
  setupBrowser,
  until,
  viewports,
} from './support.ts';

const browser = setupBrowser();
const admin = demoUsers.admin;

/** A seeded location no other browser test edits: Zadar (company 3), 44.1194 N 15.2314 E or so. */
const LOCATION_ID = 16;
const SETTINGS = `/locations/${LOCATION_ID}/manage/settings`;

type Catalog = { [key: string]: string | Catalog };
/** English texts: the shipped catalog, then the keys still waiting in packages/i18n/pending (as served once merged). */
const english: Catalog[] = (() => {
  const i18n = new URL('../../../packages/i18n/', import.meta.url);
  const read = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Catalog;
  let pending: string[] = [];
  try {
    pending = readdirSync(new URL('pending/', i18n)).filter((name) => name.endsWith('-en.json'));
  } catch {
    // everything merged
  }
  return [
    read(new URL('locales/en.json', i18n)),
    ...pending.map((n) => read(new URL(`pending/${n}`, i18n))),
  ];
})();

function text(key: string): string {
  for (const catalog of english) {
    let node: string | Catalog | undefined = catalog;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`no English text for ${key}`);
}

/** Web Mercator tile column/row of a point at zoom z (what Leaflet requests). */
function tileOf(latitude: number, longitude: number, z: number): { x: number; y: number } {
  const phi = (latitude * Math.PI) / 180;
  const n = 2 ** z;
  return {
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n),
  };
}

const latitudeInput = (page: Page) => page.getByRole('textbox', { name: text('map.latitude') });
const longitudeInput = (page: Page) => page.getByRole('textbox', { name: text('map.longitude') });
const mapOf = (page: Page) => page.getByRole('application', { name: text('map.map_label') });

async function value(locator: Locator): Promise<number> {
  return Number(await locator.inputValue());
}

/** Sources of the tile images that finished loading as 256 px images. */
function loadedTiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')]
      .filter((img) => img.complete && img.naturalWidth === 256)
      .map((img) => new URL(img.src).pathname),
  );
}

/** The map's box in the viewport (scrolled into view first: the form is longer than the screen). */
async function mapBox(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number }> {
  await mapOf(page).scrollIntoViewIfNeeded();
  const box = await mapOf(page).boundingBox();
  if (!box) throw new Error('the map has no box');
  return box;
}

async function openSettings(page: Page): Promise<void> {
  await openLogin(page);
  await signIn(page, admin);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.goto(SETTINGS);
  await mapOf(page).waitFor();
  // The inputs hold the location's coordinates once the form has loaded.
  await until(async () => /^\d+\.\d{6}$/.test(await latitudeInput(page).inputValue()), true);
}

describe('coordinates selector on the location settings', () => {
  it('shows the location on the emulated tiles; a click sets the point where Leaflet projects it', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openSettings(page);
    const latitude = await value(latitudeInput(page));
    const longitude = await value(longitudeInput(page));
    // Zoom 10 on the location: its tile from the server's emulator, loaded (so the CSP allowed it).
    const tile = tileOf(latitude, longitude, 10);
    await until(
      async () => (await loadedTiles(page)).includes(`/api/map-tiles/10/${tile.x}/${tile.y}.svg`),
      true,
    );
    // No marker images: the point is an SVG circle.
    expect(await page.locator('img.leaflet-marker-icon').count()).toBe(0);
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBe(1);
    await shot(page, 'location-settings-map');

    // The map's middle is the location; 128 px to the right is 128 / (256 · 2^10) of 360° further east.
    const box = await mapBox(page);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await until(async () => Math.abs((await value(latitudeInput(page))) - latitude) < 0.002, true);
    expect(Math.abs((await value(longitudeInput(page))) - longitude)).toBeLessThan(0.002);
    await page.mouse.click(box.x + box.width / 2 + 128, box.y + box.height / 2);
    const east = (360 * 128) / (256 * 2 ** 10);
    await until(
      async () => Math.abs((await value(longitudeInput(page))) - (longitude + east)) < 0.002,
      true,
    );
    expect(await latitudeInput(page).inputValue()).toMatch(/^\d+\.\d{6}$/);
  });

  it('typing re-centres the map after the pause; invalid values show the messages; saving keeps them', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openSettings(page);
    await latitudeInput(page).fill('95');
    await longitudeInput(page).fill('15,5x');
    await page.getByText(text('coordinates.latitude_range')).waitFor();
    await page.getByText(text('coordinates.invalid_longitude_format')).waitFor();
    await latitudeInput(page).fill('north');
    await longitudeInput(page).fill('-200');
    await page.getByText(text('coordinates.invalid_latitude_format')).waitFor();
    await page.getByText(text('coordinates.longitude_range')).waitFor();

    // Zagreb: after 500 ms without typing the map moves there (zoom 10 or closer).
    await latitudeInput(page).fill('45.815011');
    await longitudeInput(page).fill('15.981919');
    const zagreb = tileOf(45.815011, 15.981919, 10);
    await until(
      async () =>
        (await loadedTiles(page)).includes(`/api/map-tiles/10/${zagreb.x}/${zagreb.y}.svg`),
      true,
    );
    expect(await page.getByText(text('coordinates.latitude_range')).count()).toBe(0);

    await page.getByRole('button', { name: text('common.save') }).click();
    await page.getByText(text('location.save_success')).waitFor();
    await page.reload();
    await mapOf(page).waitFor();
    await until(() => latitudeInput(page).inputValue(), '45.815011');
    expect(await longitudeInput(page).inputValue()).toBe('15.981919');
  });

  it('Save is refused while the typed latitude is invalid: its message, focus on it; fixed, it saves', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/locations/16') {
        saves.push(request.postData() ?? '');
      }
    });
    await openSettings(page);
    const save = page.getByRole('button', { name: text('common.save') });
    const message = page.getByText(text('coordinates.latitude_range'));
    const latitudeFocused = () =>
      latitudeInput(page).evaluate((input) => input === document.activeElement);
    // Enter right after typing, before the typing pause: the form already knows the text is wrong.
    // Where Save is on the page (not in the viewport: typing may scroll), with the form already changed so the
    // unsaved-changes note is there in both measurements.
    const saveTop = () =>
      save.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
    await latitudeInput(page).fill('45');
    await page.getByText(text('location_manage.settings.unsaved')).waitFor();
    const topWithoutMessage = await saveTop();
    await latitudeInput(page).fill('95');
    await latitudeInput(page).press('Enter');
    await message.waitFor();
    expect(await saveTop()).toBe(topWithoutMessage);
    expect(await latitudeInput(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(text('location_manage.settings.unsaved')).count()).toBe(1);
    // Save with the mouse: refused too, and the focus goes back to the latitude.
    await save.click();
    await until(latitudeFocused, true);
    expect(await message.count()).toBe(1);
    expect(await latitudeInput(page).inputValue()).toBe('95');
    expect(saves).toEqual([]);
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      await page.setViewportSize(viewport);
      await latitudeInput(page).evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await shot(page, 'location-settings-coordinates-refused', { fullPage: false });
    }
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize(viewports.desktop);

    await latitudeInput(page).fill('44.5');
    // Save at once, within the typing pause: leaving the field takes the message away on the press, and the
    // release still lands on Save because nothing moved.
    await save.click();
    await page.getByText(text('location.save_success')).waitFor();
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0] ?? '{}')).toMatchObject({
      data: { coordinates: { latitude: 44.5 } },
    });
    await page.reload();
    await mapOf(page).waitFor();
    await until(() => latitudeInput(page).inputValue(), '44.500000');
  });

  it('"use my position" takes the browser position and zooms to 16; Enter on the focused map sets its centre', async () => {
    const { context, page } = await browser.open({ consent: 'necessary' });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 46.0569465, longitude: 14.5057515 });
    await openSettings(page);
    await page.getByRole('button', { name: text('map.use_my_position') }).click();
    await until(() => latitudeInput(page).inputValue(), '46.056947');
    expect(await longitudeInput(page).inputValue()).toBe('14.505752');
    const tile = tileOf(46.0569465, 14.5057515, 16);
    await until(
      async () => (await loadedTiles(page)).includes(`/api/map-tiles/16/${tile.x}/${tile.y}.svg`),
      true,
    );

    // Keyboard: the map takes focus, arrows pan it, Enter picks the point under the crosshair.
    await mapOf(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // The pan animates; Enter takes the centre as it is, so press it until the centre has moved east.
    await until(async () => {
      await mapOf(page).press('Enter');
      return (await value(longitudeInput(page))) > 14.5058;
    }, true);
    expect(Math.abs((await value(latitudeInput(page))) - 46.056947)).toBeLessThan(0.0005);
  });

  it('stays usable when tiles cannot load: a quiet note, and a click still sets the point', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    // Tiles answer with something that is not an image (a broken tile server, a captive portal).
    await page.route('**/api/map-tiles/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: 'not an image' }),
    );
    await openSettings(page);
    await page.getByText(text('map.tiles_unavailable')).waitFor();
    const before = await longitudeInput(page).inputValue();
    const box = await mapBox(page);
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2);
    await until(async () => (await longitudeInput(page).inputValue()) !== before, true);
  });
});

describe('coordinates selector at 375 px', () => {
  it('fits the phone: fields stacked, the 400 px map full width, no sideways scrolling', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await page.setViewportSize(viewports.mobile);
    await openSettings(page);
    const map = await mapBox(page);
    const field = await latitudeInput(page).boundingBox();
    expect(Math.round(map.height)).toBe(400);
    expect(map.width).toBeLessThanOrEqual(375);
    expect(map.width).toBeGreaterThan(300);
    const longitudeBox = await longitudeInput(page).boundingBox();
    expect((longitudeBox?.y ?? 0) > (field?.y ?? 0)).toBe(true);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'location-settings-map');
  });
});
