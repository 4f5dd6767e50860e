import { z } from 'zod';
import { EMAIL_MAX, entityNameSchema, idParams, isoDateTime } from './common.ts';
import { defineRoute } from './http.ts';

// Company e-mail settings (issue 4): the sender a company's mail goes out with, and the SPF, DKIM and DMARC
// records its domain must publish so that receivers accept that mail. The server owns the DKIM key pair (one per
// company) and checks the published records through DNS on request.

/** The kinds of DNS records a company publishes for its mail. */
export const MAIL_DNS_RECORD_KINDS = ['SPF', 'DKIM', 'DMARC'] as const;
/** One of {@link MAIL_DNS_RECORD_KINDS}. */
export type MailDnsRecordKind = (typeof MAIL_DNS_RECORD_KINDS)[number];

/**
 * The outcome of checking one record: `unchecked` (no check since the settings changed), `ok` (published as
 * required), `missing` (no such record: the name does not exist or has no matching TXT record), `mismatch` (a
 * record of that kind exists but does not say what it must, e.g. another DKIM key), `error` (the DNS lookup
 * itself failed: timeout, server failure; try again later).
 */
export const MAIL_DNS_RECORD_STATUSES = [
  'unchecked',
  'ok',
  'missing',
  'mismatch',
  'error',
] as const;
/** One of {@link MAIL_DNS_RECORD_STATUSES}. */
export type MailDnsRecordStatus = (typeof MAIL_DNS_RECORD_STATUSES)[number];

/** A DNS record to publish, with what the last check found. */
export const mailDnsRecordSchema = z
  .object({
    kind: z.enum(MAIL_DNS_RECORD_KINDS),
    /** The fully qualified name the record lives at (e.g. `ec202501._domainkey.example.com`). */
    host: z.string(),
    type: z.literal('TXT'),
    /** The record text to publish (one string; DNS tools split it into 255-character parts). */
    value: z.string(),
    status: z.enum(MAIL_DNS_RECORD_STATUSES),
    /** The TXT records of this kind found at `host` by the last check (parts joined). */
    found: z.array(z.string()),
  })
  .meta({ id: 'MailDnsRecord' });
/** A DNS record to publish. */
export type MailDnsRecord = z.infer<typeof mailDnsRecordSchema>;

/**
 * A company's e-mail settings. `domain` is the domain of `senderEmail` (null, and `records` empty, until a sender
 * e-mail is set). `checkedAt` is the time of the last DNS check (null when never checked since the domain changed).
 */
export const companyEmailSettingsSchema = z
  .object({
    senderName: z.string().nullable(),
    senderEmail: z.string().nullable(),
    domain: z.string().nullable(),
    /** The DKIM selector of the company's key (e.g. `ec202501`). */
    dkimSelector: z.string(),
    records: z.array(mailDnsRecordSchema),
    checkedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'CompanyEmailSettings' });
/** A company's e-mail settings. */
export type CompanyEmailSettings = z.infer<typeof companyEmailSettingsSchema>;

/**
 * The e-mail settings form. Both fields may be cleared (null): the company's mail then goes out with the site's
 * sender. A sender name without a sender e-mail is kept but not used.
 */
export const companyEmailSettingsFormSchema = z.strictObject({
  senderName: entityNameSchema.nullable(),
  senderEmail: z.email().max(EMAIL_MAX).nullable(),
});
/** The e-mail settings form values. */
export type CompanyEmailSettingsForm = z.input<typeof companyEmailSettingsFormSchema>;

/** `:id` of a company. */
const companyIdParams = idParams;

/** Company e-mail settings (aggregator of the company and super admins). */
export const companyEmailRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/companies/:id/email-settings',
    summary:
      "The company's sender and the SPF, DKIM and DMARC records to publish, with the last check's result. The " +
      'first call creates the DKIM key pair. Needs manage on the company like changing them (403 with view only, ' +
      '404 for companies the actor cannot see)',
    tags: ['companies'],
    access: { kind: 'session' },
    params: companyIdParams,
    data: z.object({ settings: companyEmailSettingsSchema }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/companies/:id/email-settings',
    summary:
      "Set the company's sender name and e-mail (null clears); needs manage (403 with view only). A new sender " +
      'domain resets the check results',
    tags: ['companies'],
    access: { kind: 'session' },
    params: companyIdParams,
    body: z.strictObject({ data: companyEmailSettingsFormSchema }),
    data: z.object({ settings: companyEmailSettingsSchema }),
  }),
  check: defineRoute({
    method: 'POST',
    path: '/companies/:id/email-settings/check',
    summary:
      'Look up the SPF, DKIM and DMARC records of the sender domain in DNS and store the result (DNS failures are ' +
      'statuses, not errors). 422 RULE_BROKEN company_email.no_sender when no sender e-mail is set',
    tags: ['companies'],
    access: { kind: 'session' },
    params: companyIdParams,
    data: z.object({ settings: companyEmailSettingsSchema }),
  }),
} as const;
