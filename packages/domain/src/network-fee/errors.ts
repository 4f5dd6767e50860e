// Errors carry a stable code and plain parameters so that callers (the CLI now, the UI later) can translate them;
// the English message is only a fallback for logs and the command line.

/** Every code a network-fee function can fail with. */
export const NETWORK_FEE_ERROR_CODES = [
  'OUTSIDE_BLOCK_LAYOUT',
  'RATES_NOT_FOUND',
  'INVALID_SERIES',
  'INVALID_INTERVAL',
  'DUPLICATE_INTERVAL',
  'INVALID_VALUE',
  'INVALID_DATE',
  'INVALID_RANGE',
  'NO_DATA_IN_RANGE',
  'MINIMUM_POWER_UNKNOWN',
  'INVALID_CONNECTION',
  'INVALID_AGREED_POWER',
  'AGREED_POWER_PERIOD_GAP',
  'AGREED_POWER_PERIOD_OVERLAP',
  'CURRENT_NOT_DERIVABLE',
  'OLD_BILLING_POWER_UNKNOWN',
  'INVALID_INPUT_FORMAT',
  'TARIFF_YEAR_NOT_COVERED',
  'UNKNOWN_FILE_FORMAT',
  'CSV_HEADER_NOT_FOUND',
  'CSV_COLUMN_MISSING',
  'CSV_INVALID_TIMESTAMP',
  'CSV_NONEXISTENT_TIME',
  'CSV_REPEATED_TIME',
  'CSV_INVALID_NUMBER',
  'CSV_FIELD_COUNT',
  'CSV_NO_DATA',
] as const;

/** A network-fee error code. */
export type NetworkFeeErrorCode = (typeof NETWORK_FEE_ERROR_CODES)[number];

/** Codes with a catalog text `network_fee.errors.<code lower-case>` (packages/i18n), with the params as placeholders. */
export const TRANSLATED_NETWORK_FEE_ERROR_CODES = [
  'TARIFF_YEAR_NOT_COVERED',
  'OUTSIDE_BLOCK_LAYOUT',
  'UNKNOWN_FILE_FORMAT',
  'INVALID_INPUT_FORMAT',
  'CSV_HEADER_NOT_FOUND',
  'CSV_COLUMN_MISSING',
  'CSV_FIELD_COUNT',
  'CSV_INVALID_TIMESTAMP',
  'CSV_NONEXISTENT_TIME',
  'CSV_REPEATED_TIME',
  'CSV_INVALID_NUMBER',
  'CSV_NO_DATA',
] as const satisfies readonly NetworkFeeErrorCode[];

/** The translation key of an error code (`network_fee.errors.csv_invalid_number`), or undefined without a catalog text. */
export function networkFeeErrorKey(code: NetworkFeeErrorCode): string | undefined {
  return (TRANSLATED_NETWORK_FEE_ERROR_CODES as readonly string[]).includes(code)
    ? `network_fee.errors.${code.toLowerCase()}`
    : undefined;
}

/** Values that describe an error (dates as `YYYY-MM-DD`, powers in kW). */
export type NetworkFeeErrorParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** One problem with a set of five agreed powers; `block` is 1–5 where the problem belongs to one block. */
export type AgreedPowerIssue =
  | { readonly code: 'AGREED_POWER_COUNT'; readonly expected: 5; readonly actual: number }
  | { readonly code: 'AGREED_POWER_NOT_NUMBER'; readonly block: number }
  | { readonly code: 'AGREED_POWER_STEP'; readonly block: number; readonly valueKw: number }
  | {
      readonly code: 'AGREED_POWER_BELOW_MINIMUM';
      readonly block: number;
      readonly valueKw: number;
      readonly minimumKw: number;
    }
  | {
      readonly code: 'AGREED_POWER_ORDER';
      readonly block: number;
      readonly valueKw: number;
      readonly previousKw: number;
    }
  | {
      readonly code: 'AGREED_POWER_ABOVE_CONNECTION';
      readonly block: number;
      readonly valueKw: number;
      readonly connectionPowerKw: number;
    };

/** The error every network-fee function throws; `issues` lists agreed-power problems for INVALID_AGREED_POWER. */
export class NetworkFeeError extends Error {
  /** Stable, translatable code. */
  readonly code: NetworkFeeErrorCode;
  /** Values for the translated message. */
  readonly params: NetworkFeeErrorParams;
  /** The individual agreed-power problems (only for INVALID_AGREED_POWER). */
  readonly issues: readonly AgreedPowerIssue[];

  constructor(
    code: NetworkFeeErrorCode,
    message: string,
    params: NetworkFeeErrorParams = {},
    issues: readonly AgreedPowerIssue[] = [],
  ) {
    super(message);
    this.name = 'NetworkFeeError';
    this.code = code;
    this.params = params;
    this.issues = issues;
  }
}

/** An English description of one agreed-power problem (for logs and the command line). */
export function describeAgreedPowerIssue(issue: AgreedPowerIssue): string {
  switch (issue.code) {
    case 'AGREED_POWER_COUNT':
      return `expected 5 agreed powers, got ${issue.actual}`;
    case 'AGREED_POWER_NOT_NUMBER':
      return `block ${issue.block}: not a number`;
    case 'AGREED_POWER_STEP':
      return `block ${issue.block}: ${issue.valueKw} kW is not a multiple of 0.1 kW`;
    case 'AGREED_POWER_BELOW_MINIMUM':
      return `block ${issue.block}: ${issue.valueKw} kW is below the minimum ${issue.minimumKw} kW`;
    case 'AGREED_POWER_ORDER':
      return `block ${issue.block}: ${issue.valueKw} kW is below block ${issue.block - 1} (${issue.previousKw} kW); P1 ≤ P2 ≤ P3 ≤ P4 ≤ P5`;
    case 'AGREED_POWER_ABOVE_CONNECTION':
      return `block ${issue.block}: ${issue.valueKw} kW exceeds the connection power ${issue.connectionPowerKw} kW`;
  }
}
