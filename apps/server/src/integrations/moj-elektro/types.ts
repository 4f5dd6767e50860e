/**
 * The Moj Elektro client's public shapes (DESIGN-14 §1). Modules code against these; the wire format of the
 * portal (domain-si.md §2) stays inside this folder.
 */

export type MojElektroErrorCode =
  | 'TOKEN_REJECTED' // 401/403 on a token check or on any call (the token is wrong/expired/revoked)
  | 'FORBIDDEN' // 403 for a metering point the token may not read
  | 'NOT_FOUND' // 404 metering place/point unknown
  | 'BAD_REQUEST' // 400 (portal validation), message from errors[].opis
  | 'RATE_LIMITED' // 429 after the retries
  | 'UNAVAILABLE' // 5xx / network / time-out after the retries
  | 'BAD_RESPONSE'; // answer not in the documented shape

/** A failed portal call. The message never contains the token. */
export class MojElektroError extends Error {
  readonly code: MojElektroErrorCode;
  readonly status?: number;
  /** `errors[].koda` of the portal's error body, when it sent one. */
  readonly portalCode?: string;
  /** `errors[].opis` (or `opisNapake` / `message`) of the portal's error body. */
  readonly portalMessage?: string;

  constructor(
    code: MojElektroErrorCode,
    message: string,
    details: { status?: number; portalCode?: string; portalMessage?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'MojElektroError';
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.portalCode !== undefined) this.portalCode = details.portalCode;
    if (details.portalMessage !== undefined) this.portalMessage = details.portalMessage;
  }
}

/** The translation key of each code: `moj_elektro.errors.<code lower-case>` (keys in packages/i18n). */
export function mojElektroErrorKey(code: MojElektroErrorCode): string {
  return `moj_elektro.errors.${code.toLowerCase()}`;
}

/** GET /merilno-mesto/{id}: the metering place. */
export interface MeteringPlace {
  eimm: string;
  gsrn: string | null;
  name: string | null;
  address: string | null;
  connectionPowerKw: number | null;
  phases: 1 | 3 | null;
  fuseA: number | null;
  limiterType: string | null;
  voltageLevel: string | null;
  voltageLevelName: string | null;
  has15MinMetering: boolean | null;
  productionPowerKw: number | null;
  meteringPoints: { gsrn: string; kind: string | null }[];
}

/** One item of merilna-tocka `dogovorjeneMoci[]` (decimal strings parsed). */
export interface AgreedPowerRecord {
  blocksKw: [number, number, number, number, number];
  /** YYYY-MM-DD */
  dateFrom: string;
  /** YYYY-MM-DD, inclusive (the portal sends `YYYY-12-31T00:00:00Z`). */
  dateTo: string;
  enteredOn: string | null;
  minimumPowerKw: number | null;
  connectionPowerKw: number | null;
  determinedBy: 'DISTRIBUTER' | 'UPORABNIK' | (string & {});
  calculationMark: string | null;
  newUser: boolean | null;
  valid: boolean;
}

/** GET /merilna-tocka/{gsrn}: the metering point. */
export interface MeteringPoint {
  gsrn: string;
  supplier: { name: string; code: string | null } | null;
  consumptionTypeId: number | null;
  consumptionTypeName: string | null;
  yearlyWorkHours: number | null;
  billingPowerKw: number | null;
  tariffsCount: 1 | 2 | null;
  userGroup: string | null;
  agreedPowers: AgreedPowerRecord[];
}

/** One 15-minute value; `endMs` is the interval END (portal convention), UTC ms. kW or kWh. */
export interface Reading15 {
  endMs: number;
  value: number;
}

export interface MeterReadings {
  /** kW (15-min average power) */
  pPlus: Reading15[] | null;
  pMinus: Reading15[] | null;
  /** kWh per 15 min */
  aPlus: Reading15[] | null;
  aMinus: Reading15[] | null;
}

export interface MojElektroClient {
  /** Cheap authenticated call (GET /reading-type) to check a token; throws MojElektroError TOKEN_REJECTED. */
  checkToken(token: string): Promise<void>;
  meteringPlace(token: string, eimmOrGsrn: string): Promise<MeteringPlace>;
  meteringPoint(token: string, gsrn: string): Promise<MeteringPoint>;
  /** [fromDate, toDate) local dates YYYY-MM-DD (toDate exclusive like the portal); split into calendar months,
   *  reading types P+, P−, A+, A− requested together; calls onMonth after each month for progress. */
  meterReadings(
    token: string,
    usagePoint: string,
    fromDate: string,
    toDate: string,
    onMonth?: (done: number, total: number) => void,
  ): Promise<MeterReadings>;
}

export interface MojElektroClientOptions {
  baseUrl: string;
  /** Token bucket shared by all tokens of this client instance; default 5. */
  requestsPerSecond?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Clock for the token bucket (tests); default Date.now. */
  now?: () => number;
  /** Retries of 429/5xx/network errors; default 4. */
  maxRetries?: number;
}

/** Implemented in client.ts. */
export type CreateMojElektroClient = (opts: MojElektroClientOptions) => MojElektroClient;
