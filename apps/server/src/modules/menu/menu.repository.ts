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

/** A name that matches the sidebar filter, with where it hangs. */
export interface NameMatch {
  id: number;
  /** The company (companies, groups, locations) or the location (device groups, devices) it belongs to. */
  parentId: number;
}

/** The matches of one kind (at most the limit asked for) and how many there are in all. */
export interface NameMatches {
  rows: NameMatch[];
  total: number;
}

/** Where the sidebar search looks: the companies it may name and the locations it may see. */
export interface SearchReach {
  siteId: number;
  /** The companies whose name and groups may match; null: every company of the site (super admin). */
  companyIds: readonly number[] | null;
  /** The groups a user with grants sees (null: every group of the companies, for admins). */
  groupIds: readonly number[] | null;
  /** The org access core's locationFilter for the actor (on `locations`). */
  locations: SQL;
}

/** `%q%` for ILIKE with the pattern characters of `q` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const idList = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

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

  /** Locations (`l`) meeting `where`, with their company and whether they have children. */
  async function selectLocations(where: SQL): Promise<CompanyLocationRow[]> {
    const rows = await queryRows<{
      id: number;
      group_id: number;
      name: string;
      company_id: number;
      has_children: boolean;
    }>(
      db,
      sql`select l.id, l.group_id, l.name, l.company_id, ${locationHasChildren} as has_children
        from locations l where ${where}`,
    );
    return rows.map((l) => ({
      id: l.id,
      groupId: l.group_id,
      name: l.name,
      companyId: l.company_id,
      hasChildren: l.has_children,
    }));
  }

  /** Rows of a search query with `count(*) over ()` as total. */
  async function matches(query: SQL): Promise<NameMatches> {
    const rows = await queryRows<{ id: number; parent_id: number; total: number | string }>(
      db,
      query,
    );
    return {
      rows: rows.map((r) => ({ id: r.id, parentId: r.parent_id })),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  return {
    /**
     * Names matching `q` (case-insensitive substring, ILIKE) within the reach, by kind, each kind by name and at
     * most `limit` rows, with the total count. Root groups are left out: their company's item stands for them.
     */
    async searchNames(
      reach: SearchReach,
      q: string,
      limit: number,
    ): Promise<
      Record<'companies' | 'groups' | 'locations' | 'deviceGroups' | 'devices', NameMatches>
    > {
      const pattern = containsPattern(q);
      const companyScope =
        reach.companyIds === null ? sql`true` : sql`c.id in ${idList(reach.companyIds)}`;
      const groupScope =
        reach.groupIds === null ? sql`true` : sql`g.id in ${idList(reach.groupIds)}`;
      const page = sql`order by name, id limit ${limit}`;
      const [companyRows, groupRows, locationRows, deviceGroupRows, deviceRows] = await Promise.all(
        [
          matches(sql`select c.id, c.id as parent_id, c.name, count(*) over () as total
          from companies c
          where c.site_id = ${reach.siteId} and ${companyScope} and c.name ilike ${pattern}
          ${page}`),
          matches(sql`select g.id, g.company_id as parent_id, g.name, count(*) over () as total
          from location_groups g join companies c on c.id = g.company_id
          where c.site_id = ${reach.siteId} and ${companyScope} and ${groupScope}
            and g.parent_id is not null and g.name ilike ${pattern}
          ${page}`),
          matches(sql`select locations.id, locations.company_id as parent_id, locations.name,
            count(*) over () as total
          from locations where ${reach.locations} and locations.name ilike ${pattern}
          order by locations.name, locations.id limit ${limit}`),
          matches(sql`select dg.id, dg.location_id as parent_id, dg.name, count(*) over () as total
          from device_groups dg join locations on locations.id = dg.location_id
          where ${reach.locations} and dg.name ilike ${pattern}
          order by dg.name, dg.id limit ${limit}`),
          matches(sql`select d.id, d.location_id as parent_id, d.name, count(*) over () as total
          from devices d join locations on locations.id = d.location_id
          where ${reach.locations} and d.deleted_at is null and d.name ilike ${pattern}
          order by d.name, d.id limit ${limit}`),
        ],
      );
      return {
        companies: companyRows,
        groups: groupRows,
        locations: locationRows,
        deviceGroups: deviceGroupRows,
        devices: deviceRows,
      };
    },

    /** Locations by id (already known to be visible), with their company. */
    async locationsByIds(ids: readonly number[]): Promise<CompanyLocationRow[]> {
      if (ids.length === 0) return [];
      return selectLocations(sql`l.id in ${idList(ids)}`);
    },

    /**
     * What the sidebar search shows below the locations holding matches, by location: the matched device groups
     * with all their devices (browsable), and the matched devices with their device groups.
     */
    async matchedChildren(
      deviceGroupIds: readonly number[],
      deviceIds: readonly number[],
    ): Promise<Map<number, { deviceGroups: DeviceGroupRow[]; devices: DeviceRow[] }>> {
      const byLocation = new Map<
        number,
        { deviceGroups: DeviceGroupRow[]; devices: DeviceRow[] }
      >();
      if (deviceGroupIds.length === 0 && deviceIds.length === 0) return byLocation;
      const at = (locationId: number) => {
        let found = byLocation.get(locationId);
        if (!found) {
          found = { deviceGroups: [], devices: [] };
          byLocation.set(locationId, found);
        }
        return found;
      };
      const [groupRows, deviceRows] = await Promise.all([
        queryRows<{ id: number; location_id: number; name: string }>(
          db,
          sql`select id, location_id, name from device_groups
            where id in ${idList(deviceGroupIds)}
              or id in (select device_group_id from devices where id in ${idList(deviceIds)})`,
        ),
        queryRows<{
          id: number;
          location_id: number;
          name: string;
          category: string;
          device_group_id: number | null;
          controller_id: number | null;
        }>(
          db,
          sql`select id, location_id, name, category, device_group_id, controller_id from devices
            where deleted_at is null
              and (id in ${idList(deviceIds)} or device_group_id in ${idList(deviceGroupIds)})`,
        ),
      ]);
      for (const row of groupRows)
        at(row.location_id).deviceGroups.push({ id: row.id, name: row.name });
      for (const row of deviceRows) {
        at(row.location_id).devices.push({
          id: row.id,
          name: row.name,
          category: row.category as DeviceCategory,
          deviceGroupId: row.device_group_id,
          controllerId: row.controller_id,
        });
      }
      return byLocation;
    },

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
      return selectLocations(
        sql`l.id in (select locations.id from locations where ${filter}
          ${companyId === undefined ? sql`` : sql`and locations.company_id = ${companyId}`})`,
      );
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
