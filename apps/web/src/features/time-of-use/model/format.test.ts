import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { problemText, seasonDate, versionLabel } from './format.ts';

const i18n = createTestI18n();
const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

describe('time-of-use texts', () => {
  it('writes season days and slot versions in the locale', () => {
    expect(seasonDate('11-01', 'en')).toBe('Nov 1');
    expect(seasonDate('02-29', 'sl')).toBe('29. feb.');
    expect(seasonDate('02-30', 'en')).toBe('02-30');
    expect(versionLabel('2000-01-01', t, 'en')).toBe('From the start');
    expect(versionLabel('2026-07-01', t, 'en')).toBe('From Jul 1, 2026');
  });

  it('names the season, day and time of a gap, and the dates of a season gap', () => {
    const season = () => 'Winter';
    expect(
      problemText(
        {
          kind: 'gap',
          seasonId: 1,
          dayOfWeek: 3,
          validFrom: '2026-07-01',
          from: '22:00',
          to: '24:00',
        },
        season,
        t,
        'en',
      ),
    ).toBe('Winter, Wednesday: no block from 22:00 to 24:00 (From Jul 1, 2026)');
    expect(
      problemText(
        { kind: 'overlap', seasonId: 1, dayOfWeek: 7, from: '08:00', to: '09:00' },
        season,
        t,
        'en',
      ),
    ).toBe('Winter, Sunday: blocks overlap from 08:00 to 09:00');
    expect(problemText({ kind: 'season-gap', from: '03-01', to: '03-31' }, season, t, 'en')).toBe(
      'No season covers Mar 1 – Mar 31',
    );
  });
});
