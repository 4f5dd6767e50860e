// Every screen shows catalog texts, never a raw key (a key missing from the served catalog renders as
// `section.key`) nor an unfilled `{{placeholder}}`, in the three languages the other tests switch among.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoUsers, openLogin, signInToLanding, t, setupBrowser, viewports } from './support.ts';

const browser = setupBrowser();

/** Top-level catalog sections: the English catalog's and those of keys waiting in packages/i18n/pending. */
function catalogSections(): Set<string> {
  const i18n = new URL('../../../packages/i18n/', import.meta.url);
  const sections = new Set<string>();
  const add = (file: URL) => {
    const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const key of Object.keys(catalog)) sections.add(key);
  };
  add(new URL('locales/en.json', i18n));
  let pending: string[] = [];
  try {
    pending = readdirSync(new URL('pending/', i18n)).filter((name) => name.endsWith('.json'));
  } catch {
    // no pending keys
  }
  for (const name of pending) add(new URL(`pending/${name}`, i18n));
  return sections;
}

const sections = catalogSections();
// `word.word[.word…]` standing alone (not part of an e-mail address, host name or file name).
const KEY_LIKE = /(?<![\w@.\-/])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+(?![\w@\-/]|\.\w)/g;

/** Raw keys and unfilled placeholders among the page's visible texts and accessible labels. */
async function rawTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap(
      (el) => ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, document.title, ...labels];
  });
  const found = new Set<string>();
  for (const text of texts) {
    for (const [token] of text.matchAll(KEY_LIKE)) {
      if (sections.has(token.split('.')[0] ?? '') || token.includes('_')) found.add(token);
    }
    for (const [placeholder] of text.matchAll(/\{\{\s*\w+\s*\}\}/g)) found.add(placeholder);
  }
  return [...found].sort();
}

describe('texts come from the catalogs', () => {
  it.each(['sl', 'en', 'de'])(
    'the sign-in page, cookie banner and settings in %s',
    async (locale) => {
      const { page } = await browser.open({ locale });
      await openLogin(page, locale);
      await page.getByRole('region', { name: t(locale, 'cookies.banner_title') }).waitFor();
      expect(await rawTexts(page)).toEqual([]);
      await page.getByRole('button', { name: t(locale, 'cookies.customize') }).click();
      await page.getByRole('dialog', { name: t(locale, 'cookies.settings_title') }).waitFor();
      expect(await rawTexts(page)).toEqual([]);
    },
  );

  it('the signed-in pages, the not-found page and the mobile sidebar', async () => {
    const { page } = await browser.open({ viewport: viewports.mobile, consent: 'necessary' });
    const user = demoUsers.user;
    await signInToLanding(page, user);
    expect(await rawTexts(page), 'home').toEqual([]);
    await page.getByRole('button', { name: t('sl', 'layout.open_sidebar') }).click();
    await page.getByRole('complementary').waitFor();
    expect(await rawTexts(page), 'sidebar').toEqual([]);
    for (const [path, titleKey] of [
      ['/support', 'pages.support_title'],
      ['/privacy-policy', 'pages.privacy_policy_title'],
      ['/no/such/page', 'not_found.title'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: t('sl', titleKey) }).waitFor();
      expect(await rawTexts(page), path).toEqual([]);
    }
  });
});
