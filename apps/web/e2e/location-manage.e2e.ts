// The Manage Location area (issue 4, spec 000 §2 locations/:id/manage): settings with the coordinates selector (a map
// click and typed coordinates, saved and still there after a reload; the unsaved-changes question), the edit gate,
// users (an invitation mailed, accepted by the invitee through the link, shown as confirmed; the "already pending"
// message; resend and revoke) and the structure (a device group created, devices moved into it, "already in the
// target group", renamed, deleted after confirmation), controllers and devices. Screens at 375 px and 1280 px.
// Seed: Celje – trgovina (8) is in Štajerska, where the advanced user may edit; Vila Lesce (2) has the full device
// kit; the basic user may only view the Domžale warehouse (6).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  fieldLabel,
  linkTo,
  mailTo,
  newAccount,
  shotBothWidths,
  shown,
} from './accounts.ts';
import { demoUsers, openLogin, setupBrowser, t, until, waitForPath } from './support.ts';

const browser = setupBrowser();

/** Fills and submits the sign-in form on the page (any account, not only the demo logins). */
async function fillSignIn(
  page: Page,
  login: { email: string; password: string },
  locale = 'sl',
): Promise<void> {
  await page.getByLabel(t(locale, 'login.email')).fill(login.email);
  await page.getByLabel(t(locale, 'login.password')).fill(login.password);
  await page.getByRole('button', { name: t(locale, 'login.submit'), exact: true }).click();
}

