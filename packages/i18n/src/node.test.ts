import { describe, expect, it } from 'vitest';
// i18next is a dependency of the web app; npm hoists it to the root node_modules, so the test drives the same
// library (and its Intl.PluralRules-based form selection) that renders the shipped catalogs in the browser.
import i18next from 'i18next';
import { LOCALES } from '@ec/domain';
import type { Locale } from '@ec/domain';

import { checkCatalogs } from './catalog.ts';
import type { Catalog } from './index.ts';
import { loadCatalog } from './node.ts';

async function translator(locale: Locale) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: loadCatalog(locale) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('loadCatalog', () => {
  it('loads every shipped locale', () => {
    for (const locale of LOCALES) {
      expect(loadCatalog(locale)).toHaveProperty('common');
    }
  });

  it('returns the same object on later calls', () => {
    expect(loadCatalog('sl')).toBe(loadCatalog('sl'));
  });
});

describe('shipped catalogs', () => {
  it('pass the catalog check', () => {
    const catalogs = Object.fromEntries(
      LOCALES.map((locale) => [locale, loadCatalog(locale)]),
    ) as Record<Locale, Catalog>;
    expect(checkCatalogs(catalogs)).toEqual([]);
  });
});

describe('plural forms rendered by i18next', () => {
  it('gives Slovenian its four forms: one, two, few, other', async () => {
    const t = await translator('sl');
    expect(t('common.item_count', { count: 1 })).toBe('1 element');
    expect(t('common.item_count', { count: 2 })).toBe('2 elementa');
    expect(t('common.item_count', { count: 3 })).toBe('3 elementi');
    expect(t('common.item_count', { count: 4 })).toBe('4 elementi');
    expect(t('common.item_count', { count: 5 })).toBe('5 elementov');
    expect(t('common.item_count', { count: 101 })).toBe('101 element');
    expect(t('common.item_count', { count: 102 })).toBe('102 elementa');
    expect(t('common.day_count', { count: 2 })).toBe('2 dneva');
    expect(t('layout.breadcrumbs_hidden', { count: 3 })).toBe('3 skrite ravni');
  });

  it('gives Polish one, few and many', async () => {
    const t = await translator('pl');
    expect(t('common.item_count', { count: 1 })).toBe('1 element');
    expect(t('common.item_count', { count: 2 })).toBe('2 elementy');
    expect(t('common.item_count', { count: 5 })).toBe('5 elementów');
    expect(t('common.item_count', { count: 22 })).toBe('22 elementy');
    expect(t('common.item_count', { count: 12 })).toBe('12 elementów');
  });

  it('gives English one and other', async () => {
    const t = await translator('en');
    expect(t('common.item_count', { count: 1 })).toBe('1 item');
    expect(t('common.item_count', { count: 2 })).toBe('2 items');
    expect(t('common.item_count', { count: 0 })).toBe('0 items');
    expect(t('layout.breadcrumbs_hidden', { count: 3 })).toBe('3 hidden levels');
  });

  it('fills placeholders in other texts', async () => {
    const t = await translator('de');
    expect(t('login.subtitle', { platformName: 'Cloud' })).toBe('Bei Cloud anmelden');
    expect(t('roles.ROLE_SUPER_ADMIN', { productName: 'Volt' })).toBe('Volt OEM');
  });
});
