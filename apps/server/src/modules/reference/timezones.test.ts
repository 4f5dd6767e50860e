import { describe, expect, it } from 'vitest';
import { allZoneNames, isKnownZone, timezonesAt, utcOffsetAt, zoneNamesOf } from './timezones.ts';

const WINTER = new Date('2025-01-15T12:00:00Z');
const SUMMER = new Date('2025-07-15T12:00:00Z');

describe('zoneNamesOf', () => {
  it.each([
    // The canonical zone belongs to another country: the country's own link is listed instead.
    ['SI', ['Europe/Ljubljana']],
    ['HR', ['Europe/Zagreb']],
    ['BA', ['Europe/Sarajevo']],
    ['SE', ['Europe/Stockholm']],
    ['SK', ['Europe/Bratislava']],
    ['DE', ['Europe/Berlin', 'Europe/Busingen']],
    // The country's own canonical zones stay; its deprecated aliases (GB-Eire, Europe/Belfast) do not appear.
    ['RS', ['Europe/Belgrade']],
    ['GB', ['Europe/London']],
    ['AT', ['Europe/Vienna']],
    ['pt', ['Atlantic/Azores', 'Atlantic/Madeira', 'Europe/Lisbon']],
  ])('%s → %j', (code, names) => {
    expect(zoneNamesOf(code)).toEqual(names);
  });

  it('is undefined for an unknown country', () => {
    expect(zoneNamesOf('XX')).toBeUndefined();
    expect(zoneNamesOf('')).toBeUndefined();
  });

  it('lists the many zones of a large country, sorted', () => {
    const us = zoneNamesOf('US') ?? [];
    expect(us).toContain('America/New_York');
    expect(us).toContain('Pacific/Honolulu');
    expect(us).not.toContain('US/Eastern');
    expect([...us].sort()).toEqual(us);
  });
});

describe('allZoneNames', () => {
  it('is the sorted union of every country, without duplicates', () => {
    const all = allZoneNames();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all);
    expect(all).toEqual(
      expect.arrayContaining(['Europe/Ljubljana', 'Europe/Belgrade', 'Asia/Tokyo']),
    );
    expect(all).not.toContain('GB-Eire');
    expect(all.length).toBeGreaterThan(300);
  });

  it('isKnownZone', () => {
    expect(isKnownZone('Europe/Ljubljana')).toBe(true);
    expect(isKnownZone('Europe/Nowhere')).toBe(false);
  });
});

describe('utcOffsetAt', () => {
  it.each([
    ['Europe/Ljubljana', WINTER, '+01:00'],
    ['Europe/Ljubljana', SUMMER, '+02:00'],
    ['Europe/London', WINTER, '+00:00'],
    ['Europe/London', SUMMER, '+01:00'],
    ['Asia/Kolkata', SUMMER, '+05:30'],
    ['America/St_Johns', WINTER, '-03:30'],
    ['America/New_York', WINTER, '-05:00'],
    ['Etc/UTC', SUMMER, '+00:00'],
  ])('%s at %s → %s', (zone, at, offset) => {
    expect(utcOffsetAt(zone, at)).toBe(offset);
  });
});

describe('timezonesAt', () => {
  it("gives a country's zones with their offsets at the moment", () => {
    expect(timezonesAt('SI', SUMMER)).toEqual([{ name: 'Europe/Ljubljana', utcOffset: '+02:00' }]);
    expect(timezonesAt('SI', WINTER)).toEqual([{ name: 'Europe/Ljubljana', utcOffset: '+01:00' }]);
  });

  it('gives every zone without a country, and undefined for an unknown one', () => {
    expect(timezonesAt(undefined, WINTER)?.length).toBe(allZoneNames().length);
    expect(timezonesAt('XX', WINTER)).toBeUndefined();
  });
});
