import type { MailDnsRecordKind, MailDnsRecordStatus } from '@ec/contract';

// The SPF, DKIM and DMARC records a company publishes, and how a DNS answer is judged against them. Pure: the
// service does the lookups.

/** A record the company must publish. */
export interface ExpectedRecord {
  kind: MailDnsRecordKind;
  host: string;
  value: string;
}

/** What a lookup of one name gave: the TXT records (parts joined), or why there are none. */
export type TxtLookup =
  | { ok: true; records: string[] }
  /** `missing`: the name does not exist or has no TXT records; `error`: the lookup failed (timeout, SERVFAIL…). */
  | { ok: false; reason: 'missing' | 'error'; code: string };

/** The verdict on one record. */
export interface RecordVerdict {
  status: Exclude<MailDnsRecordStatus, 'unchecked'>;
  found: string[];
}

/** The DNS domain of a sender address (lower case). */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** `ec<yyyymm>` (UTC): a selector that tells when the key was made, so a rotated key gets a new name. */
export function dkimSelectorFor(now: Date): string {
  return `ec${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The three records for a sender domain.
 * - SPF at the domain: `v=spf1 include:<spfInclude> ~all`. The platform's mail leaves with the company address as
 *   envelope sender, so receivers check SPF against the company domain; including the platform's SPF domain
 *   authorises its servers without copying their addresses (they may change). `~all` (soft fail), because the
 *   company usually sends from other servers too: a domain that already has an SPF record adds the include there
 *   (a domain may have only one).
 * - DKIM at `<selector>._domainkey.<domain>`: the public key of the company's pair.
 * - DMARC at `_dmarc.<domain>`: quarantine what fails both, aggregate reports to the sender address (same domain,
 *   so no external-report authorisation is needed).
 */
export function expectedRecords(input: {
  domain: string;
  senderEmail: string;
  selector: string;
  publicKey: string;
  spfInclude: string;
}): ExpectedRecord[] {
  const { domain, senderEmail, selector, publicKey, spfInclude } = input;
  return [
    { kind: 'SPF', host: domain, value: `v=spf1 include:${spfInclude} ~all` },
    {
      kind: 'DKIM',
      host: `${selector}._domainkey.${domain}`,
      value: `v=DKIM1; k=rsa; p=${publicKey}`,
    },
    {
      kind: 'DMARC',
      host: `_dmarc.${domain}`,
      value: `v=DMARC1; p=quarantine; rua=mailto:${senderEmail}`,
    },
  ];
}

/** `tag=value` pairs of a DKIM or DMARC record (RFC 6376 §3.2), tag names in lower case. */
export function tagList(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    if (!tags.has(name)) tags.set(name, part.slice(eq + 1).trim());
  }
  return tags;
}

const isSpf = (record: string) => /^v=spf1(\s|$)/i.test(record.trim());
const isDmarc = (record: string) => /^v=DMARC1\s*(;|$)/i.test(record.trim());

/** Whether an SPF record names `include:<domain>` among its terms (qualifier `+` allowed). */
function spfIncludes(record: string, domain: string): boolean {
  const wanted = `include:${domain.toLowerCase()}`;
  return record
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .some((term) => term === wanted || term === `+${wanted}`);
}

/**
 * Judges a lookup against what must be published.
 * - SPF: ok when the domain has exactly one `v=spf1` record and it includes the platform's SPF domain; mismatch
 *   when it lacks the include or there are several (receivers treat that as a permanent error); `found` lists the
 *   SPF records only (a domain apex carries unrelated TXT records too).
 * - DKIM: ok when a record's `p=` (whitespace removed) is our public key; mismatch when the name has TXT records
 *   but none with our key (an old or foreign key).
 * - DMARC: ok when a `v=DMARC1` record exists (the company's own policy is its choice); mismatch when the name
 *   has only other TXT records.
 */
export function judge(expected: ExpectedRecord, lookup: TxtLookup): RecordVerdict {
  if (!lookup.ok) return { status: lookup.reason, found: [] };
  const { records } = lookup;
  switch (expected.kind) {
    case 'SPF': {
      const spf = records.filter(isSpf);
      if (spf.length === 0) return { status: 'missing', found: [] };
      const include = expected.value.split(/\s+/)[1]?.slice('include:'.length) ?? '';
      const ok = spf.length === 1 && spfIncludes(spf[0] as string, include);
      return { status: ok ? 'ok' : 'mismatch', found: spf };
    }
    case 'DKIM': {
      if (records.length === 0) return { status: 'missing', found: [] };
      const ours = tagList(expected.value).get('p');
      const ok = records.some((record) => {
        const tags = tagList(record);
        return tags.get('p')?.replace(/\s+/g, '') === ours;
      });
      return { status: ok ? 'ok' : 'mismatch', found: records };
    }
    case 'DMARC': {
      if (records.length === 0) return { status: 'missing', found: [] };
      return { status: records.some(isDmarc) ? 'ok' : 'mismatch', found: records };
    }
  }
}
