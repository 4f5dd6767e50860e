import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// The users' portal tokens at rest: AES-256-GCM with the key EXTERNAL_CREDENTIALS_KEY (32 bytes as 64 hex digits or
// base64), or — outside production — a key generated once and kept in app_settings (like the session secret).
// `v1:<iv b64>:<tag b64>:<ciphertext b64>`; a HMAC-SHA256 of the token with the same key finds a duplicate without
// decrypting. Nothing here logs or returns the token except `decrypt` (for the portal call only).

/** Where the generated key is kept (the settings repository's shape). */
export interface KeyStore {
  get(key: string): Promise<string | undefined>;
  insertIfMissing(key: string, value: string): Promise<void>;
}

/** The app_settings key of the generated credentials key. */
export const CREDENTIALS_KEY_SETTING = 'external_credentials_key';

const VERSION = 'v1';

/** Parses a configured key: 64 hex digits or base64 of exactly 32 bytes; anything else throws. */
export function parseCredentialsKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const bytes = Buffer.from(trimmed, 'base64');
  if (bytes.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return bytes;
  throw new Error('EXTERNAL_CREDENTIALS_KEY must be 32 bytes as 64 hex digits or base64');
}

/**
 * The credentials key: the configured one; else (outside production) the stored one, generated on first use.
 * Production without a configured key throws: tokens must not be encrypted with a key nobody set.
 */
export async function resolveCredentialsKey(
  repo: KeyStore,
  configured: string | undefined,
  production: boolean,
): Promise<Buffer> {
  if (configured) return parseCredentialsKey(configured);
  if (production) throw new Error('EXTERNAL_CREDENTIALS_KEY is required in production');
  const stored = await repo.get(CREDENTIALS_KEY_SETTING);
  if (stored) return parseCredentialsKey(stored);
  await repo.insertIfMissing(CREDENTIALS_KEY_SETTING, randomBytes(32).toString('hex'));
  const winner = await repo.get(CREDENTIALS_KEY_SETTING);
  if (!winner) throw new Error('could not store the credentials key');
  return parseCredentialsKey(winner);
}

/** Encrypts, decrypts and fingerprints tokens with one key. */
export interface CredentialsCrypto {
  encrypt(token: string): string;
  decrypt(stored: string): string;
  /** HMAC-SHA256 (hex) of the token: equal tokens give equal hashes. */
  hash(token: string): string;
}

/** The cipher of a 32-byte key. */
export function createCredentialsCrypto(key: Buffer): CredentialsCrypto {
  if (key.length !== 32) throw new Error('the credentials key must be 32 bytes');
  return {
    encrypt(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        iv.toString('base64'),
        tag.toString('base64'),
        ciphertext.toString('base64'),
      ].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, ciphertext] = stored.split(':');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('unknown credential format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
    hash(token) {
      return createHmac('sha256', key).update(token, 'utf8').digest('hex');
    },
  };
}
