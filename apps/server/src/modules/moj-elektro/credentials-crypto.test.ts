import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCredentialsCrypto,
  CREDENTIALS_KEY_SETTING,
  parseCredentialsKey,
  resolveCredentialsKey,
} from './credentials-crypto.ts';

function memoryRepo() {
  const values = new Map<string, string>();
  return {
    values,
    get: async (key: string) => values.get(key),
    insertIfMissing: async (key: string, value: string) => {
      if (!values.has(key)) values.set(key, value);
    },
  };
}

describe('credentials crypto', () => {
  const key = randomBytes(32);
  const crypto = createCredentialsCrypto(key);

  it('round-trips a token and never stores it in clear', () => {
    const stored = crypto.encrypt('demo-moj-elektro-all');
    expect(stored).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(stored).not.toContain('demo-moj');
    expect(crypto.decrypt(stored)).toBe('demo-moj-elektro-all');
    expect(crypto.encrypt('demo-moj-elektro-all')).not.toBe(stored);
  });

  it('refuses a tampered ciphertext or another key', () => {
    const stored = crypto.encrypt('secret-token');
    const parts = stored.split(':');
    const bytes = Buffer.from(parts[3] ?? '', 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() =>
      crypto.decrypt([...parts.slice(0, 3), bytes.toString('base64')].join(':')),
    ).toThrow();
    expect(() => createCredentialsCrypto(randomBytes(32)).decrypt(stored)).toThrow();
  });

  it('hashes equal tokens equally and depends on the key', () => {
    expect(crypto.hash('a')).toBe(crypto.hash('a'));
    expect(crypto.hash('a')).not.toBe(crypto.hash('b'));
    expect(createCredentialsCrypto(randomBytes(32)).hash('a')).not.toBe(crypto.hash('a'));
  });

  it('parses hex and base64 keys and refuses others', () => {
    expect(parseCredentialsKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseCredentialsKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseCredentialsKey('short')).toThrow();
    expect(() => parseCredentialsKey(randomBytes(16).toString('hex'))).toThrow();
  });

  it('uses the configured key, else generates one key once outside production', async () => {
    const repo = memoryRepo();
    expect((await resolveCredentialsKey(repo, key.toString('hex'), true)).equals(key)).toBe(true);
    expect(repo.values.size).toBe(0);
    const first = await resolveCredentialsKey(repo, undefined, false);
    const second = await resolveCredentialsKey(repo, undefined, false);
    expect(first.equals(second)).toBe(true);
    expect(repo.values.get(CREDENTIALS_KEY_SETTING)).toBe(first.toString('hex'));
    await expect(resolveCredentialsKey(memoryRepo(), undefined, true)).rejects.toThrow(/required/);
  });
});
