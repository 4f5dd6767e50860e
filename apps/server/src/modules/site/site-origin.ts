import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../../config.ts';

/** A Host header (or X-Forwarded-Host) split into its parts; `hostname` is lower case, IPv6 in brackets. */
export interface PlainHost {
  hostname: string;
  port: number | null;
}

/** One DNS label: letters, digits, hyphens inside, underscores (service labels); 1–63 characters. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** WHATWG URL reads a host whose last label is a number (decimal or 0x…) as an IPv4 address. */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/i;

/** The Vite dev server (`npm run dev -w @ec/web`) proxies /api with the browser's Origin. */
const VITE_DEV_PORT = 5173;

/**
 * Parses a plain `host[:port]`: a DNS name or IPv4 address, or a bracketed IPv6 literal, optionally followed by a
 * port 1–65535 without leading zeros. Anything else — user info (`a@b`), a path, spaces, a trailing dot
 * (`localhost.`), an empty label, an IPv4 address in another notation (`127.1`, `0x7f.1`), a zone id (`[fe80::1%1]`),
 * non-ASCII — gives null. A Host header may carry nothing else (RFC 9110 §7.2, RFC 3986 §3.2.2).
 *
 * A trailing dot is refused rather than normalised: the same name with and without it are different origins to a
 * browser (its cookies and the CSRF check's Origin differ), so accepting it would serve a half-working site.
 */
export function parsePlainHost(value: string): PlainHost | null {
  if (value.length === 0 || value.length > 262) return null;
  let hostname: string;
  let portText: string | undefined;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    const literal = value.slice(1, end);
    if (literal.includes('%') || !isIPv6(literal)) return null;
    hostname = `[${literal.toLowerCase()}]`;
    const rest = value.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return null;
    portText = rest === '' ? undefined : rest.slice(1);
  } else {
    const colon = value.indexOf(':');
    const name = colon < 0 ? value : value.slice(0, colon);
    if (!isDnsNameOrIpv4(name)) return null;
    hostname = name.toLowerCase();
    portText = colon < 0 ? undefined : value.slice(colon + 1);
  }
  if (portText === undefined) return { hostname, port: null };
  if (!/^[1-9]\d{0,4}$/.test(portText) || Number(portText) > 65_535) return null;
  return { hostname, port: Number(portText) };
}

function isDnsNameOrIpv4(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  const last = labels[labels.length - 1] ?? '';
  return NUMERIC_LABEL.test(last) ? isIPv4(name) : true;
}

/** What the origins depend on: PUBLIC_URL, PORT and whether this is production. */
export type OriginConfig = Pick<Config, 'publicUrl' | 'port' | 'nodeEnv'>;

/**
 * A site host's configured origin (docs/decisions/0013): the host with PUBLIC_URL's scheme and port when PUBLIC_URL
 * is set (every site is served behind the same proxy), else `http` and PORT (development). Null for a stored host
 * that is not a plain host name, so a bad row can never produce an odd link.
 */
export function siteHostOrigin(host: string, config: OriginConfig): string | null {
  const parsed = parsePlainHost(host);
  if (!parsed || parsed.port !== null) return null;
  const base = config.publicUrl ? new URL(config.publicUrl) : null;
  const url = new URL(`${base ? base.protocol : 'http:'}//${parsed.hostname}`);
  url.port = base ? base.port : String(config.port);
  return url.origin;
}

/** The origin of links when the request's host is no site host: PUBLIC_URL, else http://localhost:<PORT>. */
export function fallbackOrigin(config: OriginConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL('http://localhost');
  url.port = String(config.port);
  return url.origin;
}

/**
 * Origins a browser may send state-changing requests from besides the sites' own (docs/decisions/0004): PUBLIC_URL;
 * in development without PUBLIC_URL also the server at localhost and 127.0.0.1 on PORT, and the Vite dev server.
 */
export function extraAllowedOrigins(config: OriginConfig): string[] {
  if (config.publicUrl) return [config.publicUrl];
  if (config.nodeEnv === 'production') return [];
  const origins: string[] = [];
  for (const host of ['localhost', '127.0.0.1']) {
    for (const port of [config.port, VITE_DEV_PORT]) {
      const url = new URL(`http://${host}`);
      url.port = String(port);
      origins.push(url.origin);
    }
  }
  return origins;
}

/**
 * The origin part of an Origin header or Referer (`scheme://host[:port]`, default port dropped, lower case), or
 * null for an opaque origin (`null`), a non-http(s) scheme or something unreadable.
 */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}

/** The site hosts as the allowed-origin check needs them (the site service's cached list). */
export interface SiteHosts {
  allHosts(): Promise<readonly string[]>;
}

/**
 * Whether a browser origin is one of ours: PUBLIC_URL, a site host's configured origin, or (development) the local
 * server and the Vite dev server. Never derived from the request's Host header. The site hosts come from the site
 * service's cache, so the check costs a query at most once per cache window.
 */
export function createOriginAllowList(config: OriginConfig, sites: SiteHosts) {
  const extra = new Set(extraAllowedOrigins(config));
  let cachedHosts: readonly string[] | null = null;
  let cachedOrigins = new Set<string>();
  return async (origin: string): Promise<boolean> => {
    const normalised = normaliseOrigin(origin);
    if (normalised === null) return false;
    if (extra.has(normalised)) return true;
    const hosts = await sites.allHosts();
    if (hosts !== cachedHosts) {
      cachedOrigins = new Set(
        hosts.flatMap((host) => {
          const siteOrigin = siteHostOrigin(host, config);
          return siteOrigin ? [siteOrigin] : [];
        }),
      );
      cachedHosts = hosts;
    }
    return cachedOrigins.has(normalised);
  };
}

/** Answers whether a browser origin is one of ours. */
export type OriginAllowList = ReturnType<typeof createOriginAllowList>;
