import type { Config } from './config.ts';
import { isLoopbackAddress } from './modules/mail/mail.routes.ts';

/**
 * The lines the start banner adds after "ready": who can connect (HOST), and where the development mailbox is, that
 * it is for development and who may read it. Kept apart from server.ts so it can be tested without starting one.
 */
export function startNotes(
  config: Pick<Config, 'host' | 'devMailbox' | 'devMailboxOpen'>,
  origin: string,
): string[] {
  const notes: string[] = [];
  if (isLoopbackAddress(config.host) || config.host === 'localhost') {
    notes.push(
      `listening on ${config.host} only: other machines cannot connect (HOST=0.0.0.0 listens on all interfaces)`,
    );
  }
  if (config.devMailbox) {
    notes.push(
      `development mailbox (for development only, never in production): ${origin}/dev/mailbox — ` +
        (config.devMailboxOpen
          ? 'open to every request from this machine (DEV_MAILBOX=open)'
          : 'from this machine, signed in as a super admin (DEV_MAILBOX=open: without signing in)'),
    );
  }
  return notes;
}
