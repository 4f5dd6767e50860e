import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useFavicon } from './document-head.ts';

describe('documentTitle', () => {
  it('uses the route title, then the platform name, then "Cloud"', () => {
    expect(documentTitle('Sign in', 'Energy Hub')).toBe('Sign in');
    expect(documentTitle(undefined, 'Energy Hub')).toBe('Energy Hub');
    expect(documentTitle(undefined, undefined)).toBe('Cloud');
    expect(documentTitle('', '')).toBe('Cloud');
  });
});

describe('useFavicon', () => {
  it("sets the site's favicon on the icon link", () => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
    renderHook(() => useFavicon('/media/sites/acme/favicon.png'));
    const link = document.head.querySelector('link[rel="icon"]');
    expect(link?.getAttribute('href')).toBe('/media/sites/acme/favicon.png');
    expect(link?.hasAttribute('type')).toBe(false);
  });
});
