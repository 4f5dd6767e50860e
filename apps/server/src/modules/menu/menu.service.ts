import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { z } from 'zod';
import { menuCompanySchema, menuItemSchema, type MenuCompany, type MenuItem } from '@ec/contract';
import { notFound } from '../../errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrgAccess } from '../org/org-access.ts';
import { companyItem, companyStructure, locationStructure, menuCompany } from './menu.build.ts';
import type {
  CompanyGroupRow,
  CompanyHead,
  CompanyLocationRow,
  MenuRepository,
  NameMatches,
  SearchReach,
} from './menu.repository.ts';

const gzip = promisify(gzipCallback);

/**
 * Bumped when the shape of the cached JSON changes, so clients holding an ETag of an older server build fetch the
 * tree again instead of getting 304.
 */
const MENU_FORMAT = 1;

/** Companies whose serialised tree is kept (least recently used ones are dropped first). */
const DEFAULT_CACHE_COMPANIES = 200;

const structureSchema = z.array(menuItemSchema);

/**
 * A ready answer for admins: the whole `{ data }` envelope, serialised once per company and menu_version, with
 * its ETag; the gzip form is made on first demand and kept with it.
 */
export interface CachedAnswer {
  etag: string;
  body: Buffer;
  gzip(): Promise<Buffer>;
}

/** An answer of GET /menu or GET /menu/:companyId: cached for admins, built per request for everyone else. */
export type MenuAnswer<T> = { cached: CachedAnswer } | { value: T };

interface TreeEntry {
  version: number;
  /** The validated structure array as JSON. */
  structureJson: string;
  company: MenuCompany;
  /** Answers built from the tree, by route ('company' | 'menu'). */
  answers: Map<string, CachedAnswer>;
  /** The structure as objects, parsed once on the first search that needs it (never changed: answers copy). */
  parsed?: MenuItem[];
}

/** The cached tree's items (the sidebar search walks them). */
function parsedStructure(entry: TreeEntry): MenuItem[] {
  entry.parsed ??= JSON.parse(entry.structureJson) as MenuItem[];
  return entry.parsed;
}

function cachedAnswer(etag: string, json: string): CachedAnswer {
  const body = Buffer.from(json, 'utf8');
  let zipped: Promise<Buffer> | null = null;
  return {
    etag,
    body,
    gzip() {
      zipped ??= gzip(body, { level: 6 });
      return zipped;
    },
  };
}

/** How many serialised location answers (per location, version, level and prefix) are kept. */
const LOCATION_ANSWERS_LIMIT = 20_000;

