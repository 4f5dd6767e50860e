import { useMemo } from 'react';
import type { MenuItem } from '@ec/contract';
import { useMenuData, useMenuLookup, type MenuLookup } from '../../features/menu/menu-context.tsx';
import type { EntityTrailLookup, TrailEntity } from '../../features/shell/breadcrumb-trail.ts';

function trailOf(items: readonly MenuItem[]): TrailEntity[] {
  return items.map((item) => ({
    type: item.type,
    id: item.data.entityId,
    title: item.title,
    href: item.href,
  }));
}

/**
 * The menu's trail for an entity. A company's root group has no item of its own: the company item (whose href is
 * the root group's page) stands for it.
 */
export function menuTrailLookup(lookup: MenuLookup, roots: readonly MenuItem[]): EntityTrailLookup {
  return (entity) => {
    const chain = lookup(entity.type, entity.id);
    if (chain) return trailOf(chain);
    if (entity.type !== 'location-group') return null;
    const company = roots.find(
      (item) => item.type === 'company' && item.href.endsWith(`/location-groups/${entity.id}`),
    );
    if (!company) return null;
    return [
      ...trailOf([company]),
      {
        type: 'location-group',
        id: entity.id,
        title: company.title,
        href: company.href,
        rootOf: company.data.entityId,
      },
    ];
  };
}

/** {@link menuTrailLookup} over the loaded menu (breadcrumbs, the navigation context, frame pages). */
export function useMenuTrail(): EntityTrailLookup {
  const lookup = useMenuLookup();
  const { roots } = useMenuData();
  return useMemo(() => menuTrailLookup(lookup, roots), [lookup, roots]);
}
