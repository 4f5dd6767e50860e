import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@ec/contract';
import { locationChildren, menuItem, sampleMenu } from './test-menu.ts';
import {
  answerFilter,
  findEntity,
  indexItems,
  findPathMatch,
  flattenVisible,
  mayHaveChildren,
  normaliseFilter,
  ownChildren,
  pathIsUnder,
  runFilter,
  type ChildrenOf,
  type FlattenInput,
} from './tree.ts';

const titles = (input: Partial<FlattenInput> & Pick<FlattenInput, 'roots'>) =>
  flattenVisible({
    childrenOf: ownChildren,
    choices: new Map(),
    pathExpanded: new Set(),
    filter: null,
    ...input,
  }).map((row) => `${'  '.repeat(row.level - 1)}${row.item.title}${row.expanded ? ' ▾' : ''}`);

describe('flattenVisible', () => {
  it('shows the top level collapsed, and children of expanded items in order', () => {
    const roots = sampleMenu();
    expect(titles({ roots })).toEqual(['Sunpower']);
    expect(
      titles({
        roots,
        choices: new Map([
          ['company:1', true],
          ['location-group:2', true],
        ]),
      }),
    ).toEqual(['Sunpower ▾', '  Ljubljana ▾', '    Hiša Bled', '    Pisarna', '  Maribor']);
  });

  it('gives each row its level, parent, position among siblings and expandability', () => {
    const rows = flattenVisible({
      roots: sampleMenu(),
      childrenOf: ownChildren,
      choices: new Map([
        ['company:1', true],
        ['location-group:2', true],
      ]),
      pathExpanded: new Set(),
      filter: null,
    });
    const office = rows.find((row) => row.item.title === 'Pisarna');
    expect(office).toMatchObject({
      level: 3,
      parentId: 'location-group:2',
      position: 2,
      siblings: 2,
      expandable: false,
    });
    expect(rows.find((row) => row.item.title === 'Hiša Bled')?.expandable).toBe(true);
  });

  it('auto-expands the items the current path lies under; the user can still close them', () => {
    const roots = sampleMenu();
    const match = findPathMatch(roots, ownChildren, '/locations/13/charts');
    const pathExpanded = new Set(match?.chain.map((item) => item.id));
    expect(titles({ roots, pathExpanded })).toEqual([
      'Sunpower ▾',
      '  Ljubljana',
      '  Maribor ▾',
      '    Skladišče ▾',
    ]);
    expect(
      titles({ roots, pathExpanded, choices: new Map([['location-group:3', false]]) }),
    ).toEqual(['Sunpower ▾', '  Ljubljana', '  Maribor']);
  });

  it('marks an expanded location without loaded children as loading, and shows them once loaded', () => {
    const roots = sampleMenu();
    const choices = new Map([
      ['company:1', true],
      ['location-group:2', true],
      ['location:11', true],
    ]);
    const loading = flattenVisible({
      roots,
      childrenOf: ownChildren,
      choices,
      pathExpanded: new Set(),
      filter: null,
    });
    expect(loading.find((row) => row.item.id === 'location:11')).toMatchObject({
      expanded: true,
      loading: true,
    });

    const lazy = new Map([['location:11', locationChildren('/locations/11')]]);
    const childrenOf: ChildrenOf = (item) => item.children ?? lazy.get(item.id) ?? null;
    expect(titles({ roots, childrenOf, choices }).slice(2, 5)).toEqual([
      '    Hiša Bled ▾',
      '      Garaža',
      '      Sončna elektrarna',
    ]);
  });
});

