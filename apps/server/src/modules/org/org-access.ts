import {
  and,
  companies,
  controllers,
  deviceGroups,
  devices,
  eq,
  locationGroupPermissions,
  locationGroups,
  locationPermissions,
  locations,
  queryRows,
  sql,
  type Db,
  type SQL,
} from '@ec/db';
import { hasRole, type PermissionAction, type Role } from '@ec/domain';
import { forbidden, notFound } from '../../errors.ts';

/** The fields of a user record the access rules read. */
export interface AccessUser {
  id: number;
  role: Role;
  siteId: number;
  companyId: number | null;
}

/**
 * Who the access rules look at: the acting user and, while impersonating, the real signed-in administrator. A
 * structural subset of the session's actor (auth.service `Actor`).
 *
 * Impersonation never widens what the real person may see or do (issue 10): every check, filter and list of this
 * module uses the intersection of `user`'s access and `impersonator`'s own reach ({@link scopeOf}). A super admin
 * reaches the whole site, so they keep the user's full access; an aggregator keeps only what lies inside their own
 * company.
 */
export interface AccessActor {
  user: AccessUser;
  impersonator?: AccessUser | null;
  /**
   * The system actor of background jobs (auth/system-actor.ts): it reaches its user's site, every company of it
   * with every action, and nothing else, whatever the role says and with no impersonation (docs/decisions/0018).
   */
  system?: boolean;
}

/** The granted actions on one resource (see docs/organisation.md "Tenancy and who sees what"). */
export type Actions = Record<PermissionAction, boolean>;

const ALL: Actions = { view: true, edit: true, manage: true };
const NONE: Actions = { view: false, edit: false, manage: false };

/**
 * How far an actor reaches:
 * - `site`: a super admin, every company of the site;
 * - `company`: an aggregator, their own company (none when `companyId` is null);
 * - `grants`: everyone else, what they own and what permission rows grant them. `within` is set while an
 *   administrator bound to one company impersonates the user: only what lies in that company counts (null:
 *   nothing at all). Undefined: every company of the site.
 */
export type Scope =
  | { kind: 'site'; siteId: number }
  | { kind: 'company'; siteId: number; companyId: number | null }
  | { kind: 'grants'; siteId: number; userId: number; within?: number | null };

/** The reach of one user by their role. */
function scopeOfUser(user: AccessUser): Scope {
  if (hasRole(user, 'ROLE_SUPER_ADMIN')) return { kind: 'site', siteId: user.siteId };
  if (hasRole(user, 'ROLE_AGGREGATOR')) {
    return { kind: 'company', siteId: user.siteId, companyId: user.companyId };
  }
  return { kind: 'grants', siteId: user.siteId, userId: user.id };
}

/**
 * The part of `own` (the impersonated user's reach) that `by` (the impersonator's reach) covers. Only admins
 * impersonate; a session whose real user is no admin (any more) keeps nothing.
 */
function intersect(own: Scope, by: Scope): Scope {
  const nothing: Scope =
    own.kind === 'grants'
      ? { ...own, within: null }
      : { kind: 'company', siteId: own.siteId, companyId: null };
  if (own.siteId !== by.siteId || by.kind === 'grants') return nothing;
  if (by.kind === 'site') return own;
  if (by.companyId === null) return nothing;
  switch (own.kind) {
    case 'site':
      return { kind: 'company', siteId: own.siteId, companyId: by.companyId };
    case 'company':
      return own.companyId === by.companyId ? own : nothing;
    case 'grants':
      return own.within === undefined || own.within === by.companyId
        ? { ...own, within: by.companyId }
        : nothing;
  }
}

/**
 * The actor's {@link Scope}: the acting user's reach, narrowed to the impersonator's while impersonating; the system
 * actor's is its site (`site` scope, impersonator ignored: it never impersonates). Every
 * check of this module starts here, so modules that branch on the scope get the intersection too.
 */
