import { generateKeyPair } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import type { CompanyEmailSettings, MailDnsRecordStatus } from '@ec/contract';
import type { Config } from '../../config.ts';
import { ruleBroken } from '../../errors.ts';
import type { CompanySender } from '../mail/mail.service.ts';
import type { AccessActor, OrgAccess } from '../org/org-access.ts';
import type {
  CompanyEmailRepository,
  CompanyMailSettingsRecord,
  StoredDnsCheck,
} from './company-email.repository.ts';
import {
  dkimSelectorFor,
  domainOf,
  expectedRecords,
  judge,
  type ExpectedRecord,
  type TxtLookup,
} from './company-email.records.ts';

const generateRsaKeyPair = promisify(generateKeyPair);

/** DNS error codes that mean "no such record" rather than "the lookup failed" (node:dns error codes). */
const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/** A fresh RSA-2048 key pair: the private key as PKCS#8 PEM, the public key as base64 SPKI DER (DKIM `p=`). */
async function newDkimKeyPair(): Promise<{ privateKey: string; publicKey: string }> {
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKey, publicKey: publicKey.toString('base64') };
}

const STATUSES = new Set<string>(['ok', 'missing', 'mismatch', 'error']);

/**
 * Company e-mail settings: the sender, the DKIM key pair (made on first access, the private key never leaves the
 * server), the DNS records to publish and their check. Reading needs `view` on the company, changing and checking
 * `manage` (the company's aggregators and the site's super admins; see docs/organisation.md).
 */
export function createCompanyEmailService(options: {
  repo: CompanyEmailRepository;
  access: Pick<OrgAccess, 'requireCompany'>;
  config: Pick<Config, 'mailSpfInclude' | 'dnsServers' | 'dnsTimeoutMs'>;
  now?: () => Date;
}) {
  const { repo, access, config } = options;
  const now = options.now ?? (() => new Date());

  async function ensure(companyId: number): Promise<CompanyMailSettingsRecord> {
    const existing = await repo.find(companyId);
    if (existing) return existing;
    const keys = await newDkimKeyPair();
    return repo.insertIfMissing({
      companyId,
      dkimSelector: dkimSelectorFor(now()),
      dkimPrivateKey: keys.privateKey,
      dkimPublicKey: keys.publicKey,
    });
  }

  function expectedFor(row: CompanyMailSettingsRecord): ExpectedRecord[] {
    if (!row.senderEmail) return [];
    return expectedRecords({
      domain: domainOf(row.senderEmail),
      senderEmail: row.senderEmail,
      selector: row.dkimSelector,
      publicKey: row.dkimPublicKey,
      spfInclude: config.mailSpfInclude,
    });
  }

  function toSettings(row: CompanyMailSettingsRecord): CompanyEmailSettings {
    const domain = row.senderEmail ? domainOf(row.senderEmail) : null;
    const stored = row.dnsCheck as StoredDnsCheck | null;
    // A check made for another domain says nothing about this one.
    const check = stored && stored.domain === domain ? stored : null;
    return {
      senderName: row.senderName,
      senderEmail: row.senderEmail,
      domain,
      dkimSelector: row.dkimSelector,
      records: expectedFor(row).map((record) => {
        const verdict = check?.records[record.kind];
        const status: MailDnsRecordStatus =
          verdict && STATUSES.has(verdict.status)
            ? (verdict.status as MailDnsRecordStatus)
            : 'unchecked';
        return { ...record, type: 'TXT' as const, status, found: verdict?.found ?? [] };
      }),
      checkedAt: check && row.dnsCheckedAt ? row.dnsCheckedAt.toISOString() : null,
    };
  }

  function resolver(): Resolver {
    // Two tries: one lost UDP packet should not fail the check, a dead server should not hang it for long.
    const r = new Resolver({ timeout: config.dnsTimeoutMs, tries: 2 });
    if (config.dnsServers.length > 0) r.setServers(config.dnsServers);
    return r;
  }

  async function lookupTxt(r: Resolver, name: string): Promise<TxtLookup> {
    try {
      const answer = await r.resolveTxt(name);
      return { ok: true, records: answer.map((parts) => parts.join('')) };
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? 'UNKNOWN');
      return { ok: false, reason: NO_RECORD_CODES.has(code) ? 'missing' : 'error', code };
    }
  }

  return {
    /**
     * The settings of a company the actor may manage, like changing them (creating the key pair on first access):
     * sender and DNS records are the company admin's business, not of everyone who sees one of its locations
     * (they get 403, those who see nothing of the company 404).
     */
    async get(actor: AccessActor, companyId: number): Promise<CompanyEmailSettings> {
      await access.requireCompany(actor, companyId, 'manage');
      return toSettings(await ensure(companyId));
    },

    /** Sets the sender (manage). A different sender domain forgets the last check. */
    async update(
      actor: AccessActor,
      companyId: number,
      form: { senderName: string | null; senderEmail: string | null },
    ): Promise<CompanyEmailSettings> {
      await access.requireCompany(actor, companyId, 'manage');
      const row = await ensure(companyId);
      const senderEmail = form.senderEmail === null ? null : normaliseEmail(form.senderEmail);
      const before = row.senderEmail ? domainOf(row.senderEmail) : null;
      const after = senderEmail ? domainOf(senderEmail) : null;
      const updated = await repo.updateSender(
        companyId,
        { senderName: form.senderName, senderEmail },
        before !== after,
      );
      return toSettings(updated);
    },

    /**
     * Looks up the three records through DNS (DNS_SERVERS) and stores the verdicts (manage). DNS failures become
     * statuses; 422 `company_email.no_sender` when there is no sender domain to check.
     */
    async check(actor: AccessActor, companyId: number): Promise<CompanyEmailSettings> {
      await access.requireCompany(actor, companyId, 'manage');
      const row = await ensure(companyId);
      if (!row.senderEmail) throw ruleBroken('company_email.no_sender');
      const r = resolver();
      const expected = expectedFor(row);
      const verdicts = await Promise.all(
        expected.map(async (record) => [
          record.kind,
          judge(record, await lookupTxt(r, record.host)),
        ]),
      );
      const stored: StoredDnsCheck = {
        domain: domainOf(row.senderEmail),
        records: Object.fromEntries(verdicts),
      };
      return toSettings(await repo.saveCheck(companyId, stored, now()));
    },

    /**
     * The sender and DKIM key for mail sent on behalf of a company, or null when the company has no sender e-mail
     * (its mail then goes out with the platform's sender, unsigned by the company). Used by the mail service.
     */
    async senderFor(companyId: number): Promise<CompanySender | null> {
      const row = await repo.find(companyId);
      if (!row?.senderEmail) return null;
      return {
        name: row.senderName,
        address: row.senderEmail,
        dkim: {
          domainName: domainOf(row.senderEmail),
          keySelector: row.dkimSelector,
          privateKey: row.dkimPrivateKey,
        },
      };
    },
  };
}

/** The address with its domain in lower case (the local part is the mailbox owner's business). */
function normaliseEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`;
}

/** The company e-mail service's interface. */
export type CompanyEmailService = ReturnType<typeof createCompanyEmailService>;
