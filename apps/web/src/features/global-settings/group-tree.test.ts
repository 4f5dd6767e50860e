import { describe, expect, it } from 'vitest';
import type { LocationGroup, MenuItem } from '@ec/contract';
import { isDeletable, locationsByGroup, moveTargets, orderTree, subtreeIds } from './group-tree.ts';

const group = (
  id: number,
  name: string,
  parentId: number | null,
  extra: Partial<LocationGroup> = {},
): LocationGroup => ({
  id,
  name,
  parentId,
  companyId: 1,
  locationsCount: 0,
  childrenCount: 0,
  ...extra,
});

// Root › (Styria › Graz, Carinthia)
const acme = group(1, 'Acme', null, { childrenCount: 2 });
const styria = group(3, 'Styria', 1, { childrenCount: 1 });
const graz = group(4, 'Graz', 3);
const groups = [acme, styria, group(2, 'Carinthia', 1, { locationsCount: 2 }), graz];

describe('group tree', () => {
  it('orders parents before children, siblings by name, with depth and path', () => {
    expect(orderTree(groups).map((t) => [t.group.name, t.depth, t.path.join(' › ')])).toEqual([
      ['Acme', 0, 'Acme'],
      ['Carinthia', 1, 'Acme › Carinthia'],
      ['Styria', 1, 'Acme › Styria'],
      ['Graz', 2, 'Acme › Styria › Graz'],
    ]);
  });

  it('starts a branch at the top when the parent is not visible', () => {
    expect(orderTree([group(4, 'Graz', 3)]).map((t) => t.depth)).toEqual([0]);
  });

  it('collects a subtree', () => {
    expect([...subtreeIds(groups, 3)].sort()).toEqual([3, 4]);
    expect([...subtreeIds(groups, 1)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('offers as move targets neither the group, its subgroups nor its current parent', () => {
    const tree = orderTree(groups);
    expect(moveTargets(tree, styria).map((t) => t.group.name)).toEqual(['Carinthia']);
    expect(moveTargets(tree, graz).map((t) => t.group.name)).toEqual(['Acme', 'Carinthia']);
    // The root never moves.
    expect(moveTargets(tree, acme)).toEqual([]);
  });

  it('allows deleting only empty groups below the root', () => {
    expect(groups.map(isDeletable)).toEqual([false, false, false, true]);
  });

  it('reads the locations of each group from the menu tree', () => {
    const item = (
      type: MenuItem['type'],
      entityId: number,
      title: string,
      children: MenuItem[] | null = null,
    ): MenuItem => ({
      id: `${type}:${entityId}`,
      title,
      href: '/',
      type,
      level: 1,
      children,
      aliases: [],
      data: { entityId },
    });
    const structure = [
      item('location-group', 3, 'Styria', [
        item('location-group', 4, 'Graz', [item('location', 40, 'Graz HQ')]),
        item('location', 30, 'Leoben'),
      ]),
      item('location', 10, 'Head office'),
    ];
    const byGroup = locationsByGroup(structure, 1);
    expect(Object.fromEntries([...byGroup].map(([id, l]) => [id, l.map((x) => x.name)]))).toEqual({
      1: ['Head office'],
      3: ['Leoben'],
      4: ['Graz HQ'],
    });
  });
});
