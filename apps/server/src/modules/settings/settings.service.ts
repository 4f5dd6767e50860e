import { randomBytes } from 'node:crypto';
import type { SettingsRepository } from './settings.repository.ts';

/** The app_settings key of the generated session secret. */
export const SESSION_SECRET_KEY = 'session_secret';

/**
 * The session secret: SESSION_SECRET when configured, else the one stored in app_settings, generated (256 random
 * bits) on first start. Every instance sharing the database reads the same value.
 */
export async function resolveSessionSecret(
  repo: SettingsRepository,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const stored = await repo.get(SESSION_SECRET_KEY);
  if (stored) return stored;
  await repo.insertIfMissing(SESSION_SECRET_KEY, randomBytes(32).toString('base64url'));
  const winner = await repo.get(SESSION_SECRET_KEY);
  if (!winner) throw new Error('could not store the session secret');
  return winner;
}
