import type {
  ControllerSearchItem,
  DeviceSearchItem,
  LocationSearchItem,
  UserSearchItem,
} from '@ec/contract';
import { DEVICE_STATUS_UNREPORTED, queryRows, sql, type Db, type SQL } from '@ec/db';
import type { DeviceCategory, DeviceSetupType, DeviceStatus, Role } from '@ec/domain';

/**
 * Which rows an admin reaches: every company of a site, or one company; `locations` is the org access core's
 * locationFilter (a condition on `locations`) for figures that count locations.
 */
export type SearchScope = (
  { kind: 'site'; siteId: number } | { kind: 'company'; companyId: number }
) & {
  locations: SQL;
};

/** A search request after defaults: `q` already trimmed ('' = everything). */
export interface SearchFilter {
  q: string;
  companyId: number | undefined;
  page: number;
  pageSize: number;
}

/** A page of rows and the number of all matches. */
export interface Found<T> {
  rows: T[];
  total: number;
}

/** `%q%` for ILIKE with the pattern characters of `q` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ILIKE on any of `columns`; no condition when `q` is empty. */
function matches(q: string, columns: SQL[]): SQL {
  if (q === '') return sql`true`;
  const pattern = containsPattern(q);
  return sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  );
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const pageOf = (filter: SearchFilter) =>
  sql`limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`;

/** The parts in which the four searches differ; paging, counting, scope and filters are common. */
interface SearchQuery {
  /** `from …` with its joins. */
  from: SQL;
  /** Where the scope looks: the site of the row's company, and the row's company. */
  siteColumn: SQL;
  companyColumn: SQL;
  /** A condition of the kind of row (e.g. not deleted). */
  where?: SQL;
  /** The columns `q` is looked for in. */
  text: SQL[];
  /** The selected columns; a function when they count locations (given the locations in reach). */
  select: SQL | ((visibleLocations: SQL) => SQL);
  /** The order of the rows; ends with the id, so pages do not overlap. */
  order: SQL;
}

/** A search: its query, and how a row of it becomes an item of the answer. */
type Search<R extends Record<string, unknown>, T> = SearchQuery & { toItem: (row: R) => T };

/** The selected columns of each search, as the database returns them. */
type UserRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  verified: boolean;
  company_id: number | null;
  company_name: string | null;
  locations_count: number;
  created_at: Date | string;
};

type LocationRow = {
  id: number;
  name: string;
  company_id: number;
  company_name: string;
  group_id: number;
  group_name: string;
  owner_id: number | null;
  owner_first: string | null;
  owner_last: string | null;
  owner_email: string | null;
  country_id: number | null;
  country_code: string | null;
  street: string | null;
  house_number: string | null;
  post_code: string | null;
  city: string | null;
  controllers_count: number;
};

type ControllerRow = {
  id: number;
  alias: string | null;
  unit_id: string;
  serial: string;
  setup_type: DeviceSetupType;
  connected: boolean;
  last_seen_at: Date | string | null;
  company_id: number;
  company_name: string;
  location_id: number | null;
  location_name: string | null;
  owner_id: number | null;
  owner_first: string | null;
  owner_last: string | null;
  owner_email: string | null;
  devices_count: number;
};

type DeviceRow = {
  id: number;
  name: string;
  category: DeviceCategory;
  status: DeviceStatus;
  manufacturer: string | null;
  model: string | null;
  company_id: number;
  company_name: string;
  location_id: number;
  location_name: string;
  device_group_id: number | null;
  device_group_name: string | null;
  controller_id: number | null;
  controller_alias: string | null;
  controller_serial: string | null;
};

const fullName = sql`(u.first_name || ' ' || u.last_name)`;

