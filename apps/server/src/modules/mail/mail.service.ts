import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Log } from '../../logger.ts';
import type { TranslationsService } from '../translations/translations.service.ts';
import type { MailRepository, OutboxRecord } from './mail.repository.ts';
import { renderMail, type MailContent } from './mail.templates.ts';

/** A message to send: its content and the recipient's address. */
export interface OutgoingMail extends MailContent {
  to: string;
  /**
   * The company the message is sent on behalf of (e.g. a location invitation): when that company has a sender
   * e-mail, the message goes out from it and is DKIM-signed with the company's key.
   */
  companyId?: number;
}

/** A company's sender identity (company e-mail settings). */
export interface CompanySender {
  name: string | null;
  address: string;
  /** nodemailer's DKIM options: the sender domain, the selector and the private key (PKCS#8 PEM). */
  dkim: { domainName: string; keySelector: string; privateKey: string };
}

/** Looks up the sender of a company (null when it has none). */
export type CompanySenders = (companyId: number) => Promise<CompanySender | null>;

/** `Name <address>` for the outbox and the log (the name quoted when it has specials). */
function formatSender(sender: CompanySender): string {
  if (!sender.name) return sender.address;
  const name = /[^\w .-]/u.test(sender.name) ? JSON.stringify(sender.name) : sender.name;
  return `${name} <${sender.address}>`;
}

/** The queue that delivers mail (docs/decisions/0015). */
export const MAIL_QUEUE = 'mail.send';

/**
 * Retries of a message the SMTP server refused or could not be reached for: 30 s, then doubling (with jitter) up to
 * an hour between tries; after 10 retries (about 4 to 5 hours in all) it lands in the dead-letter list, where super
 * admins see it (GET /api/admin/jobs/failed) for 14 days.
 */
export const MAIL_RETRY = { retryLimit: 10, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600 };

/** A queued message as stored in the job's JSON payload (the site's dates become text). */
type MailPayload = Omit<OutgoingMail, 'site'> & {
  site: Omit<OutgoingMail['site'], 'createdAt' | 'updatedAt'> & {
    createdAt: string;
    updatedAt: string;
  };
};

function toPayload(mail: OutgoingMail): MailPayload {
  return {
    ...mail,
    site: {
      ...mail.site,
      createdAt: mail.site.createdAt.toISOString(),
      updatedAt: mail.site.updatedAt.toISOString(),
    },
  };
}

function fromPayload(payload: MailPayload): OutgoingMail {
  return {
    ...payload,
    site: {
      ...payload.site,
      createdAt: new Date(payload.site.createdAt),
      updatedAt: new Date(payload.site.updatedAt),
    },
  };
}

/** Messages the development mailbox lists at most. */
const MAILBOX_LIMIT = 100;

/** Absolute http(s) links in a text, in order, without duplicates. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/**
 * Outgoing mail. With SMTP_URL, nodemailer delivers over SMTP; without it, messages go to the `mail_outbox` table
 * and the log (the development mailbox reads them; docs/decisions/0011). `send` stores the message as a job in the
 * database queue (so it survives a restart and is retried with back-off; docs/decisions/0015) without making the
 * request wait, so answer times do not tell whether an account exists; a worker delivers it. `idle()` delivers
 * what is queued (tests).
 */
