import type { CoverageProblem } from '@ec/domain';
import { FIRST_VERSION } from './plan-draft.ts';
import { weekdayName } from './weekdays.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A season's "MM-DD" as a day and month in `locale` ("1 Nov"); the text itself when it is no date. */
export function seasonDate(monthDay: string, locale: string): string {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  if (!match) return monthDay;
  // 2024 is a leap year: 02-29 is a date.
  const date = new Date(Date.UTC(2024, Number(match[1]) - 1, Number(match[2])));
  if (date.getUTCDate() !== Number(match[2])) return monthDay;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** A slot version's name: "from the start" for the first version, else its date in `locale`. */
export function versionLabel(validFrom: string, t: Translate, locale: string): string {
  if (validFrom === FIRST_VERSION) return t('time_of_use.slots.first_version');
  const date = new Date(`${validFrom}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return validFrom;
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
  return t('time_of_use.slots.version_from', { date: text });
}

/**
 * A coverage problem in words, naming the season, day and time (or the dates of a season problem):
 * "Winter, Monday: no block from 22:00 to 24:00".
 */
export function problemText(
  problem: CoverageProblem,
  seasonTitle: (seasonId: number) => string,
  t: Translate,
  locale: string,
): string {
  if (problem.kind === 'season-gap' || problem.kind === 'season-overlap') {
    return t(
      problem.kind === 'season-gap'
        ? 'time_of_use.coverage.season_gap'
        : 'time_of_use.coverage.season_overlap',
      { from: seasonDate(problem.from, locale), to: seasonDate(problem.to, locale) },
    );
  }
  const text = t(
    problem.kind === 'gap' ? 'time_of_use.coverage.gap' : 'time_of_use.coverage.overlap',
    {
      season: problem.seasonId === undefined ? '' : seasonTitle(problem.seasonId),
      day: weekdayName(problem.dayOfWeek ?? 1, locale, 'long'),
      from: problem.from,
      to: problem.to,
    },
  );
  return problem.validFrom && problem.validFrom !== FIRST_VERSION
    ? `${text} (${versionLabel(problem.validFrom, t, locale)})`
    : text;
}