/** Users by name or e-mail, with their company and how many locations they reach. */
const usersSearch: Search<UserRow, UserSearchItem> = {
  from: sql`from users u left join companies c on c.id = u.company_id`,
  siteColumn: sql`u.site_id`,
  companyColumn: sql`u.company_id`,
  text: [sql`u.first_name`, sql`u.last_name`, fullName, sql`u.email`],
  // Counts only locations the admin reaches: a user's grants in another company are not the admin's to know.
  select: (visibleLocations) => sql`u.id, u.email, u.first_name, u.last_name, u.role,
    (u.email_verified_at is not null) as verified, u.company_id, c.name as company_name,
    (select count(*)::int from locations where (locations.owner_id = u.id
      or exists (select 1 from location_permissions p where p.location_id = locations.id and p.user_id = u.id))
      and ${visibleLocations}
    ) as locations_count,
    u.created_at`,
  order: sql`lower(coalesce(nullif(trim(${fullName}), ''), u.email)), u.id`,
  toItem: (r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    fullName: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email,
    role: r.role,
    verified: r.verified,
    company: r.company_id === null ? null : { id: r.company_id, name: r.company_name ?? '' },
    locationsCount: Number(r.locations_count),
    createdAt: iso(r.created_at) ?? '',
  }),
};

/** Locations by name, address or EIC code, with company, group, owner and controllers count. */
const locationsSearch: Search<LocationRow, LocationSearchItem> = {
  from: sql`from locations l
    join companies c on c.id = l.company_id
    join location_groups g on g.id = l.group_id
    left join users o on o.id = l.owner_id
    left join countries co on co.id = l.country_id`,
  siteColumn: sql`c.site_id`,
  companyColumn: sql`l.company_id`,
  text: [sql`l.name`, sql`l.street`, sql`l.post_code`, sql`l.city`, sql`l.eic_code`],
  select: sql`l.id, l.name, l.company_id, c.name as company_name, l.group_id, g.name as group_name,
    l.owner_id, o.first_name as owner_first, o.last_name as owner_last, o.email as owner_email,
    l.country_id, co.code as country_code, l.street, l.house_number, l.post_code, l.city,
    (select count(*)::int from controllers ct where ct.location_id = l.id) as controllers_count`,
  order: sql`lower(l.name), l.id`,
  toItem: (r) => ({
    id: r.id,
    name: r.name,
    company: { id: r.company_id, name: r.company_name },
    group: { id: r.group_id, name: r.group_name },
    owner: person(r.owner_id, r.owner_first, r.owner_last, r.owner_email),
    country: r.country_id === null ? null : { id: r.country_id, code: r.country_code ?? '' },
    address: {
      street: r.street,
      houseNumber: r.house_number,
      postCode: r.post_code,
      city: r.city,
    },
    controllersCount: Number(r.controllers_count),
  }),
};

/** Controllers by alias, serial or unit id, with company, location, owner and devices count. */
const controllersSearch: Search<ControllerRow, ControllerSearchItem> = {
  from: sql`from controllers ct
    join companies c on c.id = ct.company_id
    left join locations l on l.id = ct.location_id
    left join users o on o.id = ct.owner_id
    left join controller_presence cp on cp.controller_id = ct.id`,
  siteColumn: sql`c.site_id`,
  companyColumn: sql`ct.company_id`,
  text: [sql`ct.alias`, sql`ct.serial`, sql`ct.unit_id`],
  select: sql`ct.id, ct.alias, ct.unit_id, ct.serial, ct.setup_type,
    coalesce(cp.connected, false) as connected, cp.last_seen_at,
    ct.company_id, c.name as company_name, ct.location_id, l.name as location_name,
    ct.owner_id, o.first_name as owner_first, o.last_name as owner_last, o.email as owner_email,
    (select count(*)::int from devices d where d.controller_id = ct.id and d.deleted_at is null)
      as devices_count`,
  order: sql`lower(coalesce(ct.alias, ct.serial)), ct.id`,
  toItem: (r) => ({
    id: r.id,
    alias: r.alias,
    unitId: r.unit_id,
    serial: r.serial,
    setupType: r.setup_type,
    connected: r.connected,
    lastSeenAt: iso(r.last_seen_at),
    company: { id: r.company_id, name: r.company_name },
    location: r.location_id === null ? null : { id: r.location_id, name: r.location_name ?? '' },
    owner: person(r.owner_id, r.owner_first, r.owner_last, r.owner_email),
    devicesCount: Number(r.devices_count),
  }),
};

