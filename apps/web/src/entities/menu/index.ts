// The sidebar menu as a resource: its query keys, its queries and the refresh every tree-changing feature calls.
export { menuKey, menuKeys, refreshMenu } from './menu-keys.ts';
export {
  MENU_SEARCH_LIMIT,
  companyMenuQueryOptions,
  locationChildrenQueryOptions,
  menuQueryOptions,
  menuSearchQueryOptions,
  type MenuAnswer,
  type MenuSearchAnswer,
} from './menu-queries.ts';
