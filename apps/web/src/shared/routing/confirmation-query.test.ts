import { describe, expect, it } from 'vitest';
import { confirmationQuery, queryOf, withConfirmationQuery } from './confirmation-query.ts';

const CONFIRM = '?confirmationAction=LOCATION_INVITE&confirmationId=7';

describe('withConfirmationQuery (a confirmation link survives a redirect)', () => {
  it('adds the confirmation parameters to a path without a query', () => {
    expect(withConfirmationQuery('/setup', CONFIRM)).toBe(`/setup${CONFIRM}`);
    expect(withConfirmationQuery('/', new URLSearchParams(CONFIRM))).toBe(`/${CONFIRM}`);
  });

  it('keeps only the confirmation parameters of the source, and the target’s own query and hash', () => {
    expect(withConfirmationQuery('/a?tab=2#top', `?redirect=%2Fx&${CONFIRM.slice(1)}`)).toBe(
      '/a?tab=2&confirmationAction=LOCATION_INVITE&confirmationId=7#top',
    );
  });

  it('leaves the target alone when the source has no confirmation, or the target has its own', () => {
    expect(withConfirmationQuery('/setup', '?a=1')).toBe('/setup');
    expect(withConfirmationQuery('/setup', '')).toBe('/setup');
    expect(withConfirmationQuery('/x?confirmationId=9', CONFIRM)).toBe(
      '/x?confirmationId=9&confirmationAction=LOCATION_INVITE',
    );
  });
});

describe('confirmationQuery and queryOf', () => {
  it('reads the confirmation parameters from a query string', () => {
    expect(confirmationQuery(`?x=1&${CONFIRM.slice(1)}`)).toBe(CONFIRM);
    expect(confirmationQuery('?x=1')).toBe('');
  });

  it('takes the query of a path', () => {
    expect(queryOf(`/a/b${CONFIRM}#h`)).toBe(CONFIRM);
    expect(queryOf('/a#h?x')).toBe('');
    expect(queryOf('/a')).toBe('');
  });
});
