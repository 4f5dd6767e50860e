import {
  and,
  companies,
  eq,
  locationGroupPermissions,
  locationGroups,
  locationPermissions,
  locations,
  queryRows,
  sql,
  users,
  type Db,
  type SQL,
  type UserType,
} from '@ec/db';
import type { Locale, Role } from '@ec/domain';

/** A user as user management reads it. */
export interface ManagedUserRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  type: UserType;
  locale: Locale;
  siteId: number;
  companyId: number | null;
  companyName: string | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

type Flags = { view: boolean; edit: boolean; manage: boolean };

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  type: users.type,
  locale: users.locale,
  siteId: users.siteId,
  companyId: users.companyId,
  companyName: companies.name,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

/** `%q%` for ILIKE with the pattern characters of `q` taken literally. */
function contains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Reads and writes of user management. */
export function createUsersAdminRepository(db: Db) {
  const selectUsers = () =>
    db.select(userColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId));

  return {
    async findUser(id: number): Promise<ManagedUserRow | undefined> {
      const [row] = await selectUsers().where(eq(users.id, id)).limit(1);
      return row;
    },

    /** A company's users by name, paged; `q` filters on names and e-mail. */
    async companyUsers(
      companyId: number,
      filter: { q: string; page: number; pageSize: number },
    ): Promise<{ rows: ManagedUserRow[]; total: number }> {
      const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
      const pattern = contains(filter.q);
      const where = and(
        eq(users.companyId, companyId),
        filter.q === ''
          ? undefined
          : sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern}
              or ${fullName} ilike ${pattern} or ${users.email} ilike ${pattern})`,
      );
      const [rows, counted] = await Promise.all([
        selectUsers()
          .where(where)
          .orderBy(sql`lower(coalesce(nullif(trim(${fullName}), ''), ${users.email}))`, users.id)
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db
          .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
          .from(users)
          .where(where),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    /**
     * The locations a user owns or holds a grant on, and their group grants: only those the filters keep (the org
     * access core's locationFilter on `locations` and groupFilter on `location_groups` for the asking admin), so
     * an admin never learns names or ids from another company.
     */
    async rightsOf(userId: number, visible: { locations: SQL; groups: SQL }) {
      const [locationRows, groupRows] = await Promise.all([
        queryRows<{
          id: number;
          name: string;
          company_id: number;
          owner: boolean;
          view: boolean | null;
          edit: boolean | null;
          manage: boolean | null;
        }>(
          db,
          sql`select locations.id, locations.name, locations.company_id,
              (locations.owner_id = ${userId}) as owner,
              p.can_view as view, p.can_edit as edit, p.can_manage as manage
            from ${locations}
            left join ${locationPermissions} p on p.location_id = locations.id and p.user_id = ${userId}
            where (locations.owner_id = ${userId} or p.user_id is not null) and ${visible.locations}
            order by lower(locations.name), locations.id`,
        ),
        db
          .select({
            id: locationGroups.id,
            name: locationGroups.name,
            companyId: locationGroups.companyId,
            view: locationGroupPermissions.canView,
            edit: locationGroupPermissions.canEdit,
            manage: locationGroupPermissions.canManage,
          })
          .from(locationGroupPermissions)
          .innerJoin(locationGroups, eq(locationGroups.id, locationGroupPermissions.groupId))
          .where(and(eq(locationGroupPermissions.userId, userId), visible.groups))
          .orderBy(sql`lower(${locationGroups.name})`, locationGroups.id),
      ]);
      return {
        locations: locationRows.map((r) => {
          const owner = Boolean(r.owner);
          const actions: Flags = owner
            ? { view: true, edit: true, manage: true }
            : { view: !!r.view, edit: !!r.edit, manage: !!r.manage };
          return { id: r.id, name: r.name, companyId: r.company_id, owner, actions };
        }),
        locationGroups: groupRows.map((r) => ({
          id: r.id,
          name: r.name,
          companyId: r.companyId,
          actions: { view: r.view, edit: r.edit, manage: r.manage },
        })),
      };
    },

    /** Inserts a user; throws a unique violation when the e-mail is taken. Returns the new id. */
    async insertUser(user: {
      email: string;
      firstName: string;
      lastName: string;
      role: Role;
      locale: Locale;
      siteId: number;
      companyId: number;
    }): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ ...user, passwordHash: null, type: 'PROVISIONED', emailVerifiedAt: null })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      return row.id;
    },

    async updateUser(
      id: number,
      changes: Partial<{
        firstName: string;
        lastName: string;
        role: Role;
        companyId: number;
        emailVerifiedAt: Date;
      }>,
    ): Promise<void> {
      await db.update(users).set(changes).where(eq(users.id, id));
    },

    async deleteUser(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}

/** The users-admin repository's interface. */
export type UsersAdminRepository = ReturnType<typeof createUsersAdminRepository>;
