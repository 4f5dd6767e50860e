/** Tile edge in pixels (Leaflet's default tile size). */
export const TILE_SIZE = 256;

/** Highest zoom the emulator draws (the coordinates selector's limit, spec 000 §9). */
export const MAX_TILE_ZOOM = 18;

/** A tile address in the Web Mercator (XYZ / "slippy map") scheme. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Whether z, x and y name a tile: z 0–18, x and y 0 … 2^z − 1. */
export function isValidTile({ z, x, y }: TileAddress): boolean {
  if (![z, x, y].every(Number.isSafeInteger)) return false;
  if (z < 0 || z > MAX_TILE_ZOOM) return false;
  const n = 2 ** z;
  return x >= 0 && x < n && y >= 0 && y < n;
}

/** Longitude (degrees) of a tile column edge `x` (may be fractional) at zoom z. */
export function tileXToLongitude(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

/** Latitude (degrees) of a tile row edge `y` (may be fractional) at zoom z: the inverse Web Mercator projection. */
export function tileYToLatitude(y: number, z: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
}

/** The fractional tile row of a latitude at zoom z (Web Mercator). */
export function latitudeToTileY(latitude: number, z: number): number {
  const phi = (latitude * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 2 ** z;
}

/** Graticule spacings in degrees, coarse to fine. */
const STEPS = [
  30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001,
];

/**
 * The graticule spacing for a zoom: the coarsest step that still puts a line about every half tile, so every
 * tile shows at least one labelled line of each kind (and at most about a dozen at zoom 0).
 */
export function graticuleStep(z: number): number {
  const tileDegrees = 360 / 2 ** z;
  return STEPS.find((step) => step <= tileDegrees / 2) ?? (STEPS.at(-1) as number);
}

/** Decimals a label at this step needs (0.005 → 3). */
function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function formatDegrees(
  value: number,
  decimals: number,
  positive: string,
  negative: string,
): string {
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return `0°`;
  return `${Math.abs(rounded).toFixed(decimals)}°${rounded > 0 ? positive : negative}`;
}

/** Multiples of `step` in [from, to], computed from integers so 0.1 steps do not drift. */
function multiples(from: number, to: number, step: number): number[] {
  const scale = 10 ** decimalsOf(step);
  const unit = Math.round(step * scale);
  const first = Math.ceil(Math.round(from * scale * 1e6) / 1e6 / unit);
  const last = Math.floor(Math.round(to * scale * 1e6) / 1e6 / unit);
  const values: number[] = [];
  for (let k = first; k <= last; k++) values.push((k * unit) / scale);
  return values;
}

const px = (value: number) => Number(value.toFixed(2));

/**
 * Draws one 256 × 256 Web Mercator tile as SVG: a graticule of latitude and longitude lines (equator and prime
 * meridian stronger) with their labels, the tile's edge, and its z/x/y in the middle. No map data: the local
 * emulator lets the map work without a tile server (tests, offline demos), and the lines sit exactly where
 * Leaflet projects those coordinates, so a click on a labelled line can be checked against its value.
 */
export function renderTileSvg(tile: TileAddress): string {
  const { z, x, y } = tile;
  const west = tileXToLongitude(x, z);
  const east = tileXToLongitude(x + 1, z);
  const north = tileYToLatitude(y, z);
  const south = tileYToLatitude(y + 1, z);
  const step = graticuleStep(z);
  const decimals = decimalsOf(step);

  const parts: string[] = [];
  for (const longitude of multiples(west, east, step)) {
    const left = px(((longitude - west) / (east - west)) * TILE_SIZE);
    const strong = Math.abs(longitude) < step / 2;
    parts.push(
      `<line x1="${left}" y1="0" x2="${left}" y2="${TILE_SIZE}" class="${strong ? 'axis' : 'line'}"/>`,
      // Labels stay inside the tile: left of a line near the right edge.
      left > TILE_SIZE - 60
        ? `<text x="${px(left - 3)}" y="${TILE_SIZE - 6}" class="label end">${formatDegrees(longitude, decimals, 'E', 'W')}</text>`
        : `<text x="${px(left + 3)}" y="${TILE_SIZE - 6}" class="label">${formatDegrees(longitude, decimals, 'E', 'W')}</text>`,
    );
  }
  for (const latitude of multiples(south, north, step)) {
    const top = px((latitudeToTileY(latitude, z) - y) * TILE_SIZE);
    const strong = Math.abs(latitude) < step / 2;
    parts.push(
      `<line x1="0" y1="${top}" x2="${TILE_SIZE}" y2="${top}" class="${strong ? 'axis' : 'line'}"/>`,
      // Below a line near the top edge.
      `<text x="4" y="${px(top < 16 ? top + 13 : top - 4)}" class="label">${formatDegrees(latitude, decimals, 'N', 'S')}</text>`,
    );
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">`,
    '<style>',
    '.line{stroke:#9fb3c8;stroke-width:1}',
    '.axis{stroke:#52708f;stroke-width:2}',
    '.label{font:11px sans-serif;fill:#334e68}',
    '.end{text-anchor:end}',
    '.tile{font:bold 14px sans-serif;fill:#829ab1;text-anchor:middle}',
    '</style>',
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="#eef3f8"/>`,
    `<rect x="0.5" y="0.5" width="${TILE_SIZE - 1}" height="${TILE_SIZE - 1}" fill="none" stroke="#d9e2ec"/>`,
    ...parts,
    `<text x="${TILE_SIZE / 2}" y="${TILE_SIZE / 2 + 5}" class="tile">${z}/${x}/${y}</text>`,
    '</svg>',
  ].join('');
}
