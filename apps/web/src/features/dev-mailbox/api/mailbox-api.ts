import { queryOptions } from '@tanstack/react-query';
import type { RouteData, routes as contractRoutes } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';

/** A message in the list (to, subject, kind, date). */
export type MailboxEntry = RouteData<typeof contractRoutes.dev.mailbox>['messages'][number];
/** One message with its sender, text, HTML and links (the verification or reset link first). */
export type MailboxMessage = RouteData<typeof contractRoutes.dev.mailboxMessage>['message'];

const mailboxKey = ['dev', 'mailbox'] as const;

/**
 * The development mailbox's messages, newest first (GET /api/dev/mailbox). A 404 means the mailbox is off (always
 * in production) or not for this request (another machine, or not a signed-in super admin), so it is not retried.
 */
export function mailboxQueryOptions() {
  return queryOptions({
    queryKey: mailboxKey,
    queryFn: async ({ signal }) => (await api(routes.dev.mailbox, { signal })).messages,
    retry: false,
  });
}

/** One message of the development mailbox (GET /api/dev/mailbox/:id). Messages never change once sent. */
export function mailboxMessageQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...mailboxKey, id] as const,
    queryFn: async ({ signal }) =>
      (await api(routes.dev.mailboxMessage, { params: { id: String(id) }, signal })).message,
    staleTime: Infinity,
    retry: false,
  });
}