/** The sidebar menu (docs/organisation.md "Menu (sidebar)"). */
export function createMenuService(deps: {
  repo: MenuRepository;
  access: OrgAccess;
  /** How many companies' trees are cached (default 200). */
  cacheCompanies?: number;
}) {
  const { repo, access } = deps;
  const limit = deps.cacheCompanies ?? DEFAULT_CACHE_COMPANIES;
  const trees = new Map<number, TreeEntry>();
  const building = new Map<string, Promise<TreeEntry>>();
  const locationAnswers = new Map<string, CachedAnswer>();

  /** Whether the actor administers the whole company (super admin of its site, aggregator of it). */
  function administers(actor: Actor, head: CompanyHead): boolean {
    const scope = access.scopeOf(actor);
    if (head.siteId !== scope.siteId) return false;
    return scope.kind === 'site' || (scope.kind === 'company' && scope.companyId === head.id);
  }

  async function build(head: CompanyHead & { rootGroupId: number }): Promise<TreeEntry> {
    const { groups, locations } = await repo.companyTree(head.id);
    // Validated once here, so the cached bytes can skip the registrar's response schema.
    const structure = structureSchema.parse(companyStructure(head, groups, locations));
    return {
      version: head.menuVersion,
      structureJson: JSON.stringify(structure),
      company: menuCompanySchema.parse(menuCompany(head)),
      answers: new Map(),
    };
  }

  /** The cached tree of the company at the version `head` was read with (built once per version). */
  async function tree(head: CompanyHead & { rootGroupId: number }): Promise<TreeEntry> {
    const found = trees.get(head.id);
    if (found && found.version === head.menuVersion) {
      trees.delete(head.id);
      trees.set(head.id, found);
      return found;
    }
    const key = `${head.id}:${head.menuVersion}`;
    let pending = building.get(key);
    if (!pending) {
      pending = build(head).finally(() => building.delete(key));
      building.set(key, pending);
    }
    const entry = await pending;
    const current = trees.get(head.id);
    if (!current || current.version <= entry.version) {
      trees.delete(head.id);
      trees.set(head.id, entry);
      for (const oldest of trees.keys()) {
        if (trees.size <= limit) break;
        trees.delete(oldest);
      }
    }
    return entry;
  }

  function answer(entry: TreeEntry, kind: 'company' | 'menu', make: () => CachedAnswer) {
    let found = entry.answers.get(kind);
    if (!found) {
      found = make();
      entry.answers.set(kind, found);
    }
    return found;
  }

  const hasRoot = (head: CompanyHead): head is CompanyHead & { rootGroupId: number } =>
    head.rootGroupId !== null;

  /** The company's part a non-admin sees, or null when they see nothing of it. */
  async function grantedStructure(actor: Actor, head: CompanyHead) {
    const [groups, locations] = await Promise.all([
      repo.groupsWhere(access.groupFilter(actor), head.id),
      repo.locationsWhere(access.locationFilter(actor), head.id),
    ]);
    if (groups.length === 0 && locations.length === 0) return null;
    return {
      structure: companyStructure(head, groups, locations),
      rootVisible: groups.some((g) => g.id === head.rootGroupId),
    };
  }

  return {
    /** GET /menu/:companyId. */
    async company(
      actor: Actor,
      companyId: number,
    ): Promise<MenuAnswer<{ structure: MenuItem[]; company: MenuCompany }>> {
      const head = await repo.companyHead(companyId);
      if (!head || !hasRoot(head) || head.siteId !== actor.user.siteId) throw notFound();
      if (administers(actor, head)) {
        const entry = await tree(head);
        return {
          cached: answer(entry, 'company', () =>
            cachedAnswer(
              `"mc${MENU_FORMAT}-${head.id}-${entry.version}"`,
              `{"data":{"structure":${entry.structureJson},"company":${JSON.stringify(entry.company)}}}`,
            ),
          ),
        };
      }
      if (access.scopeOf(actor).kind !== 'grants') throw notFound();
      const granted = await grantedStructure(actor, head);
      const company = menuCompany(head);
      if (!granted || !company) throw notFound();
      return { value: { structure: granted.structure, company } };
    },

    /** GET /menu. */
    async menu(
      actor: Actor,
    ): Promise<MenuAnswer<{ structure: MenuItem[]; company: MenuCompany | null }>> {
      const scope = access.scopeOf(actor);
      if (scope.kind === 'site') {
        const companies = await repo.companiesOfSite(scope.siteId);
        return {
          value: {
            structure: companies.map((c) =>
              companyItem(c, null, { hasChildren: c.hasChildren, navigable: true }),
            ),
            company: null,
          },
        };
      }
      if (scope.kind === 'company') {
        const head = scope.companyId === null ? undefined : await repo.companyHead(scope.companyId);
        if (!head || !hasRoot(head) || head.siteId !== scope.siteId) {
          return { value: { structure: [], company: null } };
        }
        const entry = await tree(head);
        return {
          cached: answer(entry, 'menu', () => {
            const item = companyItem(head, null, {
              hasChildren: entry.structureJson !== '[]',
              navigable: true,
            });
            const { children: _children, ...rest } = item;
            const itemJson = `${JSON.stringify(rest).slice(0, -1)},"children":${entry.structureJson}}`;
            return cachedAnswer(
              `"mm${MENU_FORMAT}-${head.id}-${entry.version}"`,
              `{"data":{"structure":[${itemJson}],"company":${JSON.stringify(entry.company)}}}`,
            );
          }),
        };
      }
      const [groups, locations] = await Promise.all([
        repo.groupsWhere(access.groupFilter(actor)),
        repo.locationsWhere(access.locationFilter(actor)),
      ]);
      const companyIds = new Set([
        ...groups.map((g) => g.companyId),
        ...locations.map((l) => l.companyId),
      ]);
      const heads = (await repo.companyHeads([...companyIds])).sort(
        (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
      );
      const structure = heads.map((head) => {
        const own = groups.filter((g) => g.companyId === head.id);
        const children = companyStructure(
          head,
          own,
          locations.filter((l) => l.companyId === head.id),
        );
        return companyItem(head, children, {
          hasChildren: children.length > 0,
          navigable: head.rootGroupId !== null && own.some((g) => g.id === head.rootGroupId),
        });
      });
      return { value: { structure, company: null } };
    },

    /**
     * GET /menu/search: the sidebar filter over everything the actor may see (docs/organisation.md "Menu"):
     * companies, groups, locations, device groups and devices whose name contains `q` (case-insensitive), each
     * with the way to it as menu items (the same ids, hrefs, levels and pruning as GET /menu and
     * /menu/locations/:id, so the client can merge them into its tree). At most `limit` matches (companies
     * first, then groups, locations, device groups, devices; each kind by name); `total` counts them all.
     */
    async search(
      actor: Actor,
      options: { q: string; limit?: number | undefined },
    ): Promise<MenuSearchAnswer> {
      const limit = Math.min(options.limit ?? MENU_SEARCH_LIMIT.default, MENU_SEARCH_LIMIT.max);
      const scope = access.scopeOf(actor);
      const locationFilter = access.locationFilter(actor);
      let reach: SearchReach;
      // A user with grants: the granted groups and visible locations of every company (as GET /menu reads them).
      let granted: { groups: CompanyGroupRow[]; locations: CompanyLocationRow[] } | null = null;
      if (scope.kind === 'site') {
        reach = {
          siteId: scope.siteId,
          companyIds: null,
          groupIds: null,
          locations: locationFilter,
        };
      } else if (scope.kind === 'company') {
        const companyIds = scope.companyId === null ? [] : [scope.companyId];
        reach = { siteId: scope.siteId, companyIds, groupIds: null, locations: locationFilter };
      } else {
        const [groups, locations] = await Promise.all([
          repo.groupsWhere(access.groupFilter(actor)),
          repo.locationsWhere(locationFilter),
        ]);
        granted = { groups, locations };
        const companyIds = [
          ...new Set([...groups.map((g) => g.companyId), ...locations.map((l) => l.companyId)]),
        ];
        reach = {
          siteId: scope.siteId,
          companyIds,
          groupIds: groups.map((g) => g.id),
          locations: locationFilter,
        };
      }
      const found = await repo.searchNames(reach, options.q, limit);
      const total = Object.values(found).reduce((sum, kind) => sum + kind.total, 0);

      // The first `limit` matches, higher levels first.
      let room = limit;
      const take = (kind: NameMatches) => {
        const rows = kind.rows.slice(0, Math.max(room, 0));
        room -= rows.length;
        return rows;
      };
      const companies = take(found.companies);
      const groups = take(found.groups);
      const locations = take(found.locations);
      const deviceGroups = take(found.deviceGroups);
      const devices = take(found.devices);
      const matched = new Set<string>([
        ...companies.map((r) => `company:${r.id}`),
        ...groups.map((r) => `location-group:${r.id}`),
        ...locations.map((r) => `location:${r.id}`),
        ...deviceGroups.map((r) => `device-group:${r.id}`),
        ...devices.map((r) => `device:${r.id}`),
      ]);
      if (matched.size === 0) return { structure: [], matches: [], total };

      // The locations holding matched device groups or devices: their company, and what to show below them.
      const holding = [...new Set([...deviceGroups, ...devices].map((r) => r.parentId))];
      const [holdingRows, children] = await Promise.all([
        repo.locationsByIds(holding),
        repo.matchedChildren(
          deviceGroups.map((r) => r.id),
          devices.map((r) => r.id),
        ),
      ]);
      const companyIds = [
        ...new Set([
          ...companies.map((r) => r.id),
          ...groups.map((r) => r.parentId),
          ...locations.map((r) => r.parentId),
          ...holdingRows.map((l) => l.companyId),
        ]),
      ];
      const heads = (await repo.companyHeads(companyIds))
        .filter((head) => head.siteId === scope.siteId)
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

      const matches: string[] = [];
      const structure: MenuItem[] = [];
      for (const head of heads) {
        // The company's whole visible tree, exactly as GET /menu and /menu/:companyId build it.
        let full: MenuItem[];
        let navigable = true;
        if (granted) {
          const own = granted.groups.filter((g) => g.companyId === head.id);
          full = companyStructure(
            head,
            own,
            granted.locations.filter((l) => l.companyId === head.id),
          );
          navigable = head.rootGroupId !== null && own.some((g) => g.id === head.rootGroupId);
        } else if (hasRoot(head)) {
          full = parsedStructure(await tree(head));
        } else {
          full = [];
        }
        const withChildren = (item: MenuItem): MenuItem => {
          if (item.type === 'location') {
            const below = children.get(item.data.entityId);
            if (!below) return item;
            return {
              ...item,
              children: locationStructure(
                head.id,
                item.href,
                item.level + 1,
                below.deviceGroups,
                below.devices,
              ),
            };
          }
          return item.children ? { ...item, children: item.children.map(withChildren) } : item;
        };
        const company = companyItem(head, full.map(withChildren), {
          hasChildren: full.length > 0,
          navigable,
        });
        structure.push(...pruneToMatches([company], matched, matches));
      }
      return { structure, matches, total };
    },

    /** GET /menu/locations/:id: the location's device groups and devices under `prefix`. */
    async location(
      actor: Actor,
      id: number,
      options: { level?: number | undefined; prefix?: string | undefined },
    ): Promise<{ cached: CachedAnswer }> {
      const { row, companyMenuVersion } = await access.requireLocation(actor, id, 'view');
      const prefix = options.prefix ?? `/locations/${row.id}`;
      const level = options.level ?? 1;
      // Every change below a location bumps its company's menu_version (triggers), so an answer built for the
      // same version, prefix and level is still right; access was checked above for this very request.
      const key = `${row.id}\u0000${companyMenuVersion}\u0000${level}\u0000${prefix}`;
      const cached = locationAnswers.get(key);
      if (cached) return { cached };
      const children = await repo.locationChildren(row.id);
      const structure = locationStructure(
        row.companyId,
        prefix,
        level,
        children.deviceGroups,
        children.devices,
      );
      const tag = createHash('sha256').update(key).digest('base64url').slice(0, 16);
      const body = cachedAnswer(
        `"ml${MENU_FORMAT}-${row.id}-${companyMenuVersion}-${tag}"`,
        JSON.stringify({ data: { structure } }),
      );
      locationAnswers.set(key, body);
      for (const oldest of locationAnswers.keys()) {
        if (locationAnswers.size <= LOCATION_ANSWERS_LIMIT) break;
        locationAnswers.delete(oldest);
      }
      return { cached: body };
    },
  };
}

/** What GET /menu/search answers. */
export interface MenuSearchAnswer {
  structure: MenuItem[];
  matches: string[];
  total: number;
}

/** Default and largest number of matches in one answer of the sidebar search. */
export const MENU_SEARCH_LIMIT = { default: 100, max: 200 } as const;

/**
 * The part of `items` that leads to a match: matching items, and items with a match below them whose children are
 * cut down to those leading to matches. A matching item without matches below keeps what the user can browse
 * when that is known and small (a device group's devices); groups, locations and companies get `children: null`
 * ("load it": the client knows or loads the real children). `matches` collects the ids in display order.
 */
function pruneToMatches(
  items: readonly MenuItem[],
  matched: ReadonlySet<string>,
  matches: string[],
): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    const self = matched.has(item.id);
    if (self) matches.push(item.id);
    const below = item.children ? pruneToMatches(item.children, matched, matches) : [];
    if (!self && below.length === 0) continue;
    let children: MenuItem[] | null;
    if (below.length > 0) children = below;
    else if (item.type === 'device-group' || item.type === 'device') children = item.children;
    else if (item.type === 'location-group' && item.data.hasChildren === false) children = [];
    else children = null;
    kept.push({ ...item, children });
  }
  return kept;
}

/** The menu service's interface. */
export type MenuService = ReturnType<typeof createMenuService>;
