import {
  and,
  asc,
  companies,
  eq,
  locationGroups,
  sql,
  type Db,
  type InferSelectModel,
  type SQL,
} from '@ec/db';

/** A companies row. */
export type CompanyRecord = InferSelectModel<typeof companies>;
/** A company row with what the lists show. */
export type CompanyListRecord = CompanyRecord & { assignedControllersCount: number };
/** A location group with its counts. */
export interface GroupRecord {
  id: number;
  name: string;
  parentId: number | null;
  companyId: number;
  locationsCount: number;
  childrenCount: number;
}

/** Fields a company create sets. */
export interface NewCompany {
  siteId: number;
  name: string;
  countryId: number;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** Fields a company update may change. */
export type CompanyChanges = Partial<
  Pick<
    CompanyRecord,
    | 'name'
    | 'countryId'
    | 'contactEmail'
    | 'contactPhone'
    | 'productName'
    | 'platformName'
    | 'slogan'
    | 'domain'
    | 'supportEmail'
    | 'privacyPolicyUrl'
    | 'termsUrl'
    | 'defaultLocationGroupId'
    | 'registrationUrl'
  >
>;

/** Whether an error is PostgreSQL's foreign-key violation (23503), from node-postgres or PGlite. */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The row a write just returned (a write that returns nothing is a bug, not a user error). */
function written<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`${what}: the database returned no row`);
  return row;
}

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, node-postgres too). */
function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

// Subqueries name the outer table literally: drizzle renders a column inside sql`` without its table in a select
// list, which the subquery would resolve against its own table.
const groupColumns = {
  id: locationGroups.id,
  name: locationGroups.name,
  parentId: locationGroups.parentId,
  companyId: locationGroups.companyId,
  locationsCount: sql<number>`(select count(*)::int from locations l where l.group_id = location_groups.id)`,
  childrenCount: sql<number>`(select count(*)::int from location_groups c where c.parent_id = location_groups.id)`,
};

