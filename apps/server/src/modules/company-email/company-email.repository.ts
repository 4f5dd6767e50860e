import { companyMailSettings, eq, type Db, type InferSelectModel } from '@ec/db';

/** A company_mail_settings row. */
export type CompanyMailSettingsRecord = InferSelectModel<typeof companyMailSettings>;

/** The last DNS check as stored in `dns_check`: the domain it was made for and a verdict per record kind. */
export interface StoredDnsCheck {
  domain: string;
  records: Partial<Record<string, { status: string; found: string[] }>>;
}

/** Company e-mail settings and DKIM keys. */
export function createCompanyEmailRepository(db: Db) {
  async function find(companyId: number): Promise<CompanyMailSettingsRecord | undefined> {
    const [row] = await db
      .select()
      .from(companyMailSettings)
      .where(eq(companyMailSettings.companyId, companyId))
      .limit(1);
    return row;
  }

  return {
    find,

    /**
     * Inserts the row unless one exists and answers the stored row: when two first requests race, both answer the
     * same key pair (the one inserted first).
     */
    async insertIfMissing(row: {
      companyId: number;
      dkimSelector: string;
      dkimPrivateKey: string;
      dkimPublicKey: string;
    }): Promise<CompanyMailSettingsRecord> {
      await db.insert(companyMailSettings).values(row).onConflictDoNothing();
      const stored = await find(row.companyId);
      if (!stored) throw new Error(`company_mail_settings row for ${row.companyId} vanished`);
      return stored;
    },

    /** Sets the sender; `resetCheck` forgets the last DNS check (the domain changed). */
    async updateSender(
      companyId: number,
      sender: { senderName: string | null; senderEmail: string | null },
      resetCheck: boolean,
    ): Promise<CompanyMailSettingsRecord> {
      const [row] = await db
        .update(companyMailSettings)
        .set({ ...sender, ...(resetCheck ? { dnsCheck: null, dnsCheckedAt: null } : {}) })
        .where(eq(companyMailSettings.companyId, companyId))
        .returning();
      if (!row) throw new Error(`no company_mail_settings row for ${companyId}`);
      return row;
    },

    async saveCheck(
      companyId: number,
      check: StoredDnsCheck,
      at: Date,
    ): Promise<CompanyMailSettingsRecord> {
      const [row] = await db
        .update(companyMailSettings)
        .set({ dnsCheck: { ...check }, dnsCheckedAt: at })
        .where(eq(companyMailSettings.companyId, companyId))
        .returning();
      if (!row) throw new Error(`no company_mail_settings row for ${companyId}`);
      return row;
    },
  };
}

/** The company e-mail repository's interface. */
export type CompanyEmailRepository = ReturnType<typeof createCompanyEmailRepository>;