export function createMailService(options: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'devMailbox'>;
  repo: MailRepository;
  translations: TranslationsService;
  log: Log;
  /** Company senders for mail with a `companyId`; without it such mail goes out like any other. */
  senders?: CompanySenders;
  /** The job queue that stores and delivers `send`'s messages. */
  jobs: JobQueue;
}) {
  const { config, repo, translations, log, senders, jobs } = options;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  /** Sends under way: `sendNow`'s deliveries and `send`'s enqueues. */
  const pending = new Set<Promise<void>>();
  /** The last enqueue of `send`, which the next one waits for. */
  let queued: Promise<void> = Promise.resolve();

  async function deliver(mail: OutgoingMail): Promise<void> {
    const rendered = renderMail(mail, {
      locale: translations.catalogFor(mail.site, mail.locale).catalog,
      fallback: translations.catalogFor(mail.site, 'en').catalog,
    });
    const sender = mail.companyId !== undefined && senders ? await senders(mail.companyId) : null;
    if (transport) {
      const info = await transport.sendMail({
        // nodemailer also takes the envelope sender from here, so SPF is checked against the company's domain.
        from: sender ? { name: sender.name ?? '', address: sender.address } : config.mailFrom,
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(sender ? { dkim: sender.dkim } : {}),
      });
      log.info({ kind: mail.kind, to: mail.to, messageId: info.messageId }, 'mail sent');
    }
    if (!transport || config.devMailbox) {
      const id = await repo.insert({
        kind: mail.kind,
        fromAddress: sender ? formatSender(sender) : config.mailFrom,
        toAddress: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
      // The link carries a one-time token: only log it where the mailbox is meant to be read (development).
      log.info(
        {
          kind: mail.kind,
          to: mail.to,
          outboxId: id,
          ...(config.devMailbox && mail.actionUrl ? { link: mail.actionUrl } : {}),
        },
        transport
          ? 'mail copied to the development mailbox'
          : 'mail stored in the outbox (no SMTP_URL)',
      );
    }
  }

  jobs.define<MailPayload>({
    name: MAIL_QUEUE,
    ...MAIL_RETRY,
    retryBackoff: true,
    // A stuck SMTP conversation counts as a failure (and is retried) after 2 minutes.
    expireInSeconds: 120,
    keepDays: 14,
    handler: async (payload, job) => {
      const mail = fromPayload(payload);
      try {
        await deliver(mail);
      } catch (error) {
        log.error(
          { err: error, kind: mail.kind, to: mail.to, jobId: job.id, retryCount: job.retryCount },
          'mail could not be sent (will be retried while retries remain)',
        );
        throw error;
      }
    },
  });

  async function settlePending(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  /** Adds work to `pending` until it settles; `idle()` and `close()` wait for it. */
  function track(work: Promise<void>): Promise<void> {
    const settled = work.catch(() => undefined);
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
    return work;
  }

  return {
    /**
     * Queues a message: stores it as a job (a worker delivers it, retrying with back-off) without making the caller
     * wait; a failure to store it is logged, never thrown at the caller.
     */
    send(mail: OutgoingMail): void {
      // One enqueue after the other, so this instance's messages are queued (and go out) in the order sent.
      const enqueue = queued.then(() => jobs.send(MAIL_QUEUE, toPayload(mail)));
      queued = enqueue.then(
        () => undefined,
        () => undefined,
      );
      track(
        enqueue.then(
          () => undefined,
          (error: unknown) => {
            log.error({ err: error, kind: mail.kind, to: mail.to }, 'mail could not be queued');
          },
        ),
      ).catch(() => undefined);
    },

    /**
     * Sends a message and waits until it was handed over (to the SMTP server or the outbox); rejects when that
     * failed (logged as well). For mail whose sender must learn that it did not go out (location invitations):
     * unlike `send`, the answer time depends on the mail server. Not queued: the sender learns of the failure at
     * once and may try again.
     */
    sendNow(mail: OutgoingMail): Promise<void> {
      return track(
        deliver(mail).catch((error: unknown) => {
          log.error({ err: error, kind: mail.kind, to: mail.to }, 'mail could not be sent');
          throw error;
        }),
      );
    },

    /**
     * Resolves when every queued message that is due was handed over here (to the SMTP server or the outbox) or
     * failed (then it waits for its retry). For tests: it runs the queue itself, workers or not.
     */
    async idle(): Promise<void> {
      await settlePending();
      await jobs.drain(MAIL_QUEUE);
      await settlePending();
    },

    /**
     * Waits until messages being queued are stored and `sendNow` deliveries ended, then closes the SMTP connection
     * pool. Stop the job queue first, so no worker is still delivering.
     */
    async close(): Promise<void> {
      await settlePending();
      transport?.close();
    },

    /** The development mailbox (GET /api/dev/mailbox); `enabled` false answers 404. */
    mailbox: {
      enabled: config.devMailbox,
      list(): Promise<OutboxRecord[]> {
        return repo.list(MAILBOX_LIMIT);
      },
      get(id: number): Promise<OutboxRecord | undefined> {
        return repo.get(id);
      },
    },
  };
}

/** The mail service's interface. */
export type MailService = ReturnType<typeof createMailService>;
