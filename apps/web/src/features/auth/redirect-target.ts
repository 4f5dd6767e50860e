/** Where sign-in goes when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN = '/';

/**
 * The page to open after sign-in, from `?redirect=`: only a path on this site (never another origin, never
 * back to the auth pages).
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return value;
}

/** The sign-in URL that brings the user back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  const target = safeRedirectTarget(path);
  return target === DEFAULT_AFTER_SIGN_IN
    ? '/auth/login'
    : `/auth/login?redirect=${encodeURIComponent(target)}`;
}
