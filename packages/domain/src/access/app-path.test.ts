import { describe, expect, it } from 'vitest';
import { isInAppPath, matchesPattern, parseAppPath, patternSpecificity } from './app-path.ts';

describe('parseAppPath', () => {
  const table: [string, string[], string][] = [
    ['/', [], '/'],
    ['', [], '/'],
    ['/overview', ['overview'], '/overview'],
    ['/overview/', ['overview'], '/overview/'],
    ['/Admin/Search', ['admin', 'search'], '/Admin/Search'],
    [
      '/locations/5/charts?range=day#top',
      ['locations', '5', 'charts'],
      '/locations/5/charts?range=day#top',
    ],
    ['/auth/../overview', ['overview'], '/overview'],
    ['/auth/%2e%2e/overview', ['overview'], '/overview'],
    ['/%6Fverview', ['overview'], '/%6Fverview'],
    ['/bad/%E0%A4%A', ['bad', '%e0%a4%a'], '/bad/%E0%A4%A'],
    ['//evil.example/overview', [], '/'],
    ['https://evil.example/overview', [], '/'],
    ['http://app.invalid:8080/overview', [], '/'],
    ['overview', ['overview'], '/overview'],
  ];
  it.each(table)('%j → %j, %j', (path, segments, target) => {
    expect(parseAppPath(path)).toEqual({ segments, target });
  });
});

describe('matchesPattern', () => {
  const table: [string, string, boolean][] = [
    ['/', '/', true],
    ['/', '/overview', false],
    ['/support', '/support', true],
    ['/support', '/support/more', false],
    ['/setup/*', '/setup', true],
    ['/setup/*', '/setup/devices', true],
    ['/setup/*', '/setupx', false],
    ['/pricing/*', '/pricing-plans', false],
    ['/pricing/*', '/pricing/plans/3', true],
    ['/settings/global/*', '/settings', false],
    ['/settings/global/*', '/settings/global/companies/1/users', true],
  ];
  it.each(table)('%s on %s: %s', (pattern, path, expected) => {
    expect(matchesPattern(pattern, parseAppPath(path).segments)).toBe(expected);
  });
});

describe('patternSpecificity', () => {
  it('ranks deeper patterns first, and exact before subtree at the same depth', () => {
    const ranked = ['/a/*', '/', '/a/b/*', '/a', '/a/b'].sort(
      (x, y) => patternSpecificity(y) - patternSpecificity(x),
    );
    expect(ranked).toEqual(['/a/b', '/a/b/*', '/a', '/a/*', '/']);
  });
});

describe('isInAppPath', () => {
  const table: [unknown, boolean][] = [
    ['/locations/5', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['locations/5', false],
    ['', false],
    [null, false],
    [undefined, false],
    [5, false],
  ];
  it.each(table)('%j → %s', (value, expected) => {
    expect(isInAppPath(value)).toBe(expected);
  });
});
