/**
 * Controller credentials at MQTT CONNECT: user name = unit ID, password = the controller's secret (base64url of 32
 * random bytes, shown once). The database keeps only `controllers.secret_hash` = SHA-256 hex of the secret's UTF-8
 * text; a fast hash is enough for a 256-bit random secret (see the column's comment).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { controllers, eq, type Db } from '@ec/db';

/** SHA-256 hex of a secret's UTF-8 text: what `controllers.secret_hash` holds. */
export function hashControllerSecret(secret: string | Buffer): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new controller secret: 32 random bytes, base64url (43 characters). */
export function generateControllerSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Looks up a controller's secret hash by unit ID: undefined for an unknown unit, null when no secret was issued. */
export type SecretHashLookup = (unitId: string) => Promise<string | null | undefined>;

/** The lookup on the controllers table. */
export function secretHashFromDb(db: Db): SecretHashLookup {
  return async (unitId) => {
    const [row] = await db
      .select({ secretHash: controllers.secretHash })
      .from(controllers)
      .where(eq(controllers.unitId, unitId))
      .limit(1);
    return row ? row.secretHash : undefined;
  };
}

// Compared when there is nothing to compare with, so an unknown unit ID costs the same as a wrong secret.
const DUMMY_HASH = Buffer.from(hashControllerSecret('no controller has this secret'), 'utf8');

export interface ControllerAuthOptions {
  /** How long a lookup is reused (ms, default 10,000); rotation invalidates at once on this instance. */
  cacheMs?: number;
  /** Most cached unit IDs (default 100,000); the oldest are dropped first. */
  cacheSize?: number;
  now?: () => number;
}

/**
 * Checks controller credentials with a short-lived cache of the hash lookups (a fleet reconnecting after a broker
 * restart would otherwise be one query per CONNECT). {@link ControllerAuth.invalidate} drops a unit's entry after a
 * rotation.
 */
export function createControllerAuth(
  lookup: SecretHashLookup,
  options: ControllerAuthOptions = {},
) {
  const cacheMs = options.cacheMs ?? 10_000;
  const cacheSize = options.cacheSize ?? 100_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { hash: string | null; expires: number }>();

  async function hashOf(unitId: string): Promise<string | null> {
    const hit = cache.get(unitId);
    if (hit && hit.expires > now()) return hit.hash;
    const hash = (await lookup(unitId)) ?? null;
    cache.delete(unitId);
    if (cache.size >= cacheSize) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    if (cacheMs > 0) cache.set(unitId, { hash, expires: now() + cacheMs });
    return hash;
  }

  return {
    /** Whether `password` is the current secret of the controller `unitId` (timing-safe). */
    async verify(unitId: string, password: Buffer | string | undefined): Promise<boolean> {
      if (password === undefined || password.length === 0 || password.length > 256) return false;
      const stored = await hashOf(unitId);
      const given = Buffer.from(hashControllerSecret(password), 'utf8');
      const expected =
        stored !== null && /^[0-9a-f]{64}$/.test(stored) ? Buffer.from(stored, 'utf8') : null;
      const equal = timingSafeEqual(given, expected ?? DUMMY_HASH);
      return expected !== null && equal;
    },
    /** Forgets the cached hash of a unit (after its secret was rotated). */
    invalidate(unitId: string): void {
      cache.delete(unitId);
    },
  };
}

export type ControllerAuth = ReturnType<typeof createControllerAuth>;