/** Devices that are not deleted by name, manufacturer or model, with company, location, group and controller. */
const devicesSearch: Search<DeviceRow, DeviceSearchItem> = {
  from: sql`from devices d
    join locations l on l.id = d.location_id
    join companies c on c.id = l.company_id
    left join device_groups dg on dg.id = d.device_group_id
    left join controllers ct on ct.id = d.controller_id
    left join device_state ds on ds.device_id = d.id`,
  siteColumn: sql`c.site_id`,
  companyColumn: sql`l.company_id`,
  where: sql`d.deleted_at is null`,
  text: [sql`d.name`, sql`d.manufacturer`, sql`d.model`],
  select: sql`d.id, d.name, d.category, coalesce(ds.status, ${DEVICE_STATUS_UNREPORTED}) as status,
    d.manufacturer, d.model, l.company_id,
    c.name as company_name, d.location_id, l.name as location_name, d.device_group_id,
    dg.name as device_group_name, d.controller_id, ct.alias as controller_alias,
    ct.serial as controller_serial`,
  order: sql`lower(d.name), d.id`,
  toItem: (r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    status: r.status,
    manufacturer: r.manufacturer,
    model: r.model,
    company: { id: r.company_id, name: r.company_name },
    location: { id: r.location_id, name: r.location_name },
    deviceGroup:
      r.device_group_id === null
        ? null
        : { id: r.device_group_id, name: r.device_group_name ?? '' },
    controller:
      r.controller_id === null
        ? null
        : {
            id: r.controller_id,
            alias: r.controller_alias,
            serial: r.controller_serial ?? '',
          },
  }),
};

/** The admin search's queries. */
export function createSearchRepository(db: Db) {
  /** A page of the rows in the scope that match the company filter and `q`, and how many match. */
  async function search<R extends Record<string, unknown>, T>(
    scope: SearchScope,
    filter: SearchFilter,
    query: Search<R, T>,
  ): Promise<Found<T>> {
    const inScope =
      scope.kind === 'site'
        ? sql`${query.siteColumn} = ${scope.siteId}`
        : sql`${query.companyColumn} = ${scope.companyId}`;
    const company =
      filter.companyId === undefined
        ? sql`true`
        : sql`${query.companyColumn} = ${filter.companyId}`;
    const text = matches(filter.q, query.text);
    const where = sql`${query.where ?? sql`true`} and ${inScope} and ${company} and (${text})`;
    const select =
      typeof query.select === 'function' ? query.select(scope.locations) : query.select;
    const [rows, counted] = await Promise.all([
      queryRows<R>(
        db,
        sql`select ${select} ${query.from} where ${where} order by ${query.order} ${pageOf(filter)}`,
      ),
      queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total ${query.from} where ${where}`,
      ),
    ]);
    return { rows: rows.map(query.toItem), total: Number(counted[0]?.total ?? 0) };
  }

  return {
    users: (scope: SearchScope, filter: SearchFilter) => search(scope, filter, usersSearch),
    locations: (scope: SearchScope, filter: SearchFilter) => search(scope, filter, locationsSearch),
    controllers: (scope: SearchScope, filter: SearchFilter) =>
      search(scope, filter, controllersSearch),
    devices: (scope: SearchScope, filter: SearchFilter) => search(scope, filter, devicesSearch),
  };
}

/** A person reference, or null without an id. */
function person(
  id: number | null,
  first: string | null,
  last: string | null,
  email: string | null,
): { id: number; fullName: string; email: string } | null {
  if (id === null) return null;
  const fullName = [first, last].filter(Boolean).join(' ') || (email ?? '');
  return { id, fullName, email: email ?? '' };
}

/** The search repository's interface. */
export type SearchRepository = ReturnType<typeof createSearchRepository>;
