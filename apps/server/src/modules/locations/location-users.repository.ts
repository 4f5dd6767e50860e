import {
  and,
  desc,
  eq,
  invitations,
  locationPermissions,
  queryRows,
  sql,
  users,
  type Db,
} from '@ec/db';
import { one, userScopeColumns } from './locations.repository.ts';

/** An invitation row. */
export type LocationInvitationRecord = typeof invitations.$inferSelect;

/** A user with access to a location, as stored grants say. */
export interface LocationUserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  view: boolean;
  edit: boolean;
  manage: boolean;
  owner: boolean;
  viaGroup: boolean;
  /** Whether a location_permissions row exists (the only grant this screen can remove). */
  direct: boolean;
}

/** Users with access to a location, and its invitations. */
export function createLocationUsersRepository(db: Db) {
  return {
    /**
     * The owner, the users with a location grant and the users with a grant on the location's group or a group
     * above it; flags OR-ed per user, by name.
     */
    async usersOf(location: {
      id: number;
      groupId: number;
      ownerId: number | null;
    }): Promise<LocationUserRow[]> {
      return queryRows<LocationUserRow & Record<string, unknown>>(
        db,
        sql`
        with recursive ancestors(id, parent_id) as (
          select id, parent_id from location_groups where id = ${location.groupId}
          union all
          select g.id, g.parent_id from location_groups g join ancestors a on g.id = a.parent_id
        ),
        grants(user_id, v, e, m, is_owner, via_group, direct) as (
          select id, true, true, true, true, false, false from users where id = ${location.ownerId}
          union all
          select user_id, can_view, can_edit, can_manage, false, false, true
            from location_permissions where location_id = ${location.id}
          union all
          select p.user_id, p.can_view, p.can_edit, p.can_manage, false, true, false
            from location_group_permissions p join ancestors a on a.id = p.group_id
        )
        select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
          bool_or(g.v) as view, bool_or(g.e) as edit, bool_or(g.m) as manage,
          bool_or(g.is_owner) as owner, bool_or(g.via_group) as "viaGroup", bool_or(g.direct) as direct
        from grants g join users u on u.id = g.user_id
        group by u.id
        order by lower(u.first_name || ' ' || u.last_name), u.email`,
      );
    },

    async userByEmail(email: string) {
      const [row] = await db
        .select({
          ...userScopeColumns,
          email: users.email,
          firstName: users.firstName,
          locale: users.locale,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async deleteLocationGrant(locationId: number, userId: number): Promise<void> {
      await db
        .delete(locationPermissions)
        .where(
          and(
            eq(locationPermissions.locationId, locationId),
            eq(locationPermissions.userId, userId),
          ),
        );
    },

    /** The location's invitations, newest first. */
    async invitationsOf(locationId: number): Promise<LocationInvitationRecord[]> {
      return db
        .select()
        .from(invitations)
        .where(eq(invitations.locationId, locationId))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    /** A pending invitation of this address to this location (expired or not). */
    async pendingInvitation(locationId: number, email: string) {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.locationId, locationId),
            eq(invitations.email, email),
            eq(invitations.status, 'pending'),
          ),
        )
        .orderBy(desc(invitations.createdAt))
        .limit(1);
      return row;
    },

    async invitationById(id: number): Promise<LocationInvitationRecord | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
      return row;
    },

    async insertInvitation(
      values: typeof invitations.$inferInsert,
    ): Promise<LocationInvitationRecord> {
      const [row] = await db.insert(invitations).values(values).returning();
      return one(row);
    },

    /** Deletes an invitation (one whose mail could not be sent). */
    async deleteInvitation(id: number): Promise<void> {
      await db.delete(invitations).where(eq(invitations.id, id));
    },

    async updateInvitation(
      id: number,
      values: Partial<
        Pick<LocationInvitationRecord, 'status' | 'expiresAt' | 'lastSentAt' | 'revokedAt'>
      >,
    ): Promise<LocationInvitationRecord> {
      const [row] = await db
        .update(invitations)
        .set(values)
        .where(eq(invitations.id, id))
        .returning();
      return one(row);
    },
  };
}

/** The location-users repository's interface. */
export type LocationUsersRepository = ReturnType<typeof createLocationUsersRepository>;
