import { readStored, STORAGE_KEYS, writeStored } from '../../shared/storage/storage.ts';

/**
 * The site identifier for this visit: `?identifier=` from the URL when present (and then remembered for the
 * browser session, so links and reloads without it keep the branding), else the remembered one, else none
 * (the server resolves the site by host, then its default).
 */
export function resolveSiteIdentifier(url: URL): string | undefined {
  const fromUrl = url.searchParams.get('identifier')?.trim();
  if (fromUrl) {
    writeStored('session', STORAGE_KEYS.siteIdentifier, fromUrl);
    return fromUrl;
  }
  return readStored('session', STORAGE_KEYS.siteIdentifier) ?? undefined;
}