/** Companies and their location-group trees. */
export function createCompaniesRepository(db: Db) {
  /** Locks the company row, so tree changes of one company (moves, deletes) run one after another. */
  async function lockCompany(tx: Db, companyId: number): Promise<void> {
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
  }

  async function groupById(tx: Db, id: number): Promise<GroupRecord | undefined> {
    const [row] = await tx
      .select(groupColumns)
      .from(locationGroups)
      .where(eq(locationGroups.id, id))
      .limit(1);
    return row;
  }

  return {
    /**
     * Companies matching `companyFilter` (an SQL condition on `companies`), by name, with the number of their
     * controllers at a location that `locationFilter` (a condition on `locations`) keeps.
     */
    async list(companyFilter: SQL, locationFilter: SQL): Promise<CompanyListRecord[]> {
      return db
        .select({
          ...companyRowColumns,
          assignedControllersCount: sql<number>`(select count(*)::int from controllers ctl
            join locations on locations.id = ctl.location_id
            where ctl.company_id = companies.id and ${locationFilter})`,
        })
        .from(companies)
        .where(companyFilter)
        .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
    },

    async findById(id: number): Promise<CompanyRecord | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
      return row;
    },

    /** Controllers of the company assigned to a location that `locationFilter` keeps. */
    async assignedControllersCount(companyId: number, locationFilter: SQL): Promise<number> {
      const result = await db.execute<{
        n: number;
      }>(sql`select count(*)::int as n from controllers ctl
        join locations on locations.id = ctl.location_id
        where ctl.company_id = ${companyId} and ${locationFilter}`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },

    /** Creates the company and its root location group (named after it) in one transaction. */
    async create(values: NewCompany): Promise<CompanyRecord> {
      return db.transaction(async (tx) => {
        const [company] = await tx.insert(companies).values(values).returning();
        if (!company) throw new Error('company insert returned nothing');
        const [root] = await tx
          .insert(locationGroups)
          .values({ companyId: company.id, parentId: null, name: values.name })
          .returning({ id: locationGroups.id });
        if (!root) throw new Error('root group insert returned nothing');
        const [updated] = await tx
          .update(companies)
          .set({ rootGroupId: root.id })
          .where(eq(companies.id, company.id))
          .returning();
        return written(updated, 'company root group');
      });
    },

    async update(id: number, changes: CompanyChanges): Promise<CompanyRecord | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      const [row] = await db.update(companies).set(changes).where(eq(companies.id, id)).returning();
      return row;
    },

    /** One group with its counts. */
    async findGroup(id: number): Promise<GroupRecord | undefined> {
      return groupById(db, id);
    },

    /**
     * The groups of a company that an access filter keeps (the org access core's groupFilter, on
     * `location_groups`), parents before children.
     */
    async groupsWhere(companyId: number, filter: SQL): Promise<GroupRecord[]> {
      return orderTree(
        await db
          .select(groupColumns)
          .from(locationGroups)
          .where(and(eq(locationGroups.companyId, companyId), filter)),
      );
    },

    async createGroup(values: {
      companyId: number;
      parentId: number;
      name: string;
    }): Promise<GroupRecord> {
      const [row] = await db
        .insert(locationGroups)
        .values(values)
        .returning({ id: locationGroups.id });
      return written(await groupById(db, written(row, 'group insert').id), 'new group');
    },

    /** One group with its counts. */
    async group(id: number): Promise<GroupRecord | undefined> {
      return groupById(db, id);
    },

    async renameGroup(id: number, name: string): Promise<GroupRecord | undefined> {
      await db.update(locationGroups).set({ name }).where(eq(locationGroups.id, id));
      return groupById(db, id);
    },

    /**
     * Moves a group below `parentId` unless `check` (run inside the transaction, with the company's tree locked)
     * returns a rule message key, which is returned instead. `targetIsInside`: the target is the group itself or
     * lies below it.
     */
    async moveGroup(
      group: { id: number; companyId: number },
      parentId: number,
      check: (facts: { current: GroupRecord; targetIsInside: boolean }) => string | null,
    ): Promise<{ group: GroupRecord } | { rule: string } | { missing: true }> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, group.companyId);
        const current = await groupById(tx, group.id);
        // Deleted since the access check.
        if (!current) return { missing: true as const };
        const inside = await tx.execute<{ found: number }>(sql`
          with recursive below(id) as (
            select id from location_groups where id = ${group.id}
            union all
            select g.id from location_groups g join below b on g.parent_id = b.id
          )
          select 1 as found from below where id = ${parentId} limit 1`);
        const rule = check({ current, targetIsInside: rowsOf(inside).length > 0 });
        if (rule) return { rule };
        await tx.update(locationGroups).set({ parentId }).where(eq(locationGroups.id, group.id));
        return { group: written(await groupById(tx, group.id), 'moved group') };
      });
    },

    /**
     * Deletes a group when it has no child groups and no locations; answers false (nothing deleted) otherwise,
     * also when a location or group arrived in it meanwhile (the foreign keys refuse the delete).
     */
    async deleteEmptyGroup(group: { id: number; companyId: number }): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          await lockCompany(tx, group.companyId);
          const current = await groupById(tx, group.id);
          if (!current) return true;
          if (current.childrenCount > 0 || current.locationsCount > 0) return false;
          await tx.delete(locationGroups).where(eq(locationGroups.id, group.id));
          return true;
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },
  };
}

const companyRowColumns = {
  id: companies.id,
  siteId: companies.siteId,
  name: companies.name,
  countryId: companies.countryId,
  contactEmail: companies.contactEmail,
  contactPhone: companies.contactPhone,
  rootGroupId: companies.rootGroupId,
  productName: companies.productName,
  platformName: companies.platformName,
  slogan: companies.slogan,
  domain: companies.domain,
  supportEmail: companies.supportEmail,
  privacyPolicyUrl: companies.privacyPolicyUrl,
  termsUrl: companies.termsUrl,
  defaultLocationGroupId: companies.defaultLocationGroupId,
  registrationUrl: companies.registrationUrl,
  menuVersion: companies.menuVersion,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

/**
 * Orders a company's groups as a tree walk: each parent before its children, siblings by name. Groups whose parent
 * is not in the list (the tops of granted subtrees) start the walk.
 */
export function orderTree<T extends { id: number; parentId: number | null; name: string }>(
  groups: T[],
): T[] {
  const ids = new Set(groups.map((g) => g.id));
  const children = new Map<number | null, T[]>();
  for (const group of groups) {
    const key = group.parentId !== null && ids.has(group.parentId) ? group.parentId : null;
    const list = children.get(key) ?? [];
    list.push(group);
    children.set(key, list);
  }
  const byName = (a: T, b: T) => a.name.localeCompare(b.name) || a.id - b.id;
  const out: T[] = [];
  const visit = (key: number | null) => {
    for (const group of (children.get(key) ?? []).sort(byName)) {
      out.push(group);
      visit(group.id);
    }
  };
  visit(null);
  return out;
}

/** The companies repository's interface. */
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