describe('filter', () => {
  const filtered = (query: string, roots: MenuItem[] = sampleMenu(), choices = new Map()) => {
    const filter = runFilter(roots, ownChildren, normaliseFilter(query));
    return titles({ roots, filter, choices });
  };

  it('matches titles case-insensitively and shows the matches with their ancestors expanded', () => {
    expect(filtered('  hiša ')).toEqual(['Sunpower ▾', '  Ljubljana ▾', '    Hiša Bled']);
    expect(filtered('SKLAD')).toEqual(['Sunpower ▾', '  Maribor ▾', '    Skladišče']);
  });

  it('keeps the content below a matching item browsable', () => {
    expect(filtered('ljubljana')).toEqual(['Sunpower ▾', '  Ljubljana']);
    expect(filtered('ljubljana', sampleMenu(), new Map([['location-group:2', true]]))).toEqual([
      'Sunpower ▾',
      '  Ljubljana ▾',
      '    Hiša Bled',
      '    Pisarna',
    ]);
  });

  it('shows nothing when nothing matches', () => {
    expect(filtered('zzz')).toEqual([]);
  });

  it('reports matched items and those containing a match', () => {
    const result = runFilter(sampleMenu(), ownChildren, normaliseFilter('Pis'));
    expect([...result.matched]).toEqual(['location:12']);
    expect([...result.containsMatch].sort()).toEqual(['company:1', 'location-group:2']);
  });

  it('opens the way to a match also below a matching item', () => {
    // "Sunpower" and "Skladišče" in it both match: the company is browsable, and the way to the location opens.
    const roots = [menuItem('company', 1, 'Sun', { children: sampleMenu()[0]?.children ?? [] })];
    const filter = {
      matched: new Set(['company:1', 'location:13']),
      containsMatch: new Set(['company:1', 'location-group:3']),
    };
    expect(titles({ roots, filter })).toEqual([
      'Sun ▾',
      '  Ljubljana',
      '  Maribor ▾',
      '    Skladišče',
    ]);
  });

  it('finds 1 of 5,000 locations in one pass', () => {
    const locations = Array.from({ length: 5000 }, (_, i) =>
      menuItem('location', i + 1, `Lokacija ${i + 1}`, { data: { hasChildren: false } }),
    );
    const roots = [menuItem('company', 1, 'Big', { children: locations })];
    expect(filtered('lokacija 4321', roots)).toEqual(['Big ▾', '  Lokacija 4321']);
  });
});

describe('answerFilter and indexItems (the server search)', () => {
  it("takes the answer's matches and marks every item with a match below it", () => {
    const result = answerFilter(sampleMenu(), ['location:12', 'location-group:3']);
    expect([...result.matched]).toEqual(['location:12', 'location-group:3']);
    expect([...result.containsMatch].sort()).toEqual(['company:1', 'location-group:2']);
  });

  it('indexes every item reachable with the known children', () => {
    const index = indexItems(sampleMenu(), ownChildren);
    expect([...index.keys()].sort()).toEqual([
      'company:1',
      'location-group:2',
      'location-group:3',
      'location:11',
      'location:12',
      'location:13',
    ]);
  });
});

describe('path matching', () => {
  it('is segment-wise', () => {
    expect(pathIsUnder('/locations/1', '/locations/1')).toBe(true);
    expect(pathIsUnder('/locations/1/charts', '/locations/1')).toBe(true);
    expect(pathIsUnder('/locations/1/', '/locations/1')).toBe(true);
    expect(pathIsUnder('/locations/12', '/locations/1')).toBe(false);
  });

  it('finds the deepest item through href or alias, with its ancestors', () => {
    const roots = sampleMenu();
    const viaAlias = findPathMatch(
      roots,
      ownChildren,
      '/companies/1/location-groups/2/locations/11/charts',
    );
    expect(viaAlias?.chain.map((item) => item.id)).toEqual([
      'company:1',
      'location-group:2',
      'location:11',
    ]);
    expect(viaAlias?.matchedHref).toBe('/companies/1/location-groups/2/locations/11');

    const group = findPathMatch(roots, ownChildren, '/companies/1/location-groups/3/summary');
    expect(group?.chain.map((item) => item.id)).toEqual(['company:1', 'location-group:3']);
    expect(findPathMatch(roots, ownChildren, '/user/settings')).toBeNull();
  });

  it('prefers a lazily loaded device group over its location', () => {
    const roots = sampleMenu();
    const lazy = new Map([['location:11', locationChildren('/locations/11')]]);
    const childrenOf: ChildrenOf = (item) => item.children ?? lazy.get(item.id) ?? null;
    const match = findPathMatch(roots, childrenOf, '/locations/11/device-groups/41');
    expect(match?.chain.at(-1)?.id).toBe('device-group:41');
  });
});

describe('findEntity and mayHaveChildren', () => {
  it('finds an entity by type and id with its ancestors', () => {
    expect(findEntity(sampleMenu(), ownChildren, 'location', 13)?.map((i) => i.title)).toEqual([
      'Sunpower',
      'Maribor',
      'Skladišče',
    ]);
    expect(findEntity(sampleMenu(), ownChildren, 'location-group', 13)).toBeNull();
  });

  it('uses loaded children first, then the hint, then the type', () => {
    expect(mayHaveChildren(menuItem('location-group', 1, 'x'), [])).toBe(false);
    expect(
      mayHaveChildren(menuItem('location', 1, 'x', { data: { hasChildren: false } }), null),
    ).toBe(false);
    expect(mayHaveChildren(menuItem('company', 1, 'x', { children: null }), null)).toBe(true);
    expect(mayHaveChildren(menuItem('device-group', 1, 'x', { children: null }), null)).toBe(false);
  });
});