/** Signs in from /auth/login (in the page's language) and waits until the app has left the sign-in page. */
async function signInAs(
  page: Page,
  user: { email: string; password: string },
  locale = 'sl',
): Promise<void> {
  await openLogin(page, locale);
  await fillSignIn(page, user, locale);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

const en = (key: string, values: Record<string, string> = {}) => shown('en', key, values);

const sectionNav = (page: Page) =>
  page.getByRole('navigation', { name: en('location_manage.sections_label') });
const textbox = (page: Page, key: string) =>
  page.getByRole('textbox', { name: fieldLabel(en(key)) });
const latitude = (page: Page) => page.getByRole('textbox', { name: en('map.latitude') });
const longitude = (page: Page) => page.getByRole('textbox', { name: en('map.longitude') });
const mapOf = (page: Page) => page.getByRole('application', { name: en('map.map_label') });
/** The page's content (the sidebar has its own lists and a filter box). */
const main = (page: Page) => page.getByRole('main');
const region = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
/** A toast with this text. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('manage location: settings', () => {
  it('an editor moves the location by a map click and by typing; both are saved and reloaded', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.advanced);
    await page.goto('/locations/8/manage');
    await page.getByRole('heading', { level: 1, name: 'Celje – trgovina' }).waitFor();
    await region(page, en('location_manage.details'))
      .getByText('Mariborska cesta 7, 3000 Celje')
      .waitFor();

    await sectionNav(page)
      .getByRole('link', { name: en('route_titles.manage_settings') })
      .click();
    await waitForPath(page, '/locations/8/manage/settings');
    await mapOf(page).waitFor();
    await until(() => latitude(page).inputValue(), '46.235477');
    expect(await textbox(page, 'location_manage.fields.name').inputValue()).toBe(
      'Celje – trgovina',
    );
    const save = page.getByRole('button', { name: t('en', 'common.save'), exact: true });
    expect(await save.isDisabled()).toBe(true);

    // A click 128 px east of the map's centre (the location, zoom 10): 128 / (256 · 2^10) of 360° further east.
    await mapOf(page).scrollIntoViewIfNeeded();
    const box = await mapOf(page).boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(box.x + box.width / 2 + 128, box.y + box.height / 2);
    const east = 15.271082 + (360 * 128) / (256 * 2 ** 10);
    await until(
      async () => Math.abs(Number(await longitude(page).inputValue()) - east) < 0.002,
      true,
    );
    const clicked = {
      latitude: await latitude(page).inputValue(),
      longitude: await longitude(page).inputValue(),
    };
    await textbox(page, 'location_manage.fields.house_number').fill('7a');
    await save.click();
    await toast(page, en('location.save_success')).waitFor();
    await page.reload();
    await until(() => longitude(page).inputValue(), clicked.longitude);
    expect(await latitude(page).inputValue()).toBe(clicked.latitude);
    expect(await textbox(page, 'location_manage.fields.house_number').inputValue()).toBe('7a');

    // Typed: emitted after the pause, then saved.
    await latitude(page).fill('46.2309');
    await longitude(page).fill('15,2604');
    await until(() => save.isEnabled(), true);
    await save.click();
    await toast(page, en('location.save_success')).waitFor();
    await page.reload();
    await until(() => latitude(page).inputValue(), '46.230900');
    expect(await longitude(page).inputValue()).toBe('15.260400');
  });

  it('asks before leaving unsaved changes, and a viewer is told the location cannot be edited', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.advanced);
    await page.goto('/locations/8/manage/settings');
    const city = textbox(page, 'location_manage.fields.city');
    await until(() => city.inputValue(), 'Celje');
    await city.fill('Celje center');
    await sectionNav(page)
      .getByRole('link', { name: en('route_titles.manage_users') })
      .click();
    const dialog = page.getByRole('dialog', { name: en('location_manage.settings.leave_title') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: en('location_manage.settings.stay') }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/locations/8/manage/settings');
    expect(await city.inputValue()).toBe('Celje center');
    await sectionNav(page)
      .getByRole('link', { name: en('route_titles.manage_users') })
      .click();
    await dialog.getByRole('button', { name: en('location_manage.settings.leave') }).click();
    await waitForPath(page, '/locations/8/manage/users');

    // The basic user may view the Domžale warehouse but not edit it (their locale is Slovenian).
    const viewer = await browser.open({ consent: 'necessary' });
    await signInAs(viewer.page, demoUsers.basic);
    await viewer.page.goto('/locations/6/manage/settings');
    await viewer.page
      .getByRole('alert')
      .getByText(shown('sl', 'location_manage.cannot_edit_title'))
      .waitFor();
    expect(await main(viewer.page).getByRole('textbox').count()).toBe(0);
  });
});

describe('manage location: users', () => {
  it('an invitation is mailed, accepted through its link by the invitee and shown as confirmed', async () => {
    const invitee = newAccount('invitee');
    await createVerifiedAccount(browser.baseUrl, invitee);

    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [{ status: 409, path: '/api/locations/2/invitations' }],
    });
    await signInAs(page, demoUsers.admin);
    await page.goto('/locations/2/manage/users');
    const email = textbox(page, 'location_manage.users.email');
    await email.fill(invitee.email);
    await page.getByRole('button', { name: en('location_manage.users.invite') }).click();
    await toast(page, en('location_manage.users.invited', { email: invitee.email })).waitFor();
    const invitations = region(page, en('location_manage.users.invitations_title'));
    const row = invitations.getByRole('listitem').filter({ hasText: invitee.email });
    await row.getByText(en('location_manage.users.status.pending'), { exact: true }).waitFor();

    // The same address again: the server's "already pending", on the field.
    await email.fill(invitee.email);
    await page.getByRole('button', { name: en('location_manage.users.invite') }).click();
    await page.getByText(en('location_invite.already_pending')).first().waitFor();

    // The invitee follows the mailed link, signs in and is told the location was added.
    const mail = await mailTo(browser.baseUrl, invitee.email, 'location_invite');
    const link = mail.links.find((href) => href.includes('confirmationAction=LOCATION_INVITE'));
    if (!link) throw new Error(`no invitation link in ${JSON.stringify(mail.links)}`);
    expect(linkTo(browser.baseUrl, mail, '/')).toBe(link);
    const other = await browser.open({ consent: 'necessary', allowSignedOut401: true });
    await other.page.goto(link);
    await waitForPath(other.page, '/auth/login');
    await fillSignIn(other.page, invitee);
    const modal = other.page.getByRole('dialog', { name: shown('sl', 'location_invite.title') });
    await modal
      .getByText(shown('sl', 'location_invite.success', { location: 'Vila Lesce' }), {
        exact: true,
      })
      .waitFor();
    await modal.getByRole('button', { name: t('sl', 'common.continue') }).click();
    await modal.waitFor({ state: 'detached' });
    // Viewing, not editing: the manage area says so.
    await other.page.goto('/locations/2/manage');
    await other.page.getByText(shown('sl', 'location_manage.cannot_edit_title')).waitFor();

    // Back at the location's users: the invitee has view access, the invitation is confirmed.
    await page.reload();
    const people = region(page, en('location_manage.users.title'));
    const person = people.getByRole('listitem').filter({ hasText: invitee.email });
    await person.getByText(en('location_manage.users.rights.view'), { exact: true }).waitFor();
    await row.getByText(en('location_manage.users.status.confirmed'), { exact: true }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
  });

  it('a pending invitation is sent again, then revoked after confirmation', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.aggregator);
    await page.goto('/locations/2/manage/users');
    const address = `guest.${Date.now().toString(36)}@example.com`;
    await textbox(page, 'location_manage.users.email').fill(address);
    await page.getByRole('button', { name: en('location_manage.users.invite') }).click();
    const invitations = region(page, en('location_manage.users.invitations_title'));
    const row = invitations.getByRole('listitem').filter({ hasText: address });
    await row.waitFor();
    await row
      .getByRole('button', { name: en('location_manage.users.resend_named', { email: address }) })
      .click();
    await toast(page, en('location_manage.users.resent', { email: address })).waitFor();

    await row
      .getByRole('button', { name: en('location_manage.users.revoke_named', { email: address }) })
      .click();
    const dialog = page.getByRole('dialog', { name: en('location_manage.users.revoke_title') });
    await dialog.getByRole('button', { name: en('location_manage.users.revoke') }).click();
    await row.getByText(en('location_manage.users.status.revoked'), { exact: true }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
  });
});

describe('manage location: structure, controllers and devices', () => {
  it('creates a device group, moves devices into it, refuses a repeat, renames and deletes it', async () => {
    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [{ status: 422, path: '/api/locations/2/devices/move' }],
    });
    await signInAs(page, demoUsers.aggregator);
    await page.goto('/locations/2/manage/structure');
    await region(page, 'Garage').waitFor();

    await textbox(page, 'location_manage.structure.new_group_name').fill('Cellar');
    await page.getByRole('button', { name: en('location_manage.structure.create_group') }).click();
    const cellar = region(page, 'Cellar');
    await cellar.getByText(en('location_manage.structure.group_empty')).waitFor();

    // A device's row holds its link and its checkbox.
    const select = (name: string) =>
      main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .getByRole('checkbox');
    const target = page.getByRole('textbox', { name: en('location_manage.structure.target') });
    const move = page.getByRole('button', {
      name: en('location_manage.structure.move'),
      exact: true,
    });
    await select('Heat pump').check();
    await select('Pool pump').check();
    await pickOption(page, target, 'Cellar');
    await move.click();
    await cellar.getByRole('link', { name: 'Heat pump' }).waitFor();
    await cellar.getByRole('link', { name: 'Pool pump' }).waitFor();
    const ungrouped = region(page, en('location_manage.structure.ungrouped'));
    expect(await ungrouped.getByText('Heat pump').count()).toBe(0);

    // Again into the same group: "already in the target group".
    await select('Heat pump').check();
    await move.click();
    await main(page).getByRole('alert').getByText(en('org.already_in_group')).waitFor();

    await cellar
      .getByRole('button', {
        name: en('location_manage.structure.rename_named', { name: 'Cellar' }),
      })
      .click();
    const rename = page.getByRole('dialog', { name: en('location_manage.structure.rename_title') });
    await rename.getByRole('textbox').fill('Basement');
    await rename.getByRole('button', { name: t('en', 'common.save') }).click();
    const basement = region(page, 'Basement');
    await basement.getByRole('link', { name: 'Heat pump' }).waitFor();

    await basement
      .getByRole('button', {
        name: en('location_manage.structure.delete_named', { name: 'Basement' }),
      })
      .click();
    const confirm = page.getByRole('dialog', {
      name: en('location_manage.structure.delete_title'),
    });
    await confirm.getByRole('button', { name: en('location_manage.structure.delete') }).click();
    await basement.waitFor({ state: 'detached' });
    await ungrouped.getByRole('link', { name: 'Heat pump' }).waitFor();
    await ungrouped.getByRole('link', { name: 'Pool pump' }).waitFor();
  });

  it('lists the controllers, opens one and a device, and deletes and restores the device', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.aggregator);
    await page.goto('/locations/2/manage');
    await sectionNav(page)
      .getByRole('link', { name: en('route_titles.oem_devices') })
      .click();
    await waitForPath(page, '/locations/2/manage/oem-devices');
    const card = main(page).getByRole('listitem').first();
    await card.getByText(en('location_manage.controllers.connected'), { exact: true }).waitFor();
    await card.getByRole('link').first().click();
    await page.waitForURL((url) => /^\/locations\/2\/manage\/oem-devices\/\d+$/.test(url.pathname));
    const devices = region(page, en('location_manage.controllers.devices'));
    await devices.getByRole('link', { name: 'Pool pump' }).waitFor();

    await devices.getByRole('link', { name: 'Pool pump' }).click();
    await page.getByRole('heading', { name: 'Pool pump' }).waitFor();
    const details = region(page, en('location_manage.device.details'));
    await details.getByText(en('device_category.OTHER')).waitFor();
    await page.getByRole('button', { name: en('location_manage.device.delete') }).click();
    const confirm = page.getByRole('dialog', { name: en('location_manage.device.delete_title') });
    await confirm.getByRole('button', { name: en('location_manage.device.delete') }).click();
    await page.getByText(en('location_manage.device.deleted_text')).waitFor();
    await page.getByRole('button', { name: en('location_manage.device.restore') }).click();
    await page.getByRole('button', { name: en('location_manage.device.delete') }).waitFor();
  });
});

/** An English text from the shipped catalog. */
function english(key: string, values: Record<string, string> = {}): string {
  return t('en', key, values);
}

describe('manage location: the screens in English at 1280 px and 375 px', () => {
  it('index, settings, unsaved question, users, structure, device group, controllers, controller, device, no edit rights', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAs(page, demoUsers.aggregator);
    const nav = page.getByRole('navigation', { name: english('location_manage.sections_label') });
    const tab = (key: string) => nav.getByRole('link', { name: english(key), exact: true });

    await page.goto('/locations/2/manage');
    await main(page).getByText('Alpska cesta 43, 4248 Lesce').waitFor();
    // The counts, whatever the other tests here changed meanwhile.
    const counts = english('location_manage.sections.groups_count_other', { count: '#' });
    await main(page)
      .getByText(new RegExp(`^${counts.replace('#', '\\d+')} · \\d+ `))
      .waitFor();
    await shotBothWidths(page, 'location-manage-index');

    await tab('route_titles.manage_settings').click();
    await until(
      () => page.getByRole('textbox', { name: english('map.latitude') }).inputValue(),
      '46.359712',
    );
    await shotBothWidths(page, 'location-manage-settings');
    await page
      .getByRole('textbox', { name: english('location_manage.fields.city') })
      .fill('Lesce pri Bledu');
    await tab('route_titles.manage_users').click();
    const leave = page.getByRole('dialog', {
      name: english('location_manage.settings.leave_title'),
    });
    await leave.waitFor();
    await shotBothWidths(page, 'location-manage-unsaved', { fullPage: false });
    await leave.getByRole('button', { name: english('location_manage.settings.leave') }).click();

    await waitForPath(page, '/locations/2/manage/users');
    await region(page, english('location_manage.users.title'))
      .getByRole('listitem')
      .first()
      .waitFor();
    await shotBothWidths(page, 'location-manage-users');

    await tab('route_titles.manage_structure').click();
    await region(page, 'Garage').waitFor();
    await shotBothWidths(page, 'location-manage-structure');
    await region(page, 'Garage').getByRole('link', { name: 'Garage', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Garage' }).waitFor();
    await main(page).getByRole('link', { name: 'EV charger', exact: true }).waitFor();
    await shotBothWidths(page, 'location-device-group');

    await page.goto('/locations/2/manage/oem-devices');
    const card = main(page).getByRole('listitem').first();
    await card
      .getByText(english('location_manage.controllers.connected'), { exact: true })
      .waitFor();
    await shotBothWidths(page, 'location-manage-controllers');
    await card.getByRole('link').first().click();
    const devices = region(page, english('location_manage.controllers.devices'));
    await devices.getByRole('link', { name: 'Home battery', exact: true }).waitFor();
    await shotBothWidths(page, 'location-manage-controller');
    await devices.getByRole('link', { name: 'Home battery', exact: true }).click();
    await region(page, english('location_manage.device.details'))
      .getByText(english('device_category.BATTERY'))
      .waitFor();
    await shotBothWidths(page, 'location-manage-device');

    // The basic user may only view the Domžale warehouse (English chosen in the switcher).
    const viewer = await browser.open({ consent: 'necessary' });
    await viewer.context.addInitScript(() => window.localStorage.setItem('ec.locale', 'en'));
    await signInAs(viewer.page, demoUsers.basic, 'en');
    await viewer.page.goto('/locations/6/manage/structure');
    await main(viewer.page).getByText(english('location_manage.cannot_edit_title')).waitFor();
    await shotBothWidths(viewer.page, 'location-manage-cannot-edit');
  });
});
