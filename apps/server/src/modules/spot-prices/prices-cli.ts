import { parseArgs } from 'node:util';
import { shortDecimal, type FetchResult, type SpotSource } from './spot-prices.service.ts';
import { spotZoneOf } from './zones.ts';

/** `npm run -s prices -- fetch --source entsoe|octopus --zone CODE --date YYYY-MM-DD`, parsed. */
export interface FetchCommand {
  source: SpotSource;
  zone: string;
  date: string;
}

/** How to call the CLI. */
export const PRICES_USAGE =
  'usage: npm run -s prices -- fetch --source entsoe|octopus --zone CODE --date YYYY-MM-DD';

/** Parses the arguments; a string is the problem to print. */
export function parsePricesArgs(argv: string[]): FetchCommand | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        zone: { type: 'string' },
        date: { type: 'string' },
      },
    });
  } catch (error) {
    return `${(error as Error).message}\n${PRICES_USAGE}`;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'fetch') return PRICES_USAGE;
  const source = values.source?.toUpperCase();
  if (source !== 'ENTSOE' && source !== 'OCTOPUS') {
    return `--source must be entsoe or octopus\n${PRICES_USAGE}`;
  }
  const zone = values.zone ?? '';
  if (!spotZoneOf(source === 'ENTSOE' ? 'EIC' : 'AGILE', zone)) {
    return source === 'ENTSOE'
      ? `--zone must be a bidding zone's EIC code (e.g. 10YSI-ELES-----O)`
      : '--zone must be an Agile region letter (A–P without I and O)';
  }
  const date = values.date ?? '';
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(ms) ||
    !new Date(ms).toISOString().startsWith(date)
  ) {
    return `--date must be a date YYYY-MM-DD\n${PRICES_USAGE}`;
  }
  return { source, zone, date };
}

/** What the CLI prints for a fetch: a summary line, then each stored quarter hour in the zone's local time. */
export function formatFetchResult(
  result: FetchResult,
  stored: { startMs: number; pricePerMwh: string }[],
): string {
  const zone = spotZoneOf(result.source === 'ENTSOE' ? 'EIC' : 'AGILE', result.zone);
  const timeZone = zone?.timeZone ?? 'UTC';
  const period = `${new Date(result.startMs).toISOString()} – ${new Date(result.endMs).toISOString()}`;
  if (result.status === 'no-data') {
    return `${result.source} ${result.zone} ${result.from}: no data (${result.reason ?? ''})\n`;
  }
  const lines = [
    `${result.source} ${result.zone} ${result.from}: stored ${result.stored} of ${result.expected} quarter hours ` +
      `(${period}, source resolution ${result.resolutionMinutes} min), ${result.currency}/MWh min ${result.min} max ${result.max}`,
  ];
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    hourCycle: 'h23',
  });
  for (const p of stored)
    lines.push(`${clock.format(new Date(p.startMs))}  ${shortDecimal(p.pricePerMwh)}`);
  return `${lines.join('\n')}\n`;
}
