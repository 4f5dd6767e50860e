/** Where the local tile emulator serves its tiles (a Leaflet URL template, same origin). */
export const LOCAL_TILE_URL = '/api/map-tiles/{z}/{x}/{y}.svg';

/** The tiles used when MAP_TILE_URL is unset. */
export const OPENSTREETMAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** OpenStreetMap's required attribution (https://www.openstreetmap.org/copyright). */
export const OPENSTREETMAP_ATTRIBUTION = '© OpenStreetMap contributors';

/** The emulator's attribution: its tiles hold no map data, only a graticule. */
export const LOCAL_TILE_ATTRIBUTION = 'Local tile emulator (graticule only)';

/** A tile URL template, checked: the problem, or the CSP `img-src` source it needs (null = same origin). */
export type TileUrlCheck =
  { ok: true; imageSource: string | null } | { ok: false; problem: string };

/**
 * Checks a Leaflet tile URL template (`https://tile.example/{z}/{x}/{y}.png`): an absolute http(s) URL with the
 * `{z}`, `{x}` and `{y}` placeholders, or a same-origin path starting with `/`. `{s}` (Leaflet's subdomains) may
 * only be the host's first label, so that one CSP source (`https://*.tile.example`) covers every subdomain; no
 * other placeholder may appear in the host, user name or password.
 */
export function checkTileUrl(template: string): TileUrlCheck {
  for (const placeholder of ['{z}', '{x}', '{y}']) {
    if (!template.includes(placeholder)) {
      return { ok: false, problem: `must contain ${placeholder}` };
    }
  }
  if (template.startsWith('/')) {
    if (template.startsWith('//')) return { ok: false, problem: 'must not start with //' };
    return { ok: true, imageSource: null };
  }
  const subdomains = /^https?:\/\/\{s\}\./.test(template);
  let url: URL;
  try {
    // A concrete subdomain stands in for {s}, so the host parses.
    url = new URL(subdomains ? template.replace('{s}', 'a') : template);
  } catch {
    return { ok: false, problem: 'must be an http(s) URL or a path starting with /' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: 'must be an http(s) URL or a path starting with /' };
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'must not contain a user name or password' };
  }
  if (/[{}]|%7b|%7d/i.test(url.host)) {
    return { ok: false, problem: 'may use only {s}, as the first label of the host' };
  }
  const host = subdomains ? `*.${url.host.slice('a.'.length)}` : url.host;
  return { ok: true, imageSource: `${url.protocol}//${host}` };
}
