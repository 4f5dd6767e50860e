import { describe, expect, it } from 'vitest';
import { isHoliday } from './holidays.ts';

describe('isHoliday', () => {
  it('uses the Slovenian work-free days (Easter Monday, 2 Jan, not 8 Jun)', () => {
    expect(isHoliday('SI', '2026-04-06')).toBe(true);
    expect(isHoliday('si', '2026-01-02')).toBe(true);
    expect(isHoliday('SI', '2026-06-08')).toBe(false);
    expect(isHoliday('SI', '2026-06-09')).toBe(false);
  });

  it('knows Croatia before and after the 2020 law', () => {
    expect(isHoliday('HR', '2025-05-30')).toBe(true);
    expect(isHoliday('HR', '2025-06-19')).toBe(true); // Corpus Christi
    expect(isHoliday('HR', '2025-11-18')).toBe(true);
    expect(isHoliday('HR', '2025-06-25')).toBe(false);
    expect(isHoliday('HR', '2019-06-25')).toBe(true);
    expect(isHoliday('HR', '2019-05-30')).toBe(false);
  });

  it('knows Austria (Ascension, Whit Monday, National Day, 8 Dec)', () => {
    for (const d of ['2025-05-29', '2025-06-09', '2025-10-26', '2025-12-08', '2025-06-19']) {
      expect(isHoliday('AT', d), d).toBe(true);
    }
    expect(isHoliday('AT', '2025-05-30')).toBe(false);
  });

  it("knows the Dutch holidays including King's Day moved off a Sunday", () => {
    expect(isHoliday('NL', '2025-04-26')).toBe(true); // 27 Apr 2025 is a Sunday
    expect(isHoliday('NL', '2025-04-27')).toBe(false);
    expect(isHoliday('NL', '2026-04-27')).toBe(true);
    expect(isHoliday('NL', '2026-05-14')).toBe(true); // Ascension
    expect(isHoliday('NL', '2026-05-25')).toBe(true); // Whit Monday
    expect(isHoliday('NL', '2026-12-26')).toBe(true);
  });

  it('is false for countries without data, no country and bad dates', () => {
    expect(isHoliday('DE', '2025-12-25')).toBe(false);
    expect(isHoliday(null, '2025-12-25')).toBe(false);
    expect(isHoliday('SI', '2025-13-01')).toBe(false);
  });
});
