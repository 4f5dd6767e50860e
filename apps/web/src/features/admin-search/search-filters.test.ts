import { describe, expect, it } from 'vitest';
import {
  apiKindOf,
  readFilters,
  SEARCH_KINDS,
  toggleType,
  writeFilters,
} from './search-filters.ts';

describe('readFilters / writeFilters', () => {
  it('reads defaults from an empty query and writes nothing for them', () => {
    const filters = readFilters(new URLSearchParams());
    expect(filters).toEqual({ q: '', companyId: null, types: SEARCH_KINDS, page: 1 });
    expect(writeFilters(filters).toString()).toBe('');
  });

  it('round-trips text, company, types (in panel order) and page', () => {
    const filters = readFilters(
      new URLSearchParams('q=ana&companyId=4&types=devices,users&page=3'),
    );
    expect(filters).toEqual({ q: 'ana', companyId: 4, types: ['users', 'devices'], page: 3 });
    expect(writeFilters(filters).toString()).toBe('q=ana&companyId=4&types=users%2Cdevices&page=3');
  });

  it('ignores invalid values: unknown types, zero or non-numeric ids and pages', () => {
    expect(readFilters(new URLSearchParams('types=cats,&companyId=0&page=-1'))).toEqual({
      q: '',
      companyId: null,
      types: SEARCH_KINDS,
      page: 1,
    });
    expect(readFilters(new URLSearchParams('companyId=99999999999&page=x')).companyId).toBeNull();
  });

  it('trims the text and leaves out an empty one', () => {
    const written = writeFilters({ q: '  ', companyId: null, types: ['users'], page: 1 });
    expect(written.toString()).toBe('types=users');
  });
});

describe('toggleType', () => {
  it('turns types off and on again, keeping the panel order', () => {
    const without = toggleType(SEARCH_KINDS, 'locations');
    expect(without).toEqual(['users', 'oem-devices', 'devices']);
    expect(toggleType(without, 'locations')).toEqual(SEARCH_KINDS);
  });

  it('keeps the last type on', () => {
    expect(toggleType(['devices'], 'devices')).toEqual(['devices']);
  });
});

describe('apiKindOf', () => {
  it('maps oem-devices to the controllers search', () => {
    expect(SEARCH_KINDS.map(apiKindOf)).toEqual(['users', 'locations', 'controllers', 'devices']);
  });
});
