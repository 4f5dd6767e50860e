import type { MenuItem } from '@ec/contract';
import { json } from '../../shared/test/fixtures.ts';

/**
 * GET /api/location-groups/:id for a fake API, answered for the groups a menu shows (a company item stands for its
 * root group): what the server lets the user see. Any other group is left to the fake's 404.
 */
export function groupsOfMenu(structure: readonly MenuItem[]) {
  const groups = new Map<number, { name: string; companyId: number }>();
  const visit = (item: MenuItem, companyId: number) => {
    if (item.type === 'location-group')
      groups.set(item.data.entityId, { name: item.title, companyId });
    if (item.type === 'company') {
      const root = /\/location-groups\/(\d+)$/.exec(item.href)?.[1];
      if (root) groups.set(Number(root), { name: item.title, companyId: item.data.entityId });
    }
    const company = item.type === 'company' ? item.data.entityId : companyId;
    for (const child of item.children ?? []) visit(child, company);
  };
  for (const item of structure) visit(item, item.data.companyId ?? item.data.entityId);
  return (url: URL): Response | undefined => {
    const id = /^\/api\/location-groups\/(\d+)$/.exec(url.pathname)?.[1];
    const group = id ? groups.get(Number(id)) : undefined;
    return group
      ? json(200, {
          data: {
            group: {
              id: Number(id),
              name: group.name,
              parentId: null,
              companyId: group.companyId,
              locationsCount: 0,
              childrenCount: 0,
            },
          },
        })
      : undefined;
  };
}