export function scopeOf(actor: AccessActor): Scope {
  if (actor.system === true) return { kind: 'site', siteId: actor.user.siteId };
  const own = scopeOfUser(actor.user);
  return actor.impersonator ? intersect(own, scopeOfUser(actor.impersonator)) : own;
}

/** Whether a grants scope may count something in `companyId` (its `within` bound). */
function grantsReach(scope: Scope & { kind: 'grants' }, companyId: number): boolean {
  return scope.within === undefined || scope.within === companyId;
}

/** Whether the scope reaches a whole company (admin scopes only; grants never do). */
function adminReaches(scope: Scope, company: { id: number; siteId: number }): boolean {
  if (company.siteId !== scope.siteId) return false;
  if (scope.kind === 'site') return true;
  return scope.kind === 'company' && scope.companyId === company.id;
}

/** Throws 404 when nothing is granted, 403 when the requested action is not. */
function check(actions: Actions, action: PermissionAction): void {
  if (!actions.view && !actions.edit && !actions.manage) throw notFound();
  if (!actions[action]) throw forbidden();
}

function or(a: Actions, b: Partial<Actions> | undefined): Actions {
  if (!b) return a;
  return { view: a.view || !!b.view, edit: a.edit || !!b.edit, manage: a.manage || !!b.manage };
}

type FlagsRow = { view: boolean | null; edit: boolean | null; manage: boolean | null };
const flags = (row: FlagsRow | undefined): Partial<Actions> | undefined =>
  row ? { view: !!row.view, edit: !!row.edit, manage: !!row.manage } : undefined;

/** The rows the checks answer: enough to authorize and to continue working with the resource. */
export type CompanyRow = typeof companies.$inferSelect;
export type GroupRow = typeof locationGroups.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type DeviceGroupRow = typeof deviceGroups.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type ControllerRow = typeof controllers.$inferSelect;

/** A resource with what the actor may do with it. */
export type Granted<T> = { row: T; actions: Actions; companySiteId: number };

/**
 * The organisation access core (docs/organisation.md): every organisation endpoint asks it before reading or
 * changing a company, group, location, device group, device or controller, and lists filter with
 * {@link OrgAccess.locationFilter} / {@link OrgAccess.companyFilter}.
 */
