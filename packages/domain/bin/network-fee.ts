// Command-line front end of the network-fee engine: reads a Moj Elektro meter-readings JSON, the CLI's CSV or the
// portal's 15-minute CSV export, prints one JSON document with every scenario to stdout. Errors go to stderr with
// exit code 1 (2 for usage errors).
//
//   npm run -s network-fee -- --input FILE [--connection-power KW] [--phases 1|3] [--minimum-power KW]
//     [--current P1,P2,P3,P4,P5] [--determined-by DISTRIBUTER|UPORABNIK] [--custom P1,…,P5] [--tariffs 1|2]
//     [--vt EUR] [--mt EUR] [--et EUR] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--billing-power KW]
//     [--tariff-year YYYY]

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  NetworkFeeError,
  TARIFF_YEARS,
  calculateNetworkFee,
  describeAgreedPowerIssue,
  importSeriesOf,
  parseMeterFile,
  type DeterminedBy,
  type NetworkFeeInput,
} from '../src/network-fee/index.ts';

const USAGE = `usage: npm run -s network-fee -- --input FILE [options]
  --input FILE                 Moj Elektro meter-readings JSON (P+ or A+ 15-minute), CSV with the header
                               timestamp,power_kw or timestamp,energy_kwh (interval ends with offset), or the
                               15-minute CSV export of mojelektro.si (Časovna značka, P+ / Energija A+ columns)
  --connection-power KW        connection power (ceiling; with --phases gives the minimum and old billing power)
  --phases 1|3                 number of phases
  --minimum-power KW           minimum agreed power of block 1 (overrides the derived minimum)
  --current P1,P2,P3,P4,P5     agreed powers in force (default: derived as the operator does)
  --determined-by WHO          DISTRIBUTER (default; excess not charged) or UPORABNIK
  --custom P1,P2,P3,P4,P5      your own agreed powers (adds the "custom" scenario)
  --tariffs 1|2                meter tariffs: 1 = ET, 2 = VT/MT (default 2)
  --vt EUR --mt EUR --et EUR   supplier energy prices per kWh (default 0)
  --from YYYY-MM-DD            first day (default: first day of the data)
  --to YYYY-MM-DD              last day, inclusive (default: last day of the data)
  --billing-power KW           old-system billing power (only for non-standard connections)
  --tariff-year YYYY           price the data under that year's block layout, rates, excess factor and minimum
                               power (day types stay the data's own dates); covered: ${TARIFF_YEARS.join(', ')}`;

/** What to pass when the engine lacks information. */
const HINTS: Partial<Record<string, string>> = {
  CURRENT_NOT_DERIVABLE: 'pass the agreed powers in force with --current P1,P2,P3,P4,P5',
  MINIMUM_POWER_UNKNOWN: 'pass --phases and --connection-power, or --minimum-power',
  OLD_BILLING_POWER_UNKNOWN:
    'pass --billing-power KW (or a standard --connection-power with --phases)',
  OUTSIDE_BLOCK_LAYOUT: `pass --tariff-year (one of ${TARIFF_YEARS.join(', ')}) to price data from outside the block tariff`,
  TARIFF_YEAR_NOT_COVERED: `the tariff data cover ${TARIFF_YEARS.join(', ')}`,
};

class UsageError extends Error {}

function number(
  name: string,
  text: string | undefined,
  check: (n: number) => boolean,
  rule: string,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new UsageError(`--${name} must be ${rule}, got "${text}"`);
  return n;
}

function five(name: string, text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',');
  if (parts.length !== 5 || parts.some((p) => p.trim() === '' || !Number.isFinite(Number(p)))) {
    throw new UsageError(`--${name} must be five numbers P1,P2,P3,P4,P5 in kW, got "${text}"`);
  }
  return parts.map(Number);
}

function buildInput(args: string[]): NetworkFeeInput {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      input: { type: 'string' },
      'connection-power': { type: 'string' },
      phases: { type: 'string' },
      'minimum-power': { type: 'string' },
      current: { type: 'string' },
      'determined-by': { type: 'string' },
      custom: { type: 'string' },
      tariffs: { type: 'string' },
      vt: { type: 'string' },
      mt: { type: 'string' },
      et: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'billing-power': { type: 'string' },
      'tariff-year': { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.input === undefined) throw new UsageError('--input FILE is required');
  const positive = (n: number): boolean => n > 0;
  const nonNegative = (n: number): boolean => n >= 0;
  const phases = number('phases', values.phases, (n) => n === 1 || n === 3, '1 or 3') as
    1 | 3 | undefined;
  const tariffs = number('tariffs', values.tariffs, (n) => n === 1 || n === 2, '1 or 2') as
    1 | 2 | undefined;
  const who = values['determined-by'] ?? 'DISTRIBUTER';
  if (who !== 'DISTRIBUTER' && who !== 'UPORABNIK') {
    throw new UsageError(`--determined-by must be DISTRIBUTER or UPORABNIK, got "${who}"`);
  }
  const determinedBy: DeterminedBy = who;
  const current = five('current', values.current);
  const tariffYearText = values['tariff-year'];
  if (tariffYearText !== undefined && !/^\d{4}$/.test(tariffYearText.trim())) {
    throw new UsageError(`--tariff-year must be a year YYYY, got "${tariffYearText}"`);
  }
  const tariffYear = tariffYearText === undefined ? undefined : Number(tariffYearText);

  let text: string;
  try {
    text = readFileSync(values.input, 'utf8');
  } catch (e) {
    throw new NetworkFeeError(
      'INVALID_INPUT_FORMAT',
      `cannot read ${values.input}: ${(e as Error).message}`,
      {},
    );
  }
  const series = importSeriesOf(parseMeterFile(text, values.input));
  return {
    series,
    tariffYear,
    from: values.from,
    to: values.to,
    connection: {
      phases,
      connectionPowerKw: number(
        'connection-power',
        values['connection-power'],
        positive,
        'a positive number of kW',
      ),
      minimumPowerKw: number(
        'minimum-power',
        values['minimum-power'],
        positive,
        'a positive number of kW',
      ),
    },
    current: current ? [{ valuesKw: current, determinedBy }] : undefined,
    determinedBy,
    custom: five('custom', values.custom),
    tariffs,
    prices: {
      vt: number('vt', values.vt, nonNegative, 'a non-negative price in EUR/kWh'),
      mt: number('mt', values.mt, nonNegative, 'a non-negative price in EUR/kWh'),
      et: number('et', values.et, nonNegative, 'a non-negative price in EUR/kWh'),
    },
    oldBillingPowerKw: number(
      'billing-power',
      values['billing-power'],
      positive,
      'a positive number of kW',
    ),
  };
}

function main(args: string[]): number {
  try {
    const result = calculateNetworkFee(buildInput(args));
    process.stdout.write(`${JSON.stringify({ scenarios: result.scenarios })}\n`);
    return 0;
  } catch (e) {
    if (
      e instanceof UsageError ||
      (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      process.stderr.write(`network-fee: ${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof NetworkFeeError) {
      const hint = HINTS[e.code];
      const lines = [
        `network-fee: ${e.code}: ${e.message}`,
        ...e.issues.map((i) => `  - ${describeAgreedPowerIssue(i)}`),
        ...(hint ? [`  ${hint}`] : []),
      ];
      process.stderr.write(`${lines.join('\n')}\n`);
      return 1;
    }
    process.stderr.write(
      `network-fee: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
    );
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
