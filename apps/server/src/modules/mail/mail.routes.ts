import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { devRoutes } from '@ec/contract';
import { notFound } from '../../errors.ts';
import type { Authenticate, GroupHandlers } from '../../plugins/contract-routes.ts';
import { realUser } from '../auth/auth.service.ts';
import type { OutboxRecord } from './mail.repository.ts';
import { linksIn, type MailService } from './mail.service.ts';

const entry = (row: OutboxRecord) => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
});

/** The mailbox's routes as Fastify knows them (HEAD shares GET's). */
const MAILBOX_ROUTES = new Set(['/api/dev/mailbox', '/api/dev/mailbox/:id']);

/** Headers a proxy adds: a request that carries one was relayed, so its socket says nothing about the client. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** Whether a socket address is the loopback interface: 127.0.0.0/8, ::1, or ::ffff:127.x.x.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const lower = address.toLowerCase();
  const v4 = lower.startsWith('::ffff:') ? lower.slice(7) : lower;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(lower) && /^(?:0{0,4}:){1,7}0{0,3}1$|^::1$/.test(lower);
}

/** What the development mailbox's gate needs from the configuration and the session. */
export interface DevMailboxAccess {
  /** The mailbox is on (DEV_MAILBOX; never in production). */
  enabled: boolean;
  /** DEV_MAILBOX=open: no session needed (loopback still required). */
  open: boolean;
  authenticate: Authenticate;
}

/**
 * Whether a request may read the development mailbox (docs/decisions/0011): the mailbox is on; the request came
 * over the loopback interface — the socket's own address, never request.ip (which TRUST_PROXY derives from
 * X-Forwarded-For) nor any header — and was not relayed by a proxy; and the signed-in person (the impersonator while
 * impersonating) is a super admin, unless DEV_MAILBOX=open.
 */
export async function mayReadDevMailbox(
  request: FastifyRequest,
  reply: FastifyReply,
  access: DevMailboxAccess,
): Promise<boolean> {
  if (!access.enabled) return false;
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  if (access.open) return true;
  const actor = await access.authenticate(request, reply);
  return actor !== null && realUser(actor).role === 'ROLE_SUPER_ADMIN';
}

/**
 * Guards the mailbox's routes before validation, so every refused request gets exactly the answer of an unknown
 * route (404 NOT_FOUND), whatever its path parameter or query. Register after the cookie plugin.
 */
export function registerDevMailboxGuard(app: FastifyInstance, access: DevMailboxAccess): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!MAILBOX_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (!(await mayReadDevMailbox(request, reply, access))) throw notFound();
  });
}

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
