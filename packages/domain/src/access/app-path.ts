/** An in-app path split for matching, and its normalised form for redirects. */
export type AppPath = {
  /** Decoded, lower-cased, non-empty path segments: `/Admin/search/` → `['admin', 'search']`. */
  readonly segments: readonly string[];
  /** The normalised path with its query and hash, safe to send the browser back to: `/admin/search?q=1`. */
  readonly target: string;
};

// Any origin works: it only anchors relative resolution and is compared, never contacted.
const BASE = 'http://app.invalid';

/**
 * Parses an in-app path such as `/locations/5/charts?range=day`. Dot segments are resolved (`/auth/../overview`
 * is `/overview`), so a path cannot look public while it opens a guarded page. Anything that resolves to another
 * origin (`//evil.example`, `https://…`) or does not parse is treated as `/`. Segments are decoded and
 * lower-cased because the web router matches paths case-insensitively.
 */
export function parseAppPath(path: string): AppPath {
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return { segments: [], target: '/' };
  }
  if (url.origin !== BASE) return { segments: [], target: '/' };
  const segments = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeDecode(segment).toLowerCase());
  return { segments, target: `${url.pathname}${url.search}${url.hash}` };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether `pattern` matches the segments: `/a/b` matches exactly that path, `/a/b/*` matches it and everything
 * below it. Patterns are literal and lower-case; access never depends on ids, so they need no parameters.
 */
export function matchesPattern(pattern: string, segments: readonly string[]): boolean {
  const subtree = pattern.endsWith('/*');
  const base = (subtree ? pattern.slice(0, -2) : pattern).split('/').filter((s) => s !== '');
  if (subtree ? segments.length < base.length : segments.length !== base.length) return false;
  return base.every((segment, i) => segments[i] === segment);
}

/** How specific a pattern is: more segments first, and an exact pattern before a subtree of the same depth. */
export function patternSpecificity(pattern: string): number {
  const subtree = pattern.endsWith('/*');
  const depth = (subtree ? pattern.slice(0, -2) : pattern)
    .split('/')
    .filter((s) => s !== '').length;
  return depth * 2 + (subtree ? 0 : 1);
}

/** Whether `value` is an absolute path on this site (`/x`; not `//host`, `/\host` or `https://…`). */
export function isInAppPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
  );
}
