import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost: 19 MiB memory, 2 passes, 1 lane — the OWASP
 * minimum recommendation. `salt` is for the deterministic demo seed only; real passwords get a random salt.
 */
export function hashPassword(
  password: string,
  options: { salt?: Uint8Array } = {},
): Promise<string> {
  return hash(password, options.salt ? { salt: options.salt } : {});
}

/** Whether `password` matches the PHC string; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
