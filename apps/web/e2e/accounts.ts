// Helpers of the account browser tests (issue 3): texts of screens whose keys may still wait in
// packages/i18n/pending, the development mailbox, accounts made through the API, screenshots at both widths, and
// (issue 13) signing a demo user in with the English interface, the week grid of the time-of-use editor and the
// steps of the price-list wizard.
import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AuthUser } from '@ec/contract';
import { LOCAL_OIDC, LOCAL_OIDC_FORM } from './local-oidc.ts';
import { openLogin, shot, signIn, t, viewports, type DemoUser } from './support.ts';

type Catalog = { [key: string]: string | Catalog };

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const i18nDir = new URL('../../../packages/i18n/', import.meta.url);
const shipped = new Map<string, Catalog>();
let pendingCatalogs: Catalog[] | undefined;

/** The English keys waiting in packages/i18n/pending/*-en.json (not served until the lead merges them). */
function pending(): Catalog[] {
  if (!pendingCatalogs) {
    let names: string[] = [];
    try {
      names = readdirSync(new URL('pending/', i18nDir)).filter((name) => name.endsWith('-en.json'));
    } catch {
      // nothing pending
    }
    pendingCatalogs = names.map(
      (name) => JSON.parse(readFileSync(new URL(`pending/${name}`, i18nDir), 'utf8')) as Catalog,
    );
  }
  return pendingCatalogs;
}

/**
 * The text a screen shows for `key`: the shipped catalog's (as `t`), or — while the key only waits in
 * packages/i18n/pending — the key itself, which is what i18next renders for a key the served catalog lacks.
 * A key in neither fails the test. Once the lead merges the pending keys, the same assertions check the real
 * texts (with their placeholders filled), so no test needs to change.
 */
