import { describe, expect, it } from 'vitest';
import type { NavigationContext } from '@ec/domain';
import {
  nextNavigationContext,
  readNavigationContext,
  writeNavigationContext,
  type NavigationPage,
} from './navigation-context.ts';

const group: NavigationContext = {
  type: 'location-group',
  id: 2,
  title: 'Ljubljana',
  href: '/companies/1/location-groups/2/flexibility',
};
const source: NavigationPage = { role: 'source', context: group };
const keep: NavigationPage = { role: 'keep', context: null };
const other: NavigationPage = { role: undefined, context: null };

describe('nextNavigationContext', () => {
  it.each([
    ['source → keep stores the source', null, source, keep, group],
    ['keep → keep keeps it', group, keep, keep, group],
    ['keep → other clears it', group, keep, other, null],
    ['source → source clears it', group, source, source, null],
    ['other → keep has none', group, other, keep, null],
  ] as const)('%s', (_name, saved, from, to, expected) => {
    expect(nextNavigationContext(saved, from, to)).toEqual(expected);
  });
});

describe('stored context', () => {
  it('round-trips through session storage and is dropped when incomplete', () => {
    writeNavigationContext(group);
    expect(readNavigationContext()).toEqual(group);
    window.sessionStorage.setItem(
      'ec.navigation-context',
      JSON.stringify({ ...group, title: ' ' }),
    );
    expect(readNavigationContext()).toBeNull();
    window.sessionStorage.setItem('ec.navigation-context', '{not json');
    expect(readNavigationContext()).toBeNull();
    writeNavigationContext(null);
    expect(window.sessionStorage.getItem('ec.navigation-context')).toBeNull();
  });
});
