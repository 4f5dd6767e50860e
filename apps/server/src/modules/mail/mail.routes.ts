import type { devRoutes } from '@ec/contract';
import { notFound } from '../../errors.ts';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { OutboxRecord } from './mail.repository.ts';
import { linksIn, type MailService } from './mail.service.ts';

const entry = (row: OutboxRecord) => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
});

/** Handlers of the development mailbox; 404 whenever it is disabled (always in production). */
export function devHandlers(mail: MailService): GroupHandlers<typeof devRoutes> {
  return {
    async mailbox({ reply }) {
      if (!mail.mailbox.enabled) throw notFound();
      reply.header('cache-control', 'no-store');
      return { messages: (await mail.mailbox.list()).map(entry) };
    },

    async mailboxMessage({ params, reply }) {
      if (!mail.mailbox.enabled) throw notFound();
      const row = await mail.mailbox.get(Number(params.id));
      if (!row) throw notFound();
      reply.header('cache-control', 'no-store');
      return {
        message: {
          ...entry(row),
          from: row.fromAddress,
          text: row.text,
          html: row.html,
          links: linksIn(row.text),
        },
      };
    },
  };
}