export function shown(locale: string, key: string, values: Record<string, string> = {}): string {
  let catalog = shipped.get(locale);
  if (!catalog) {
    const file = new URL(`locales/${locale}.json`, i18nDir);
    catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    shipped.set(locale, catalog);
  }
  if (lookup(catalog, key) !== undefined) return t(locale, key, values);
  if (pending().some((p) => lookup(p, key) !== undefined)) return key;
  throw new Error(`no text ${key} in ${locale}.json nor in packages/i18n/pending`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A form field's label as getByLabel matches it: the text, and the " *" Mantine adds to required fields (hidden
 * from screen readers, but part of the label's text).
 */
export function fieldLabel(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text)}( \\*)?$`);
}

/** The catalog's 429 message with the seconds as a pattern (the wait depends on the clock). */
export function rateLimitedPattern(locale: string): RegExp {
  const escaped = escapeRegExp(t(locale, 'errors.RATE_LIMITED', { seconds: '\u0000' }));
  return new RegExp(escaped.replace('\u0000', '\\d+'));
}

/** A new account's form values (unique address per call; the database is fresh each run anyway). */
export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** `firstName lastName`, as the home page greets the user. */
  name: string;
}

let counter = 0;

export function newAccount(prefix: string, firstName = 'Tina', lastName = 'Testna'): NewAccount {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  return {
    firstName,
    lastName,
    email: `${prefix}.${unique}@example.com`,
    password: `Sončni-vzhod-${unique}-7`,
    name: `${firstName} ${lastName}`,
  };
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** POST as a non-browser client (no Origin header, so the CSRF check lets it through). */
function post(baseUrl: string, path: string, data: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ data }),
  });
}

/** A message of the development mailbox (GET /api/dev/mailbox/:id). */
export interface MailMessage {
  id: number;
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  links: string[];
}

/**
 * The newest message of `kind` to `address` in the development mailbox. Mail is sent after the answer, so this
 * polls until it is there. Read without a session: the server must run on this machine with DEV_MAILBOX=open (the
 * global setup starts it so; an E2E_BASE_URL server needs the same).
 */
export async function mailTo(baseUrl: string, address: string, kind: string): Promise<MailMessage> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await json<{ messages: { id: number; to: string; kind: string }[] }>(
          await fetch(`${baseUrl}/api/dev/mailbox`),
          'mailbox',
        );
        id = messages.find((m) => m.to === address && m.kind === kind)?.id;
        return id !== undefined;
      },
      { timeout: 10_000, interval: 100, message: `a ${kind} mail to ${address}` },
    )
    .toBe(true);
  const { message } = await json<{ message: MailMessage }>(
    await fetch(`${baseUrl}/api/dev/mailbox/${id}`),
    'mailbox message',
  );
  return message;
}

/** The message's link to `pathname` of the app (the verification or reset link). */
export function linkTo(baseUrl: string, message: MailMessage, pathname: string): string {
  const link = message.links.find((href) => {
    const url = new URL(href);
    return url.origin === baseUrl && url.pathname === pathname;
  });
  if (!link) throw new Error(`no link to ${pathname} in ${JSON.stringify(message.links)}`);
  return link;
}

/** Registers through the API (counts against the 5 registrations per hour and IP). */
export async function registerAccount(baseUrl: string, account: NewAccount): Promise<void> {
  await json(
    await post(baseUrl, '/api/auth/register', {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      passwordRepeat: account.password,
      countryCode: 'SI',
      locale: 'sl',
      acceptPrivacy: true,
      acceptTerms: true,
      marketingConsent: false,
    }),
    'register',
  );
}

/** Registers through the API and uses the mailed verification link's token. */
export async function createVerifiedAccount(baseUrl: string, account: NewAccount): Promise<void> {
  await registerAccount(baseUrl, account);
  const mail = await mailTo(baseUrl, account.email, 'verify_email');
  const token = new URL(linkTo(baseUrl, mail, '/auth/token-validation')).searchParams.get('token');
  const { status } = await json<{ status: string }>(
    await post(baseUrl, '/api/auth/verify-email', { token }),
    'verify',
  );
  expect(status).toBe('VERIFIED');
}

/** Signs in through the API and answers the user the server reports (for ids; not a browser session). */
export async function userThroughApi(
  baseUrl: string,
  login: { email: string; password: string },
): Promise<AuthUser> {
  const res = await post(baseUrl, '/api/auth/login', {
    email: login.email,
    password: login.password,
  });
  const { user } = await json<{ user: AuthUser }>(res, 'login');
  const cookie = res.headers.getSetCookie().map((line) => line.split(';')[0]);
  await post(baseUrl, '/api/auth/logout', {}, cookie.join('; '));
  return user;
}

/**
 * From the sign-in page: the local provider's button, the provider's own sign-in form (any address, verified
 * there), and back to the app. The caller waits for where the app lands.
 */
export async function signInWithLocalProvider(
  page: Page,
  account: Pick<NewAccount, 'email' | 'firstName' | 'lastName'>,
  locale = 'sl',
): Promise<void> {
  await page
    .getByTestId('social-sign-in')
    .getByRole('link', {
      name: shown(locale, 'login.continue_with', { provider: LOCAL_OIDC.name }),
      exact: true,
    })
    .click();
  await page.getByRole('heading', { name: LOCAL_OIDC.name, exact: true }).waitFor();
  await page.getByLabel(LOCAL_OIDC_FORM.email).fill(account.email);
  await page.getByLabel(LOCAL_OIDC_FORM.firstName).fill(account.firstName);
  await page.getByLabel(LOCAL_OIDC_FORM.lastName).fill(account.lastName);
  await page.getByRole('button', { name: LOCAL_OIDC_FORM.submit, exact: true }).click();
}

/** The signed-in user as the page's own session sees it (GET /api/auth/user from the page). */
export function currentUser(page: Page): Promise<AuthUser | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/user', { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as { data: { user: AuthUser } }).data.user : null;
  });
}

function keysOf(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/**
 * Nothing wider than the viewport — judged only once the page shows real texts: a pending key (shown raw) is one
 * long unbreakable word that no translation has, so while one is on the page the check reports it and waits.
 */
export async function expectNoOverflowOnceTranslated(page: Page, name: string): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const raw = pending()
    .flatMap((catalog) => keysOf(catalog))
    .filter((key) => text.includes(key));
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (raw.length > 0) {
    if (scrollWidth > innerWidth) {
      console.warn(
        `${name}: ${scrollWidth} px wide at ${innerWidth} px while showing pending keys (${raw.join(', ')})`,
      );
    }
    return;
  }
  expect(scrollWidth, `${name} is wider than the viewport`).toBeLessThanOrEqual(innerWidth);
}

/** Two animation frames: layout and resize observers have run after a viewport change. */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Screenshots at 1280 px and at 375 px (`<name>-1280.png`, `<name>-375.png`), then back to 1280 px: for screens
 * a flow reaches only once (a used link, an accepted invitation), so both widths come from the same visit.
 * At 375 px the page must not scroll sideways.
 */
export async function shotBothWidths(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const before = page.viewportSize() ?? viewports.desktop;
  await page.setViewportSize(viewports.desktop);
  await settle(page);
  await shot(page, name, options);
  await page.setViewportSize(viewports.mobile);
  await settle(page);
  await shot(page, name, options);
  await expectNoOverflowOnceTranslated(page, name);
  await page.setViewportSize(before);
  await settle(page);
}

/**
 * Signs a demo user in with the English interface and waits for the shell (breadcrumbs); a marketing banner still
 * asking for consent is put off ("Later"), so it covers nothing the test clicks.
 */
export async function signInInEnglish(page: Page, user: DemoUser): Promise<void> {
  await page.context().addInitScript(() => window.localStorage.setItem('ec.locale', 'en'));
  await openLogin(page, 'en');
  await signIn(page, user, 'en');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.getByRole('navigation', { name: shown('en', 'layout.breadcrumbs') }).waitFor();
  if ((await currentUser(page))?.marketingConsent === null) {
    await page
      .getByTestId('marketing-banner')
      .getByRole('button', { name: shown('en', 'marketing_banner.later') })
      .click();
    await page.getByTestId('marketing-banner').waitFor({ state: 'detached' });
  }
}

/** A cell of the time-of-use week grid by its accessible name's start ("Monday 08:00–08:15"). */
export const weekCell = (grid: Locator, dayAndTime: string) =>
  grid.locator(`[role="gridcell"][aria-label^="${dayAndTime}:"]`);

/** Drags the mouse from one cell to another (painting the rectangle between them). */
export async function dragAcross(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('a grid cell is not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/**
 * Paints a VT/MT week on the grid of the open plan (blocks "1 · VT" and "2 · MT"): MT everywhere, then VT on working
 * days 06:00–22:00, by mouse drags.
 */
export async function paintVtMtWeek(page: Page, grid: Locator): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^2 · MT/ }).click();
  await dragAcross(
    page,
    weekCell(grid, 'Monday 00:00–00:15'),
    weekCell(grid, 'Sunday 23:45–24:00'),
  );
  await main.getByRole('button', { name: /^1 · VT/ }).click();
  await dragAcross(
    page,
    weekCell(grid, 'Monday 06:00–06:15'),
    weekCell(grid, 'Friday 21:45–22:00'),
  );
}

/** The price-list wizard's "Next". */
export const wizardNext = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: shown('en', 'pricing_plans.wizard.next'), exact: true })
    .click();

/** The price-list wizard's heading of a step (basic, tariffs, plan, summary). */
export const wizardStep = (page: Page, step: string) =>
  page.getByRole('main').getByRole('heading', {
    name: shown('en', `pricing_plans.wizard.steps.${step}`),
    exact: true,
  });

/** The rows of a location's price-list history: name and badge texts, newest first. */
export function priceListRows(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('list', { name: shown('en', 'pricing_plans.list.history_label') })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => li.textContent ?? ''));
}