export function createOrgAccess(db: Db) {
  /** Group grants on `groupId` and its ancestors for `userId` (OR of the flags). */
  async function groupGrant(
    userId: number,
    groupId: number,
  ): Promise<Partial<Actions> | undefined> {
    const [row] = await queryRows<FlagsRow>(
      db,
      sql`
      with recursive ancestors(id, parent_id) as (
        select id, parent_id from location_groups where id = ${groupId}
        union all
        select g.id, g.parent_id from location_groups g join ancestors a on g.id = a.parent_id
      )
      select bool_or(p.can_view) as view, bool_or(p.can_edit) as edit, bool_or(p.can_manage) as manage
      from location_group_permissions p join ancestors a on p.group_id = a.id
      where p.user_id = ${userId}`,
    );
    return row && row.view !== null ? flags(row) : undefined;
  }

  async function companyById(id: number) {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  }

  async function locationActions(scope: Scope, location: LocationRow, siteId: number) {
    if (siteId !== scope.siteId) return NONE;
    if (scope.kind !== 'grants') {
      return adminReaches(scope, { id: location.companyId, siteId }) ? ALL : NONE;
    }
    if (!grantsReach(scope, location.companyId)) return NONE;
    if (location.ownerId === scope.userId) return ALL;
    const [direct] = await db
      .select({
        view: locationPermissions.canView,
        edit: locationPermissions.canEdit,
        manage: locationPermissions.canManage,
      })
      .from(locationPermissions)
      .where(
        and(
          eq(locationPermissions.userId, scope.userId),
          eq(locationPermissions.locationId, location.id),
        ),
      )
      .limit(1);
    return or(or(NONE, flags(direct)), await groupGrant(scope.userId, location.groupId));
  }

  // Every location check starts here (the sidebar asks for each opened location): prepared once.
  const loadLocationQuery = db
    .select({
      location: locations,
      siteId: companies.siteId,
      menuVersion: companies.menuVersion,
    })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(eq(locations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('org_load_location');

  async function loadLocation(id: number) {
    const [row] = await loadLocationQuery.execute({ id });
    return row;
  }

  const access = {
    scopeOf,

    /**
     * What the actor may do with a company. Admins in reach: everything. Others see a company (view only) when
     * something in it is granted to them, so the menu can show its name.
     */
    async companyActions(actor: AccessActor, company: CompanyRow): Promise<Actions> {
      const scope = scopeOf(actor);
      if (scope.kind !== 'grants') return adminReaches(scope, company) ? ALL : NONE;
      if (company.siteId !== scope.siteId || !grantsReach(scope, company.id)) return NONE;
      const found = await queryRows<{ found: number }>(
        db,
        sql`
        select 1 as found from locations
        where locations.company_id = ${company.id} and ${grantedLocations(scope.userId)}
        union all
        select 1 from location_group_permissions p join location_groups g on g.id = p.group_id
        where p.user_id = ${scope.userId} and g.company_id = ${company.id}
        limit 1`,
      );
      return found.length > 0 ? { view: true, edit: false, manage: false } : NONE;
    },

    /** The company if the actor may do `action` with it; 404 when invisible, 403 when the action is missing. */
    async requireCompany(actor: AccessActor, id: number, action: PermissionAction) {
      const company = await companyById(id);
      if (!company) throw notFound();
      const actions = await access.companyActions(actor, company);
      check(actions, action);
      return {
        row: company,
        actions,
        companySiteId: company.siteId,
      } satisfies Granted<CompanyRow>;
    },

    /** A location group: admins in reach, or group grants on it or an ancestor. */
    async requireGroup(actor: AccessActor, id: number, action: PermissionAction) {
      const [found] = await db
        .select({ group: locationGroups, siteId: companies.siteId })
        .from(locationGroups)
        .innerJoin(companies, eq(companies.id, locationGroups.companyId))
        .where(eq(locationGroups.id, id))
        .limit(1);
      if (!found) throw notFound();
      let actions = NONE;
      const scope = scopeOf(actor);
      if (scope.kind !== 'grants') {
        actions = adminReaches(scope, { id: found.group.companyId, siteId: found.siteId })
          ? ALL
          : NONE;
      } else if (found.siteId === scope.siteId && grantsReach(scope, found.group.companyId)) {
        actions = or(NONE, await groupGrant(scope.userId, id));
      }
      check(actions, action);
      return {
        row: found.group,
        actions,
        companySiteId: found.siteId,
      } satisfies Granted<GroupRow>;
    },

    /** What the actor may do with a location (no error; NONE when invisible). */
    async locationActions(actor: AccessActor, id: number): Promise<Actions> {
      const found = await loadLocation(id);
      return found ? locationActions(scopeOf(actor), found.location, found.siteId) : NONE;
    },

    /** A location: admins in reach, the owner, location grants, or group grants above it. */
    async requireLocation(actor: AccessActor, id: number, action: PermissionAction) {
      const found = await loadLocation(id);
      if (!found) throw notFound();
      const actions = await locationActions(scopeOf(actor), found.location, found.siteId);
      check(actions, action);
      return {
        row: found.location,
        actions,
        companySiteId: found.siteId,
        /** The company's menu_version when read (a cache key for the location's menu children). */
        companyMenuVersion: found.menuVersion,
      } satisfies Granted<LocationRow> & { companyMenuVersion: number };
    },

    /** A device group follows its location. */
    async requireDeviceGroup(actor: AccessActor, id: number, action: PermissionAction) {
      const [row] = await db.select().from(deviceGroups).where(eq(deviceGroups.id, id)).limit(1);
      if (!row) throw notFound();
      const location = await access.requireLocation(actor, row.locationId, action);
      return { row, location: location.row, actions: location.actions };
    },

    /** A device (also a deleted one, which can be restored) follows its location. */
    async requireDevice(actor: AccessActor, id: number, action: PermissionAction) {
      const [row] = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
      if (!row) throw notFound();
      const location = await access.requireLocation(actor, row.locationId, action);
      return { row, location: location.row, actions: location.actions };
    },

    /**
     * A controller follows its location; one without a location is visible to its owner (view) and to the
     * company's admins.
     */
    async requireController(actor: AccessActor, id: number, action: PermissionAction) {
      const [found] = await db
        .select({ controller: controllers, siteId: companies.siteId })
        .from(controllers)
        .innerJoin(companies, eq(companies.id, controllers.companyId))
        .where(eq(controllers.id, id))
        .limit(1);
      if (!found) throw notFound();
      const scope = scopeOf(actor);
      let actions: Actions;
      if (found.controller.locationId !== null) {
        const location = await loadLocation(found.controller.locationId);
        actions = location
          ? await locationActions(scope, location.location, location.siteId)
          : NONE;
      } else if (scope.kind !== 'grants') {
        actions = adminReaches(scope, { id: found.controller.companyId, siteId: found.siteId })
          ? ALL
          : NONE;
      } else {
        actions =
          found.siteId === scope.siteId &&
          grantsReach(scope, found.controller.companyId) &&
          found.controller.ownerId === scope.userId
            ? { view: true, edit: true, manage: false }
            : NONE;
      }
      check(actions, action);
      return { row: found.controller, actions };
    },

    /** An SQL condition on `companies` that keeps the companies the actor sees. */
    companyFilter(actor: AccessActor): SQL {
      const scope = scopeOf(actor);
      const site = eq(companies.siteId, scope.siteId);
      if (scope.kind === 'site') return site;
      if (scope.kind === 'company') {
        return scope.companyId === null
          ? sql`false`
          : sql`${site} and ${eq(companies.id, scope.companyId)}`;
      }
      return sql`${site} and ${within(scope, companies.id)}
          and (${companies.id} in (select locations.company_id from locations where ${grantedLocations(scope.userId)})
          or ${companies.id} in (select g.company_id from location_groups g
            join location_group_permissions p on p.group_id = g.id where p.user_id = ${scope.userId}))`;
    },

    /**
     * An SQL condition on `locations` that keeps the locations the actor sees (use it in queries that select from
     * the `locations` table under that name).
     */
    locationFilter(actor: AccessActor): SQL {
      const scope = scopeOf(actor);
      const inSite = sql`${locations.companyId} in (select id from companies where site_id = ${scope.siteId})`;
      if (scope.kind === 'site') return inSite;
      if (scope.kind === 'company') {
        return scope.companyId === null ? sql`false` : eq(locations.companyId, scope.companyId);
      }
      return sql`${inSite} and ${within(scope, locations.companyId)} and ${grantedLocations(scope.userId)}`;
    },

    /**
     * An SQL condition on `location_groups` that keeps the groups the actor sees: admins every group of the
     * companies in reach, others the granted groups and every group below them (use it in queries that select
     * from the `location_groups` table under that name).
     */
    groupFilter(actor: AccessActor): SQL {
      const scope = scopeOf(actor);
      if (scope.kind === 'site') {
        return sql`${locationGroups.companyId} in (select id from companies where site_id = ${scope.siteId})`;
      }
      if (scope.kind === 'company') {
        return scope.companyId === null
          ? sql`false`
          : eq(locationGroups.companyId, scope.companyId);
      }
      return sql`${locationGroups.companyId} in (select id from companies where site_id = ${scope.siteId})
        and ${within(scope, locationGroups.companyId)}
        and ${locationGroups.id} in (
          with recursive granted(id) as (
            select group_id from location_group_permissions where user_id = ${scope.userId}
            union
            select g.id from location_groups g join granted on g.parent_id = granted.id
          )
          select id from granted)`;
    },

    /**
     * The permission lists and owned things of a user for GET /auth/user (spec 001 §3 User): owned locations
     * appear in `permissions.locations` with every flag (the domain reads rights from that list). While
     * `impersonator` acts as the user, only what lies in the impersonator's reach is listed.
     */
    async permissionsOf(user: { id: number }, impersonator: AccessUser | null = null) {
      // While an aggregator impersonates, only what lies in their company is listed (the checks refuse the rest).
      const by = impersonator ? scopeOfUser(impersonator) : null;
      const inReach = (companyId: number) =>
        by === null || by.kind === 'site' || (by.kind === 'company' && by.companyId === companyId);
      const [owned, direct, groups, ownedControllers] = await Promise.all([
        db
          .select({ id: locations.id, name: locations.name, companyId: locations.companyId })
          .from(locations)
          .where(eq(locations.ownerId, user.id))
          .orderBy(locations.name, locations.id),
        db
          .select({
            id: locationPermissions.locationId,
            companyId: locations.companyId,
            view: locationPermissions.canView,
            edit: locationPermissions.canEdit,
            manage: locationPermissions.canManage,
          })
          .from(locationPermissions)
          .innerJoin(locations, eq(locations.id, locationPermissions.locationId))
          .where(eq(locationPermissions.userId, user.id)),
        db
          .select({
            id: locationGroupPermissions.groupId,
            companyId: locationGroups.companyId,
            view: locationGroupPermissions.canView,
            edit: locationGroupPermissions.canEdit,
            manage: locationGroupPermissions.canManage,
          })
          .from(locationGroupPermissions)
          .innerJoin(locationGroups, eq(locationGroups.id, locationGroupPermissions.groupId))
          .where(eq(locationGroupPermissions.userId, user.id)),
        db
          .select({ id: controllers.id, companyId: controllers.companyId })
          .from(controllers)
          .where(eq(controllers.ownerId, user.id))
          .orderBy(controllers.id),
      ]);
      const byLocation = new Map<number, { id: number; companyId: number; actions: Actions }>();
      for (const row of owned.filter((r) => inReach(r.companyId))) {
        byLocation.set(row.id, { id: row.id, companyId: row.companyId, actions: ALL });
      }
      for (const row of direct.filter((r) => inReach(r.companyId))) {
        const known = byLocation.get(row.id);
        const actions = or(known?.actions ?? NONE, flags(row));
        byLocation.set(row.id, { id: row.id, companyId: row.companyId, actions });
      }
      return {
        permissions: {
          locations: [...byLocation.values()].sort((a, b) => a.id - b.id),
          locationGroups: groups
            .filter((row) => inReach(row.companyId))
            .map((row) => ({ id: row.id, companyId: row.companyId, actions: or(NONE, flags(row)) }))
            .sort((a, b) => a.id - b.id),
        },
        locations: owned.filter((r) => inReach(r.companyId)).map(({ id, name }) => ({ id, name })),
        controllers: ownedControllers.filter((r) => inReach(r.companyId)).map(({ id }) => ({ id })),
      };
    },
  };
  return access;
}

/** A grants scope's company bound as an SQL condition on `column` (no condition without a bound). */
function within(scope: Scope & { kind: 'grants' }, column: Parameters<typeof eq>[0]): SQL {
  if (scope.within === undefined) return sql`true`;
  if (scope.within === null) return sql`false`;
  return eq(column, scope.within);
}

/**
 * Locations granted to a non-admin user (as a condition on the `locations` table): owned, granted directly, or
 * inside a granted group's subtree.
 */
function grantedLocations(userId: number): SQL {
  return sql`(locations.owner_id = ${userId}
    or exists (select 1 from location_permissions lp
      where lp.location_id = locations.id and lp.user_id = ${userId})
    or locations.group_id in (
      with recursive granted(id) as (
        select group_id from location_group_permissions where user_id = ${userId}
        union
        select g.id from location_groups g join granted on g.parent_id = granted.id
      )
      select id from granted))`;
}

/** The organisation access core's interface. */
export type OrgAccess = ReturnType<typeof createOrgAccess>;
