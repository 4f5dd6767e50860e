import { describe, expect, it } from 'vitest';
import { isCompleteNavigationContext } from './navigation-context.ts';

const complete = {
  type: 'location-group',
  id: 11,
  title: 'North',
  href: '/companies/1/location-groups/11',
};

describe('isCompleteNavigationContext (all four parts present)', () => {
  const table: [string, unknown, boolean][] = [
    ['complete', complete, true],
    ['string id', { ...complete, id: '11' }, true],
    ['id 0 is present', { ...complete, id: 0 }, true],
    ['extra fields are fine', { ...complete, extra: true }, true],
    ['missing type', { ...complete, type: undefined }, false],
    ['blank type', { ...complete, type: '  ' }, false],
    ['missing id', { ...complete, id: undefined }, false],
    ['null id', { ...complete, id: null }, false],
    ['blank string id', { ...complete, id: '' }, false],
    ['NaN id', { ...complete, id: Number.NaN }, false],
    ['missing title', { ...complete, title: undefined }, false],
    ['empty title', { ...complete, title: '' }, false],
    ['missing href', { ...complete, href: undefined }, false],
    ['empty href', { ...complete, href: '' }, false],
    ['href to another site', { ...complete, href: '//evil.example/x' }, false],
    ['absolute URL href', { ...complete, href: 'https://evil.example/x' }, false],
    ['wrong type of title', { ...complete, title: 5 }, false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['a string', 'context', false],
    ['an empty object', {}, false],
  ];
  it.each(table)('%s → %s', (_name, ctx, expected) => {
    expect(isCompleteNavigationContext(ctx)).toBe(expected);
  });
});
