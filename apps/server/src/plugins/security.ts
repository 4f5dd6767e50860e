import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../errors.ts';
import { parsePlainHost, type OriginAllowList } from '../modules/site/site-origin.ts';

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
 * Whether a state-changing request may proceed: when the browser says where it comes from (Origin, else the
 * Referer's origin), that origin — scheme, host and port — must be one of ours (`isAllowedOrigin`: PUBLIC_URL, the
 * sites' configured origins, the local development origins), never merely equal to the request's own Host header,
 * which the sender chooses. Requests without either header (non-browser clients) pass; see
 * docs/decisions/0004-csrf-origin-check.md.
 */
export async function isSameOriginRequest(
  request: FastifyRequest,
  isAllowedOrigin: OriginAllowList,
): Promise<boolean> {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (origin === undefined) return true;
  return isAllowedOrigin(origin);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether the request names its host plainly: exactly one Host header (RFC 9112 §3.2 demands 400 otherwise), whose
 * value is a plain `host[:port]`, and the same for X-Forwarded-Host when TRUST_PROXY makes Fastify use it. A
 * request without any Host (HTTP/1.0) passes: nothing is derived from a missing host.
 */
export function hasPlainHost(request: FastifyRequest): boolean {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === 'host') count++;
  }
  if (count > 1) return false;
  const header = request.headers.host;
  if (header !== undefined && parsePlainHost(header) === null) return false;
  // request.host is X-Forwarded-Host (its last entry) when the proxy is trusted, else the Host header.
  const effective = request.host;
  return effective === '' || effective === header || parsePlainHost(effective) !== null;
}

/** 400 for a Host header that is not a plain host[:port]. */
const hostInvalid = () =>
  new AppError(400, 'MALFORMED_REQUEST', { message: 'errors.host_invalid' });

/**
 * Security headers (helmet, with our CSP), the Host check on every request and the CSRF origin check for
 * state-changing requests.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string | undefined; isAllowedOrigin: OriginAllowList; csp?: CspExtras },
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
    // First, for every request (any method, known route or not): nothing later reads a Host it could not parse.
    if (!hasPlainHost(request)) {
      request.log.info({ host: request.headers.host }, 'request with an invalid Host refused');
      throw hostInvalid();
    }
    if (
      STATE_CHANGING.has(request.method) &&
      !(await isSameOriginRequest(request, options.isAllowedOrigin))
    ) {
      request.log.warn(
        { origin: request.headers.origin, referer: request.headers.referer },
        'cross-origin request refused',
      );
      throw forbidden();
    }
  });
}
