import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

/** Extra origins for one page's Content-Security-Policy. */
export interface CspExtras {
  /** Origin of the site's analytics script (loaded only after consent). */
  scriptOrigins?: readonly string[];
  /** Image sources besides our own, e.g. the map tile server (`https://tile.openstreetmap.org`). */
  imageSources?: readonly string[];
}

/**
 * The Content-Security-Policy the SPA runs under: only our own scripts (plus the site's analytics origin), inline
 * styles because Mantine injects them at runtime, images from us, data: URLs and the map tile server, no framing,
 * no plugins.
 */
export function contentSecurityPolicy(
  extras: CspExtras = {},
  options: { upgradeInsecure?: boolean } = {},
): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(extras.scriptOrigins ?? [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...(extras.imageSources ?? [])],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  if (options.upgradeInsecure) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** The origin of an absolute http(s) script URL, or null (relative URLs are covered by 'self'). */
export function scriptOriginOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a state-changing request may proceed: when the browser says where it comes from (Origin, else
 * Referer), that must be this server — the request's own host or PUBLIC_URL. Requests without either header
 * (non-browser clients) pass; see docs/decisions/0004-csrf-origin-check.md.
 */
export function isSameOriginRequest(
  request: FastifyRequest,
  publicUrl: string | undefined,
): boolean {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (origin === undefined) return true;
  if (publicUrl && origin === publicUrl) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // includes the opaque origin "null"
  }
  return host !== '' && host === normalisedHost(request);
}

/** The request's host with a default port dropped (`example.com:443` over https is `example.com`), like Origin. */
function normalisedHost(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return request.host;
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** Security headers (helmet, with our CSP) and the CSRF origin check for state-changing requests. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string | undefined; csp?: CspExtras },
): Promise<void> {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  await app.register(helmet, {
    // Our own header (below) so each HTML page can add its site's analytics origin.
    contentSecurityPolicy: false,
    // A same-origin fetch() POST sends "Origin: null" under no-referrer; the CSRF check needs the real origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  const csp = contentSecurityPolicy(options.csp, { upgradeInsecure: https });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', csp);
    if (STATE_CHANGING.has(request.method) && !isSameOriginRequest(request, options.publicUrl)) {
      request.log.warn(
        { origin: request.headers.origin, referer: request.headers.referer },
        'cross-origin request refused',
      );
      throw forbidden();
    }
  });
}
