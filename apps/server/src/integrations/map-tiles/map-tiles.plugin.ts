import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors.ts';
import { isValidTile, renderTileSvg } from './tile-svg.ts';

/** How long browsers and proxies keep a tile: a day (the drawing never changes within a release). */
export const TILE_MAX_AGE_SECONDS = 86_400;

/**
 * The local map-tile emulator (MAP_TILE_URL=local): `GET /api/map-tiles/{z}/{x}/{y}.svg` answers a Web Mercator
 * tile drawn as SVG (graticule with labels and the tile's address), so the coordinates selector works without
 * an external tile server — in tests, offline demos and closed networks. Not a contract route: it answers an
 * image, not the JSON envelope, like the site assets. Anything that is not a tile (z outside 0–18, x or y outside
 * 0 … 2^z − 1, another extension) is 404 NOT_FOUND.
 */
export async function registerMapTiles(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { z: string; x: string; file: string } }>(
    '/api/map-tiles/:z/:x/:file',
    // Not part of the JSON API: left out of the OpenAPI document.
    { schema: { hide: true } },
    async (request, reply) => {
      const { z, x, file } = request.params;
      const y = /^(\d{1,6})\.svg$/.exec(file)?.[1];
      const tile = { z: toInt(z), x: toInt(x), y: toInt(y) };
      if (!isValidTile(tile)) return sendError(reply, 404, 'NOT_FOUND');
      // Drawing a tile takes microseconds; browsers keep them for a day, so no server-side cache.
      return reply
        .header('cache-control', `public, max-age=${TILE_MAX_AGE_SECONDS}`)
        .type('image/svg+xml; charset=utf-8')
        .send(renderTileSvg(tile));
    },
  );
}

/** A decimal integer of at most six digits (2^18 − 1 has six), else NaN. */
function toInt(value: string | undefined): number {
  return value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
}
