import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
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

/** Messages the development mailbox lists at most. */
const MAILBOX_LIMIT = 100;

/** Absolute http(s) links in a text, in order, without duplicates. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/**
 * Outgoing mail. With SMTP_URL, nodemailer delivers over SMTP; without it, messages go to the `mail_outbox` table
 * and the log (the development mailbox reads them; docs/decisions/0011). Sending is not awaited by the request that
 * causes it, so answer times do not tell whether an account exists; `idle()` waits for messages under way.
 */
export function createMailService(options: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'devMailbox'>;
  repo: MailRepository;
  translations: TranslationsService;
  log: Log;
  /** Company senders for mail with a `companyId`; without it such mail goes out like any other. */
  senders?: CompanySenders;
}) {
  const { config, repo, translations, log, senders } = options;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

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

  async function idle(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  /** Delivers a message, logging a failure; `idle()` and `close()` wait for it too. */
  function track(mail: OutgoingMail): Promise<void> {
    const job = deliver(mail).catch((error: unknown) => {
      log.error({ err: error, kind: mail.kind, to: mail.to }, 'mail could not be sent');
      throw error;
    });
    const settled = job.catch(() => undefined);
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
    return job;
  }

  return {
    /** Queues a message; failures are logged, never thrown at the caller. */
    send(mail: OutgoingMail): void {
      track(mail).catch(() => undefined);
    },

    /**
     * Sends a message and waits until it was handed over (to the SMTP server or the outbox); rejects when that
     * failed (logged as well). For mail whose sender must learn that it did not go out (location invitations):
     * unlike `send`, the answer time depends on the mail server.
     */
    sendNow(mail: OutgoingMail): Promise<void> {
      return track(mail);
    },

    /** Resolves when every queued message was handed over (or failed). */
    idle,

    /** Waits for queued messages and closes the SMTP connection pool. */
    async close(): Promise<void> {
      await idle();
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
