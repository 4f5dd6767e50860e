// Global settings (issue 4; spec 000 §2 /settings/global, spec 001 §3, §5, §6): the company list in the sidebar,
// the company settings form and the e-mail settings, the location-group tree (create, rename, move, delete) and
// user management with a role change. The super admin works on a company this test creates, so the demo
// companies other tests use stay as they are; the aggregator's single company opens at once.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shotBothWidths } from './accounts.ts';
import {
  demoUsers,
  openLogin,
  setupBrowser,
  signIn,
  until,
  viewports,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();

type Catalog = { [key: string]: string | Catalog };
const i18nDir = new URL('../../../packages/i18n/', import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(new URL(path, i18nDir), 'utf8')) as Catalog;

/** The English catalog the server serves. */
const english: Catalog = read('locales/en.json');

/** An English text with `{{name}}` filled in. */
function en(key: string, values: Record<string, string> = {}): string {
  let node: string | Catalog | undefined = english;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

async function signInAs(page: Page, user: (typeof demoUsers)['admin' | 'aggregator']) {
  await openLogin(page);
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** A call to the API with the page's session. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : ((await res.json()) as { data: unknown }).data;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A new company of the super admin's site (through the API), with its id and root group. */
async function createCompany(page: Page, name: string) {
  const { countries } = await call<{ countries: { id: number; code: string }[] }>(
    page,
    'GET',
    '/countries',
  );
  const si = countries.find((c) => c.code === 'SI');
  const { company } = await call<{ company: { id: number; rootGroup: { id: number } } }>(
    page,
    'POST',
    '/companies',
    { data: { name, countryId: si?.id } },
  );
  return company;
}

/** The options of the open select's dropdown (not the native language select of the sidebar). */
const dropdownOptions = (page: Page) => page.locator('[role="listbox"] [role="option"]');

const region = (page: Page, titleKey: string) =>
  page.getByRole('region', { name: en(titleKey), exact: true });

describe('global settings', () => {
  it('the super admin edits a company’s settings and e-mail sender and sees the records to publish', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.admin);
    const name = `Global Test ${Date.now().toString(36)}`;
    const company = await createCompany(page, name);

    await page.goto('/settings/global');
    // The company list sits in the sidebar instead of the menu tree (and on the page for narrow screens).
    const sidebar = page.getByRole('complementary');
    const nav = sidebar.getByRole('navigation', { name: en('nav.global_settings') });
    await nav.getByRole('link', { name, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Sončna energija d.o.o.' }).count()).toBe(1);
    await shotBothWidths(page, 'global-settings-companies');

    await nav.getByRole('link', { name, exact: true }).click();
    await waitForPath(page, `/settings/global/companies/${company.id}/overview`);
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const settings = region(page, 'global_settings.settings.title');
    const field = (key: string) =>
      settings.getByRole('textbox', { name: en(`global_settings.settings.${key}`) });
    await field('slogan').fill('Energija za vse');
    await field('support_email').fill('podpora@global-test.example');
    await field('privacy_policy_url').fill('not a link');
    await settings.getByRole('button', { name: en('common.save') }).click();
    await settings
      .getByText(
        en('validation.invalid_url', { field: en('global_settings.settings.privacy_policy_url') }),
      )
      .waitFor();
    await field('privacy_policy_url').fill('https://global-test.example/privacy');
    await settings.getByRole('button', { name: en('common.save') }).click();
    await page.getByText(en('global_settings.settings.saved')).waitFor();
    const saved = await call<{ company: { settings: Record<string, unknown> } }>(
      page,
      'GET',
      `/companies/${company.id}`,
    );
    expect(saved.company.settings).toMatchObject({
      slogan: 'Energija za vse',
      supportEmail: 'podpora@global-test.example',
      privacyPolicyUrl: 'https://global-test.example/privacy',
      productName: null,
    });

    const email = region(page, 'global_settings.email.title');
    await email.getByText(en('global_settings.email.no_domain')).waitFor();
    await email
      .getByRole('textbox', { name: en('global_settings.email.sender_name') })
      .fill('Global Test');
    await email
      .getByRole('textbox', { name: en('global_settings.email.sender_email') })
      .fill('info@global-test.example');
    await email.getByRole('button', { name: en('common.save') }).click();
    const records = email.getByRole('list', { name: en('global_settings.email.records_title') });
    await until(() => records.getByRole('listitem').count(), 3);
    const dkim = records.getByRole('listitem', {
      name: en('global_settings.email.record_label', { kind: 'DKIM' }),
    });
    await dkim.getByText(/^ec\d{6}\._domainkey\.global-test\.example$/).waitFor();
    await dkim.getByText(/^v=DKIM1; k=rsa; p=/).waitFor();
    await dkim.getByText(en('global_settings.email.status.unchecked')).waitFor();
    expect(
      await records
        .getByRole('button', {
          name: en('global_settings.email.copy_named', { what: en('global_settings.email.value') }),
        })
        .count(),
    ).toBe(3);
    await email.getByRole('button', { name: en('global_settings.email.check') }).waitFor();

    // After a reload the saved values are still there.
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await until(() => field('slogan').inputValue(), 'Energija za vse');
    await shotBothWidths(page, 'global-settings-overview');
    // The e-mail section on its own at both widths (the full page above is long).
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await email.screenshot({
        path: new URL(`./screenshots/global-settings-email-${viewport.width}.png`, import.meta.url)
          .pathname,
        animations: 'disabled',
      });
    }
  });

  it('the super admin creates, renames, moves and deletes location groups', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.admin);
    const name = `Groups Test ${Date.now().toString(36)}`;
    const company = await createCompany(page, name);
    await page.goto(`/settings/global/companies/${company.id}/location-groups`);
    const tree = page.getByRole('list', { name: en('global_settings.groups.tree_label') });
    await tree.getByRole('listitem', { name, exact: true }).waitFor();
    const row = (group: string) => tree.getByRole('listitem', { name: group, exact: true });
    const menu = async (group: string, itemKey: string) => {
      await row(group)
        .getByRole('button', { name: en('global_settings.groups.actions_for', { name: group }) })
        .click();
      await page.getByRole('menuitem', { name: en(itemKey), exact: true }).click();
    };

    for (const group of ['Sever', 'Jug']) {
      await page.getByRole('button', { name: en('global_settings.groups.create') }).click();
      const dialog = page.getByRole('dialog', { name: en('global_settings.groups.create_title') });
      await dialog.getByRole('textbox', { name: en('global_settings.groups.name') }).fill(group);
      await dialog
        .getByRole('button', { name: en('global_settings.groups.create_submit') })
        .click();
      await dialog.waitFor({ state: 'hidden' });
      await row(group).waitFor();
    }

    await menu('Jug', 'global_settings.groups.rename');
    const rename = page.getByRole('dialog', { name: en('global_settings.groups.rename_title') });
    await rename
      .getByRole('textbox', { name: en('global_settings.groups.name') })
      .fill('Jug-zahod');
    await rename.getByRole('button', { name: en('common.save') }).click();
    await row('Jug-zahod').waitFor();

    await menu('Jug-zahod', 'global_settings.groups.move');
    const move = page.getByRole('dialog', {
      name: en('global_settings.groups.move_title', { name: 'Jug-zahod' }),
    });
    await move.getByRole('textbox', { name: en('global_settings.groups.move_target') }).click();
    // Neither the group itself nor its current parent is offered.
    await until(() => dropdownOptions(page).allTextContents(), [`${name} › Sever`]);
    await page.getByRole('option', { name: `${name} › Sever` }).click();
    await move.getByRole('button', { name: en('global_settings.groups.move_submit') }).click();
    await move.waitFor({ state: 'hidden' });
    await until(
      async () =>
        (
          await call<{ groups: { name: string; parentId: number | null; id: number }[] }>(
            page,
            'GET',
            `/companies/${company.id}/location-groups`,
          )
        ).groups.map((g) => [g.name, g.parentId === null ? null : 'child']),
      [
        [name, null],
        ['Sever', 'child'],
        ['Jug-zahod', 'child'],
      ],
    );
    await shotBothWidths(page, 'global-settings-groups');

    // A group with a subgroup cannot be deleted; the empty one can, after confirmation.
    await row('Sever')
      .getByRole('button', { name: en('global_settings.groups.actions_for', { name: 'Sever' }) })
      .click();
    expect(
      await page
        .getByRole('menuitem', { name: en('global_settings.groups.delete_not_empty') })
        .isDisabled(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await menu('Jug-zahod', 'global_settings.groups.delete');
    const confirm = page.getByRole('dialog', { name: en('global_settings.groups.delete_title') });
    await confirm
      .getByText(en('global_settings.groups.delete_text', { name: 'Jug-zahod' }))
      .waitFor();
    await shotBothWidths(page, 'global-settings-group-delete', { fullPage: false });
    await confirm.getByRole('button', { name: en('global_settings.groups.delete_submit') }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row('Jug-zahod').waitFor({ state: 'detached' });
    await page.getByText(en('global_settings.groups.deleted', { name: 'Jug-zahod' })).waitFor();
  });

  it('the super admin creates a user, changes the role and deletes the user after confirmation', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.admin);
    const name = `Users Test ${Date.now().toString(36)}`;
    const company = await createCompany(page, name);
    await page.goto(`/settings/global/companies/${company.id}/users`);
    await page.getByText(en('global_settings.users.empty')).waitFor();

    await page.getByRole('button', { name: en('global_settings.users.create') }).click();
    const create = page.getByRole('dialog', { name: en('global_settings.users.create_title') });
    const email = `tina.${Date.now().toString(36)}@global-test.example`;
    await create.getByRole('textbox', { name: en('global_settings.users.email') }).fill(email);
    await create
      .getByRole('textbox', { name: en('global_settings.users.first_name') })
      .fill('Tina');
    await create
      .getByRole('textbox', { name: en('global_settings.users.last_name') })
      .fill('Testna');
    await create.getByRole('button', { name: en('global_settings.users.create_submit') }).click();
    await create.waitFor({ state: 'hidden' });

    const list = page.getByRole('list', { name: en('route_titles.users') });
    const row = list.getByRole('listitem', { name: 'Tina Testna' });
    await row.getByText(en('roles.ROLE_USER_BASIC')).waitFor();
    await row.getByText(en('global_settings.users.unverified_badge')).waitFor();

    await row
      .getByRole('button', {
        name: en('global_settings.users.actions_for', { name: 'Tina Testna' }),
      })
      .click();
    await page.getByRole('menuitem', { name: en('global_settings.users.edit') }).click();
    const edit = page.getByRole('dialog', {
      name: en('global_settings.users.edit_title', { name: 'Tina Testna' }),
    });
    await edit.getByRole('textbox', { name: en('global_settings.users.role') }).click();
    // Only the assignable roles (spec 001 §6).
    expect(await dropdownOptions(page).allTextContents()).toEqual([
      en('roles.ROLE_USER'),
      en('roles.ROLE_USER_BASIC'),
      en('roles.ROLE_USER_ADVANCED'),
    ]);
    await page.getByRole('option', { name: en('roles.ROLE_USER_ADVANCED') }).click();
    await edit.getByRole('button', { name: en('common.save') }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText(en('roles.ROLE_USER_ADVANCED')).waitFor();
    const users = await call<{ items: { email: string; role: string }[] }>(
      page,
      'GET',
      `/companies/${company.id}/users`,
    );
    expect(users.items.map((u) => [u.email, u.role])).toEqual([[email, 'ROLE_USER_ADVANCED']]);
    await shotBothWidths(page, 'global-settings-users');

    await row
      .getByRole('button', {
        name: en('global_settings.users.actions_for', { name: 'Tina Testna' }),
      })
      .click();
    await page.getByRole('menuitem', { name: en('global_settings.users.delete') }).click();
    const confirm = page.getByRole('dialog', { name: en('global_settings.users.delete_title') });
    await confirm.getByRole('button', { name: en('global_settings.users.delete_submit') }).click();
    await page.getByText(en('global_settings.users.empty')).waitFor();
  });

  it('the aggregator’s single company opens at once, and its controllers list the devices', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.aggregator);
    await page.goto('/settings/global');
    await page.waitForURL((url) =>
      /^\/settings\/global\/companies\/\d+\/overview$/.test(url.pathname),
    );
    await page.getByRole('heading', { level: 1, name: 'Sončna energija d.o.o.' }).waitFor();
    const nav = page
      .getByRole('complementary')
      .getByRole('navigation', { name: en('nav.global_settings') });
    await nav.getByRole('link', { name: en('global_settings.devices') }).click();
    const list = page.getByRole('list', { name: en('global_settings.devices') });
    await list.getByRole('listitem').first().waitFor();
    expect(
      await list.getByText(en('global_settings.controllers.setup_types.P1_WIFI')).count(),
    ).toBeGreaterThan(0);
    await shotBothWidths(page, 'global-settings-devices');
    await list.getByRole('listitem').first().getByRole('link').first().click();
    await page.waitForURL((url) => /\/oem-devices\/\d+$/.test(url.pathname));
    await page
      .getByRole('region', { name: en('global_settings.controllers.owner'), exact: true })
      .waitFor();
    await shotBothWidths(page, 'global-settings-controller');

    // A location from the group tree, with its controllers and its users (the Manage Location users screen).
    await nav.getByRole('link', { name: en('route_titles.locations_and_groups') }).click();
    const tree = page.getByRole('list', { name: en('global_settings.groups.tree_label') });
    const bled = tree.getByRole('listitem', { name: 'Bled in okolica', exact: true });
    await bled.getByRole('button', { name: /^Show \d+ location/ }).click();
    await bled.getByRole('link', { name: 'Hiša Bled' }).click();
    await page.waitForURL((url) =>
      /^\/settings\/global\/companies\/\d+\/location-groups\/\d+\/locations\/\d+$/.test(
        url.pathname,
      ),
    );
    await page.getByRole('heading', { level: 1, name: 'Hiša Bled' }).waitFor();
    await page.getByRole('link', { name: 'Bled EMS' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: en('route_titles.manage_users'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/users'));
    await page.getByRole('heading', { name: en('location_manage.users.title') }).waitFor();
    await shotBothWidths(page, 'global-settings-location-users');
  });
});
