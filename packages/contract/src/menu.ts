import { z } from 'zod';
import { DEVICE_CATEGORIES, MENU_ITEM_TYPES } from '@ec/domain';
import { idParam } from './common.ts';
import { defineRoute } from './http.ts';
import { singleLineText } from './text.ts';

// The sidebar menu (spec 000 §2 Layout, §3, §4, §7; docs/organisation.md "Menu (sidebar)").

/** What the client needs besides title and href: the entity behind the item. */
export const menuItemDataSchema = z
  .object({
    /** The numeric id of the company, group, location, device group or device. */
    entityId: z.number().int(),
    companyId: z.number().int().optional(),
    /** Devices only: the icon to show. */
    category: z.enum(DEVICE_CATEGORIES).optional(),
    /** Locations: whether lazy children (device groups, devices) exist; groups and companies: any children. */
    hasChildren: z.boolean().optional(),
    /**
     * false when the user may not open the item's own page (a company shown to a user who only holds grants
     * inside it); absent means the page can be opened.
     */
    navigable: z.boolean().optional(),
  })
  .meta({ id: 'MenuItemData' });

/** A sidebar menu item (spec 000 §3). */
export interface MenuItem {
  /** `<type>:<numeric id>`, e.g. `location:42`. */
  id: string;
  title: string;
  href: string;
  type: (typeof MENU_ITEM_TYPES)[number];
  /** Depth in the tree, 0 at the top of the answer that first delivered the tree. */
  level: number;
  /** null: not loaded yet (a location's device groups and devices, a super admin's companies). */
  children: MenuItem[] | null;
  /** Other app paths that open the same item (the location subtree repeats under groups and companies). */
  aliases: string[];
  data: z.infer<typeof menuItemDataSchema>;
}

/** A sidebar menu item; `children` nests the same shape. */
export const menuItemSchema: z.ZodType<MenuItem> = z
  .object({
    id: z.string(),
    title: z.string(),
    href: z.string(),
    type: z.enum(MENU_ITEM_TYPES),
    level: z.number().int(),
    get children() {
      return z.array(menuItemSchema).nullable();
    },
    aliases: z.array(z.string()),
    data: menuItemDataSchema,
  })
  .meta({ id: 'MenuItem' });

/** The company a menu belongs to, with the root group its href opens. */
export const menuCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    rootGroup: z.object({ id: z.number().int() }),
  })
  .meta({ id: 'MenuCompany' });
/** The company a menu belongs to. */
export type MenuCompany = z.infer<typeof menuCompanySchema>;

/**
 * An app path under which a location's children are placed, e.g. `/companies/3/location-groups/7/locations/42`:
 * absolute, segments of letters, digits, `-` and `_` only (no scheme, no `..`, no query).
 */
export const menuPrefixSchema = z
  .string()
  .max(300)
  .regex(/^(\/[A-Za-z0-9_-]+)+$/);

/** The sidebar filter's text: 1–100 characters after trimming (the server looks it up in names, ILIKE). */
export const menuSearchQuerySchema = z.strictObject({
  q: singleLineText().min(1).max(100),
  /** Most matches to answer (default 100, at most 200). */
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** The sidebar menu. */
export const menuRoutes = {
  menu: defineRoute({
    method: 'GET',
    path: '/menu',
    summary:
      "The signed-in user's menu. Super admin: the site's companies (children null, load them with " +
      '/menu/{companyId}); aggregator: their company with its tree; others: the companies they hold grants in, ' +
      'each with the granted part of the tree (groups the user cannot open are left out and their visible ' +
      'content moves up). company: the aggregator’s company, otherwise null',
    tags: ['menu'],
    access: { kind: 'session' },
    data: z.object({ structure: z.array(menuItemSchema), company: menuCompanySchema.nullable() }),
  }),
  search: defineRoute({
    method: 'GET',
    path: '/menu/search',
    summary:
      'The sidebar filter over the whole tree the user may see (also companies, groups and locations never ' +
      'loaded, device groups and devices): items whose name contains q (case-insensitive), each with the way ' +
      'to it as menu items with the same ids, hrefs and levels as GET /menu and /menu/locations/{id}. ' +
      'structure holds only matches and their ancestors (an ancestor’s children: the ones leading to matches; a ' +
      'match without matches below: children null — load or browse the real ones — except device groups, ' +
      'which keep their devices). matches: the ids of the matching items in display order, at most limit ' +
      '(companies first, then groups, locations, device groups, devices; each by name); total: all matches',
    tags: ['menu'],
    access: { kind: 'session' },
    query: menuSearchQuerySchema,
    data: z.object({
      structure: z.array(menuItemSchema),
      matches: z.array(z.string()),
      total: z.number().int(),
    }),
  }),
  company: defineRoute({
    method: 'GET',
    path: '/menu/:companyId',
    summary:
      "A company's groups and locations below its root group (level 1 and deeper; locations' children null). " +
      'Admins get the whole tree (cached per company menu_version, ETag, 304 on If-None-Match); others the ' +
      'part they see. 404 when the user sees nothing of the company',
    tags: ['menu'],
    access: { kind: 'session' },
    params: z.strictObject({ companyId: idParam }),
    data: z.object({ structure: z.array(menuItemSchema), company: menuCompanySchema }),
  }),
  location: defineRoute({
    method: 'GET',
    path: '/menu/locations/:id',
    summary:
      "A location's lazy children: its device groups (with their devices), then ungrouped devices. level is " +
      'the level of the returned items (default 1); prefix is the href of the location item (default ' +
      '/locations/{id}), children hrefs are built under it. 404 when the location is not visible',
    tags: ['menu'],
    access: { kind: 'session' },
    params: z.strictObject({ id: idParam }),
    query: z.strictObject({
      level: z.coerce.number().int().min(0).max(100).optional(),
      prefix: menuPrefixSchema.optional(),
    }),
    data: z.object({ structure: z.array(menuItemSchema) }),
  }),
} as const;
