import {
  and,
  asc,
  companies,
  deviceGroups,
  devices,
  eq,
  inArray,
  isNull,
  queryRows,
  sql,
  type Db,
  type SQL,
} from '@ec/db';
import type { DeviceCategory } from '@ec/domain';
import type { CompanyRow, DeviceGroupRow, DeviceRow, GroupRow, LocationRow } from './menu.build.ts';

/** What the cache check of GET /menu/:companyId reads: one row by primary key. */
export interface CompanyHead extends CompanyRow {
  siteId: number;
  menuVersion: number;
}

/** A location with its company, for the per-company split of a user's grants. */
export interface CompanyLocationRow extends LocationRow {
  companyId: number;
}

/** A group with its company. */
export interface CompanyGroupRow extends GroupRow {
  companyId: number;
}

const headColumns = {
  id: companies.id,
  siteId: companies.siteId,
  name: companies.name,
  rootGroupId: companies.rootGroupId,
  menuVersion: companies.menuVersion,
};

/** Whether a location has device groups or devices that are not deleted (menu items' `hasChildren`). */
const locationHasChildren = sql`(exists (select 1 from device_groups dg where dg.location_id = l.id)
  or exists (select 1 from devices d where d.location_id = l.id and d.deleted_at is null))`;

/** Reads for the sidebar menu. */
export function createMenuRepository(db: Db) {
  // The two reads on the hot paths are prepared once: no query building per request, and PostgreSQL plans them
  // once per connection.
  const headById = db
    .select(headColumns)
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1)
    .prepare('menu_company_head');
  // A location's device groups and devices in one round trip: a row per group (kind 'g'), then per device ('d').
  const childrenOf = db
    .select({
      kind: sql<'g' | 'd'>`'g'`.as('kind'),
      id: deviceGroups.id,
      name: deviceGroups.name,
      category: sql<string | null>`null`.as('category'),
      deviceGroupId: sql<number | null>`null::integer`.as('device_group_id'),
      controllerId: sql<number | null>`null::integer`.as('controller_id'),
    })
    .from(deviceGroups)
    .where(eq(deviceGroups.locationId, sql.placeholder('locationId')))
    .unionAll(
      db
        .select({
          kind: sql<'g' | 'd'>`'d'`.as('kind'),
          id: devices.id,
          name: devices.name,
          category: devices.category,
          deviceGroupId: devices.deviceGroupId,
          controllerId: devices.controllerId,
        })
        .from(devices)
        .where(
          and(eq(devices.locationId, sql.placeholder('locationId')), isNull(devices.deletedAt)),
        ),
    )
    .prepare('menu_location_children');

  return {
    /** The company's id, site, name, root group and menu version. */
    async companyHead(id: number): Promise<CompanyHead | undefined> {
      const [row] = await headById.execute({ id });
      return row;
    },

    /** Several companies by id. */
    async companyHeads(ids: readonly number[]): Promise<CompanyHead[]> {
      if (ids.length === 0) return [];
      return db
        .select(headColumns)
        .from(companies)
        .where(inArray(companies.id, [...ids]));
    },

    /** The site's companies by name, with whether anything hangs below their root group. */
    async companiesOfSite(siteId: number): Promise<(CompanyHead & { hasChildren: boolean })[]> {
      return db
        .select({
          ...headColumns,
          hasChildren:
            sql<boolean>`(exists (select 1 from locations l where l.company_id = ${companies.id})
            or exists (select 1 from location_groups g where g.company_id = ${companies.id}
              and g.parent_id is not null))`.mapWith(Boolean),
        })
        .from(companies)
        .where(eq(companies.siteId, siteId))
        .orderBy(asc(companies.name), asc(companies.id));
    },

    /** Every group and location of a company (the admin tree). */
    async companyTree(
      companyId: number,
    ): Promise<{ groups: GroupRow[]; locations: LocationRow[] }> {
      const [groups, locations] = await Promise.all([
        queryRows<{ id: number; parent_id: number | null; name: string }>(
          db,
          sql`select id, parent_id, name from location_groups where company_id = ${companyId}`,
        ),
        queryRows<{ id: number; group_id: number; name: string; has_children: boolean }>(
          db,
          sql`select l.id, l.group_id, l.name, ${locationHasChildren} as has_children
            from locations l where l.company_id = ${companyId}`,
        ),
      ]);
      return {
        groups: groups.map((g) => ({ id: g.id, parentId: g.parent_id, name: g.name })),
        locations: locations.map((l) => ({
          id: l.id,
          groupId: l.group_id,
          name: l.name,
          hasChildren: l.has_children,
        })),
      };
    },

    /**
     * The groups matching an access filter (the org access core's groupFilter, on `location_groups`): for a
     * non-admin, those granted to them and every group below (visibility is inherited downwards), inside the reach
     * of whoever impersonates them. `companyId` limits them to one company.
     */
    async groupsWhere(filter: SQL, companyId?: number): Promise<CompanyGroupRow[]> {
      const rows = await queryRows<{
        id: number;
        parent_id: number | null;
        name: string;
        company_id: number;
      }>(
        db,
        sql`select location_groups.id, location_groups.parent_id, location_groups.name,
            location_groups.company_id
          from location_groups
          where ${filter}
            ${companyId === undefined ? sql`` : sql`and location_groups.company_id = ${companyId}`}`,
      );
      return rows.map((g) => ({
        id: g.id,
        parentId: g.parent_id,
        name: g.name,
        companyId: g.company_id,
      }));
    },

    /** Locations matching an access filter (the org access core's locationFilter, on `locations`). */
    async locationsWhere(filter: SQL, companyId?: number): Promise<CompanyLocationRow[]> {
      const rows = await queryRows<{
        id: number;
        group_id: number;
        name: string;
        company_id: number;
        has_children: boolean;
      }>(
        db,
        sql`select l.id, l.group_id, l.name, l.company_id, ${locationHasChildren} as has_children
          from locations l
          where l.id in (select locations.id from locations where ${filter}
            ${companyId === undefined ? sql`` : sql`and locations.company_id = ${companyId}`})`,
      );
      return rows.map((l) => ({
        id: l.id,
        groupId: l.group_id,
        name: l.name,
        companyId: l.company_id,
        hasChildren: l.has_children,
      }));
    },

    /** A location's device groups and its devices that are not deleted. */
    async locationChildren(
      locationId: number,
    ): Promise<{ deviceGroups: DeviceGroupRow[]; devices: DeviceRow[] }> {
      const rows = await childrenOf.execute({ locationId });
      const groups: DeviceGroupRow[] = [];
      const found: DeviceRow[] = [];
      for (const row of rows) {
        if (row.kind === 'g') {
          groups.push({ id: row.id, name: row.name });
        } else {
          found.push({
            id: row.id,
            name: row.name,
            category: row.category as DeviceCategory,
            deviceGroupId: row.deviceGroupId,
            controllerId: row.controllerId,
          });
        }
      }
      return { deviceGroups: groups, devices: found };
    },
  };
}

/** The menu repository's interface. */
export type MenuRepository = ReturnType<typeof createMenuRepository>;
