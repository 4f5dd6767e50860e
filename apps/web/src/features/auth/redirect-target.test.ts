import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirectTarget } from './redirect-target.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/support?tab=1', '/support?tab=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/auth/login', '/'],
    ['/auth', '/'],
    ['/authors', '/authors'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});

describe('loginUrlFor', () => {
  it('keeps the page to return to', () => {
    expect(loginUrlFor('/privacy-policy?x=1')).toBe(
      '/auth/login?redirect=%2Fprivacy-policy%3Fx%3D1',
    );
  });
  it('omits the redirect for the home page', () => {
    expect(loginUrlFor('/')).toBe('/auth/login');
  });
});
