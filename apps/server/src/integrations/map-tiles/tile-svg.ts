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
  90, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002,
  0.0001, 0.00005,
];

/**
 * The graticule spacing for a tile spanning `spanDegrees`: the finest step that keeps lines at least a quarter
 * tile (64 px) apart, so labels never overlap and every tile still gets one to four lines of each kind. Latitude
 * uses the tile's own latitude span (smaller towards the poles in Web Mercator).
 */
export function graticuleStep(spanDegrees: number): number {
  let chosen = STEPS[0] as number;
  for (const step of STEPS) {
    if (step < spanDegrees / 4) break;
    chosen = step;
  }
  return chosen;
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
  const lonStep = graticuleStep(east - west);
  const latStep = graticuleStep(north - south);

  const parts: string[] = [];
  for (const longitude of multiples(west, east, lonStep)) {
    const left = px(((longitude - west) / (east - west)) * TILE_SIZE);
    const label = formatDegrees(longitude, decimalsOf(lonStep), 'E', 'W');
    parts.push(line(left, 0, left, TILE_SIZE, Math.abs(longitude) < lonStep / 2));
    // Along the bottom, right of the line; a label that would not fit is left out (the grid still shows).
    if (left + 3 + labelWidth(label) <= TILE_SIZE - 2)
      parts.push(text(left + 3, TILE_SIZE - 6, label));
  }
  for (const latitude of multiples(south, north, latStep)) {
    const top = px((latitudeToTileY(latitude, z) - y) * TILE_SIZE);
    const label = formatDegrees(latitude, decimalsOf(latStep), 'N', 'S');
    parts.push(line(0, top, TILE_SIZE, top, Math.abs(latitude) < latStep / 2));
    // At the left, above the line (below it near the top edge); not in the bottom band of longitude labels:
    // a line on the bottom edge is labelled at the top of the tile below.
    const baseline = top < 16 ? top + 13 : top - 4;
    if (baseline <= TILE_SIZE - 20) parts.push(text(4, baseline, label));
  }

  const address = `${z}/${x}/${y}`;
  const boxWidth = labelWidth(address, 8.5) + 12;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">`,
    '<style>',
    '.line{stroke:#9fb3c8;stroke-width:1}',
    '.axis{stroke:#52708f;stroke-width:2}',
    '.label{font:11px sans-serif;fill:#334e68}',
    '.tile{font:bold 14px sans-serif;fill:#627d98;text-anchor:middle}',
    '</style>',
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="#eef3f8"/>`,
    `<rect x="0.5" y="0.5" width="${TILE_SIZE - 1}" height="${TILE_SIZE - 1}" fill="none" stroke="#d9e2ec"/>`,
    ...parts,
    // The address on a plate, readable over the lines.
    `<rect x="${px(TILE_SIZE / 2 - boxWidth / 2)}" y="${TILE_SIZE / 2 - 12}" width="${px(boxWidth)}" height="22" rx="4" fill="#eef3f8" fill-opacity="0.85"/>`,
    `<text x="${TILE_SIZE / 2}" y="${TILE_SIZE / 2 + 5}" class="tile">${address}</text>`,
    '</svg>',
  ].join('');
}

function line(x1: number, y1: number, x2: number, y2: number, strong: boolean): string {
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="${strong ? 'axis' : 'line'}"/>`;
}

function text(x: number, y: number, content: string): string {
  return `<text x="${px(x)}" y="${px(y)}" class="label">${content}</text>`;
}

/** A generous estimate of a label's width in pixels (sans-serif, 11 px: about 6.5 px a character). */
function labelWidth(content: string, perChar = 6.5): number {
  return content.length * perChar;
}
