import type { LocationGroup, MenuItem } from '@ec/contract';

// The location-group tree of one company as the group screen shows it (spec 001 §5 move and delete rules).

/** A group in the tree, with its depth (the root is 0) and the place it is shown at. */
export interface TreeGroup {
  group: LocationGroup;
  depth: number;
  /** The names from the root down to this group (the move picker shows where a target lies). */
  path: string[];
}

/**
 * The groups in display order: every group after its parent, siblings by name, each with its depth. Groups
 * whose parent is not in the list (a user who sees only part of a tree) start their own branch at depth 0.
 */
export function orderTree(groups: readonly LocationGroup[], locale = 'en'): TreeGroup[] {
  const ids = new Set(groups.map((g) => g.id));
  const children = new Map<number | null, LocationGroup[]>();
  for (const group of groups) {
    const parent = group.parentId !== null && ids.has(group.parentId) ? group.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(group);
    children.set(parent, list);
  }
  const byName = (a: LocationGroup, b: LocationGroup) => a.name.localeCompare(b.name, locale);
  const result: TreeGroup[] = [];
  const visit = (parent: number | null, depth: number, path: string[]) => {
    for (const group of (children.get(parent) ?? []).sort(byName)) {
      const own = [...path, group.name];
      result.push({ group, depth, path: own });
      visit(group.id, depth + 1, own);
    }
  };
  visit(null, 0, []);
  return result;
}

/** The ids of `groupId` and every group below it. */
export function subtreeIds(groups: readonly LocationGroup[], groupId: number): Set<number> {
  const result = new Set([groupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parentId !== null && result.has(group.parentId) && !result.has(group.id)) {
        result.add(group.id);
        grew = true;
      }
    }
  }
  return result;
}

/**
 * Where `group` may move: any group of the company except itself, the groups below it (a cycle) and its current
 * parent (already there). The root group never moves, so it has no targets.
 */
export function moveTargets(tree: readonly TreeGroup[], group: LocationGroup): TreeGroup[] {
  if (group.parentId === null) return [];
  const excluded = subtreeIds(
    tree.map((t) => t.group),
    group.id,
  );
  return tree.filter((t) => !excluded.has(t.group.id) && t.group.id !== group.parentId);
}

/** Whether a group may be deleted: not the root, and no groups or locations left in it. */
export function isDeletable(group: LocationGroup): boolean {
  return group.parentId !== null && group.childrenCount === 0 && group.locationsCount === 0;
}

/** A location as the group screen lists it. */
export interface GroupLocation {
  id: number;
  name: string;
}

/**
 * The locations of each group, read from the company's menu tree (GET /menu/:companyId): locations at the top
 * level belong to the root group, the others to the group item they hang under.
 */
export function locationsByGroup(
  structure: readonly MenuItem[],
  rootGroupId: number,
): Map<number, GroupLocation[]> {
  const result = new Map<number, GroupLocation[]>();
  const add = (groupId: number, item: MenuItem) => {
    const list = result.get(groupId) ?? [];
    list.push({ id: item.data.entityId, name: item.title });
    result.set(groupId, list);
  };
  const visit = (items: readonly MenuItem[], groupId: number) => {
    for (const item of items) {
      if (item.type === 'location') add(groupId, item);
      else if (item.type === 'location-group') visit(item.children ?? [], item.data.entityId);
    }
  };
  visit(structure, rootGroupId);
  return result;
}
