import { describe, expect, it } from 'vitest';
import { confirmationQuery, readConfirmation } from './confirmation-params.ts';

const read = (query: string) => readConfirmation(new URLSearchParams(query));

describe('readConfirmation', () => {
  it('asks for nothing without the parameters', () => {
    expect(read('')).toBeNull();
    expect(read('?identifier=acme')).toBeNull();
  });

  it('reads a location invitation with a numeric id', () => {
    expect(read('?confirmationAction=LOCATION_INVITE&confirmationId=42')).toEqual({
      valid: true,
      action: 'LOCATION_INVITE',
      id: 42,
    });
  });

  it.each([
    'confirmationAction=LOCATION_INVITE&confirmationId=abc',
    'confirmationAction=LOCATION_INVITE&confirmationId=4.5',
    'confirmationAction=LOCATION_INVITE&confirmationId=-3',
    'confirmationAction=LOCATION_INVITE&confirmationId=0',
    'confirmationAction=LOCATION_INVITE&confirmationId=1e3',
    'confirmationAction=LOCATION_INVITE&confirmationId=99999999999',
    'confirmationAction=LOCATION_INVITE',
    'confirmationId=5',
    'confirmationAction=SOMETHING_ELSE&confirmationId=5',
  ])('is invalid for %s (failure without a call)', (query) => {
    expect(read(`?${query}`)).toEqual({ valid: false });
  });
});

describe('confirmationQuery', () => {
  it('keeps only the confirmation parameters', () => {
    expect(
      confirmationQuery(
        new URLSearchParams('?redirect=%2Fx&confirmationAction=LOCATION_INVITE&confirmationId=7'),
      ),
    ).toBe('?confirmationAction=LOCATION_INVITE&confirmationId=7');
    expect(confirmationQuery(new URLSearchParams('?redirect=%2Fx'))).toBe('');
  });
});
