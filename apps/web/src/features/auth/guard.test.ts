import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@ec/domain';
import { authUser } from '../../shared/test/fixtures.ts';
import { guardRedirect, landingRedirect } from './guard.ts';

const userWith = (role: Role) => authUser({ role });
/** A user with a location: set up whatever the role (domain isSetUp). */
const setUpUserWith = (role: Role) => ({ ...userWith(role), locations: [{ id: 3, name: 'Home' }] });

/** The pages the app has today plus the ones the given list adds (later issues). */
const pagesAre =
  (...extra: string[]) =>
  (path: string) =>
    ['/', '/user/settings', '/privacy-policy', '/support', ...extra].includes(path);

describe('guardRedirect (domain guardDecision)', () => {
  it('sends a signed-out visitor to sign-in with the page and its query to come back to', () => {
    expect(guardRedirect('/user/settings?tab=1', null, pagesAre())).toBe(
      '/auth/login?redirect=%2Fuser%2Fsettings%3Ftab%3D1',
    );
  });

  it('keeps the confirmation parameters through sign-in', () => {
    expect(
      guardRedirect('/?confirmationAction=LOCATION_INVITE&confirmationId=12', null, pagesAre()),
    ).toBe('/auth/login?redirect=%2F%3FconfirmationAction%3DLOCATION_INVITE%26confirmationId%3D12');
  });

  it('keeps the confirmation parameters on the redirects to /setup and to / (not the other query)', () => {
    const confirm = 'confirmationAction=LOCATION_INVITE&confirmationId=12';
    // An invited user without a location yet (not set up): the invitation is what sets them up.
    expect(guardRedirect(`/?${confirm}`, userWith('ROLE_USER'), pagesAre('/setup'))).toBe(
      `/setup?${confirm}`,
    );
    // A page the role may not open sends home, with the confirmation (the landing keeps it further).
    expect(
      guardRedirect(`/admin/search?q=x&${confirm}`, setUpUserWith('ROLE_USER_BASIC'), pagesAre()),
    ).toBe(`/?${confirm}`);
    expect(guardRedirect('/admin/search?q=x', setUpUserWith('ROLE_USER_BASIC'), pagesAre())).toBe(
      '/',
    );
  });

  it('lets every role open the pages that need only sign-in', () => {
    for (const role of ROLES) {
      for (const path of ['/', '/user/settings', '/user/change-password', '/support']) {
        expect(guardRedirect(path, userWith(role), pagesAre()), `${role} ${path}`).toBeNull();
      }
    }
  });

  it.each<[string, Role, string | null]>([
    ['/pricing-plans', 'ROLE_SUPER_ADMIN', null],
    ['/pricing-plans', 'ROLE_AGGREGATOR', '/'],
    ['/admin/search', 'ROLE_AGGREGATOR', null],
    ['/admin/search', 'ROLE_USER_ADVANCED', '/'],
    ['/settings/global', 'ROLE_USER_BASIC', '/'],
    ['/time-of-use', 'ROLE_USER_ADVANCED', '/'],
    ['/overview', 'ROLE_SUPER_ADMIN', null],
    ['/setup', 'ROLE_AGGREGATOR', '/'],
    ['/setup', 'ROLE_SUPER_ADMIN', '/'],
  ])('%s as %s → %s (role outside the list goes home)', (path, role, expected) => {
    expect(guardRedirect(path, setUpUserWith(role), pagesAre('/setup'))).toBe(expected);
  });

  it('sends users who are not set up to /setup once the app has that page', () => {
    // The demo basic user has no location: not set up (domain isSetUp).
    expect(guardRedirect('/', userWith('ROLE_USER_BASIC'), pagesAre('/setup'))).toBe('/setup');
    expect(guardRedirect('/', userWith('ROLE_USER'), pagesAre('/setup'))).toBe('/setup');
    // …but never away from the user area.
    expect(guardRedirect('/user/settings', userWith('ROLE_USER'), pagesAre('/setup'))).toBeNull();
  });

  it('keeps users who are not set up where they are while /setup does not exist, role lists still apply', () => {
    expect(guardRedirect('/', userWith('ROLE_USER_BASIC'), pagesAre())).toBeNull();
    expect(guardRedirect('/admin/search', userWith('ROLE_USER_BASIC'), pagesAre())).toBe('/');
  });

  it('does not send a set-up basic user to /setup', () => {
    expect(guardRedirect('/', setUpUserWith('ROLE_USER_BASIC'), pagesAre('/setup'))).toBeNull();
  });

  it('lets everyone through on public pages (token validation is exempt from the set-up redirect)', () => {
    expect(guardRedirect('/auth/token-validation?token=x', null, pagesAre('/setup'))).toBeNull();
    expect(
      guardRedirect('/auth/token-validation?token=x', userWith('ROLE_USER'), pagesAre('/setup')),
    ).toBeNull();
  });
});

describe('landingRedirect (domain landingTarget)', () => {
  it('sends a super admin to /overview once it exists, with the query', () => {
    expect(landingRedirect(userWith('ROLE_SUPER_ADMIN'), '?a=1', pagesAre('/overview'))).toBe(
      '/overview?a=1',
    );
  });

  it('keeps everyone on the home page while the landing pages do not exist', () => {
    for (const role of ROLES) {
      expect(landingRedirect(userWith(role), '', pagesAre()), role).toBeNull();
    }
  });

  it('sends a basic user without locations to /setup once it exists', () => {
    expect(landingRedirect(userWith('ROLE_USER_BASIC'), '', pagesAre('/setup'))).toBe('/setup');
  });
});
