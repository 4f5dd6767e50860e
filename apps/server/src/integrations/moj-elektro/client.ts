// The Moj Elektro client (Informatika's public metering API; ../shared/docs/domain-si.md §2): one instance per
// process, shared by every user's token, so the rate limit below is the process's.
import { z } from 'zod';
import {
  MojElektroError,
  type AgreedPowerRecord,
  type MeteringPlace,
  type MeteringPoint,
  type MeterReadings,
  type MojElektroClient,
  type MojElektroClientOptions,
  type MojElektroErrorCode,
  type Reading15,
} from './types.ts';

export { MojElektroError, mojElektroErrorKey } from './types.ts';
export type * from './types.ts';

/** The 15-minute reading types the client asks for (domain-si.md §2.3). */
export const READING_TYPES = {
  pPlus: '32.0.2.4.1.2.37.0.0.0.0.0.0.0.0.3.38.0',
  pMinus: '32.0.2.4.19.2.37.0.0.0.0.0.0.0.0.3.38.0',
  aPlus: '32.0.2.4.1.2.12.0.0.0.0.0.0.0.0.3.72.0',
  aMinus: '32.0.2.4.19.2.12.0.0.0.0.0.0.0.0.3.72.0',
} as const satisfies Record<keyof MeterReadings, string>;

const QUARTER_MS = 900_000;
/** Kong counts requests per clock second; a little margin for the network's jitter. */
const WINDOW_MS = 1_020;
const MAX_WAIT_MS = 60_000;

const DECIMAL = /^-?\d{1,9}(\.\d{1,9})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO-8601 with an explicit offset (the portal's timestamps); no offset is refused. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A decimal string ("4.6", "0.0370") or a JSON number → number. */
const decimal = z.union([z.string().trim().regex(DECIMAL).transform(Number), z.number().finite()]);
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);
const text = optional(z.string());
/** `2026-01-01T00:00:00Z` or `2026-01-01` → `2026-01-01`. */
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/)
  .transform((v) => v.slice(0, 10));

const readingTypeListSchema = z.array(z.looseObject({ readingType: z.string().optional() }));

const meteringPlaceSchema = z.looseObject({
  identifikator: z.looseObject({
    enotniIdentifikatorMerilnegaMesta: z.string().min(1),
    gsrn: text,
  }),
  naziv: text,
  naslov: text,
  pogodbeniPodatki: optional(
    z.looseObject({
      prikljucnaMoc: optional(decimal),
      steviloFaz: optional(z.number().int()),
      jakostOmejevalcaToka: optional(decimal),
      vrstaOmejevalcaToka: text,
      oznakaNapetostnegaNivoja: text,
      nazivNapetostnegaNivoja: text,
      obstoj15MinutneMeritve: optional(z.boolean()),
      instaliranaMocProizvodnje: optional(decimal),
    }),
  ),
  merilneTocke: optional(z.array(z.looseObject({ gsrn: z.string().min(1), vrsta: text }))),
});

const agreedPowerSchema = z.looseObject({
  casovniBlok1: decimal,
  casovniBlok2: decimal,
  casovniBlok3: decimal,
  casovniBlok4: decimal,
  casovniBlok5: decimal,
  datumOd: dateText,
  datumDo: dateText,
  datumVnosa: optional(dateText),
  minimalnaMoc: optional(decimal),
  prikljucnaMoc: optional(decimal),
  nacinDolocitve: z.string().default(''),
  oznakaIzracuna: text,
  novUporabnik: optional(z.boolean()),
  // Every recorded answer has it; a record without the flag counts as in force.
  veljavnost: z.boolean().default(true),
});

const meteringPointSchema = z.looseObject({
  gsrn: z.string().min(1),
  dobavitelj: optional(
    z.looseObject({
      naziv: z.string().default(''),
      eic: text,
      oznaka: optional(z.union([z.string(), z.number()])),
    }),
  ),
  idVrstaOdjema: optional(z.number().int()),
  nazivVrstaOdjema: text,
  letneObratovalneUre: optional(decimal),
  obracunskaMoc: optional(decimal),
  steviloTarifMerjenja: optional(z.number().int()),
  uporabniskaSkupina: text,
  dogovorjeneMoci: z.array(agreedPowerSchema).default([]),
});

const meterReadingsSchema = z.looseObject({
  intervalBlocks: z
    .array(
      z.looseObject({
        readingType: z.string().min(1),
        intervalReadings: z
          .array(
            z.looseObject({
              timestamp: z.string().regex(INSTANT),
              // A reading the meter did not deliver may come without a value: it is left out.
              value: decimal.nullish(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const errorBodySchema = z.looseObject({
  errors: z
    .array(
      z.looseObject({
        koda: optional(z.union([z.string(), z.number()])),
        opis: text,
      }),
    )
    .optional(),
  opisNapake: z.string().optional(),
  message: z.string().optional(),
});

/**
 * Starts at most `perSecond` requests in any {@link WINDOW_MS} (the portal's 5 per second, counted by Kong per clock
 * second): a sliding log of the last starts, taken in call order.
 */
export function createRateLimiter(
  perSecond: number,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): () => Promise<void> {
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  return () => {
    const turn = queue.then(async () => {
      for (;;) {
        const t = now();
        while (starts.length > 0 && (starts[0] as number) <= t - WINDOW_MS) starts.shift();
        if (starts.length < perSecond) {
          starts.push(t);
          return;
        }
        await sleep((starts[0] as number) + WINDOW_MS - t);
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}

/** Retry-After as seconds or an HTTP date → ms, or undefined. */
function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** `YYYY-MM-DD` + n months' first day. */
function firstOfNextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/**
 * [fromDate, toDate) cut at the first of each month: `2025-01-15`–`2025-03-10` → 01-15…02-01, 02-01…03-01,
 * 03-01…03-10 (each end exclusive, as the portal's endTime).
 */
export function monthChunks(fromDate: string, toDate: string): { start: string; end: string }[] {
  const chunks: { start: string; end: string }[] = [];
  for (let start = fromDate; start < toDate;) {
    const next = firstOfNextMonth(start);
    const end = next < toDate ? next : toDate;
    chunks.push({ start, end });
    start = end;
  }
  return chunks;
}

/** The same reading type whatever its first field (the catalogue's 0. and 8. variants count as the 32. one). */
function readingTypeKey(code: string): keyof MeterReadings | undefined {
  const tail = code.trim().split('.').slice(1).join('.');
  for (const [key, type] of Object.entries(READING_TYPES) as [keyof MeterReadings, string][]) {
    if (type.split('.').slice(1).join('.') === tail) return key;
  }
  return undefined;
}

/** The portal's error body (`errors[{koda, opis}]`, `opisNapake` or `message`) without the token in it. */
function portalError(body: unknown, token: string) {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return {};
  const first = parsed.data.errors?.find((e) => e.koda !== null || e.opis !== null);
  const opis = parsed.data.errors
    ?.map((e) => e.opis)
    .filter((m): m is string => m !== null && m.trim() !== '')
    .join('; ');
  const message = opis || parsed.data.opisNapake || parsed.data.message;
  const clean = (value: string) =>
    (token.length >= 4 ? value.split(token).join('•••') : value).slice(0, 500);
  return {
    portalCode: first?.koda === null || first?.koda === undefined ? undefined : String(first.koda),
    portalMessage: message ? clean(message) : undefined,
  };
}

/**
 * The real client: `X-API-TOKEN` and `Accept: application/json` on every call; at most `requestsPerSecond` (5)
 * requests a second for the whole instance; 429, 5xx, network errors and time-outs retried up to `maxRetries` (4)
 * times (Retry-After up to 60 s honoured, a longer one gives up at once; else 1 s, 2 s, 4 s, 8 s); every answer
 * parsed with a schema. Errors are {@link MojElektroError}s whose messages never carry the token.
 */
export function createMojElektroClient(opts: MojElektroClientOptions): MojElektroClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const sleep =
    opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = opts.now ?? Date.now;
  const maxRetries = opts.maxRetries ?? 4;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const acquire = createRateLimiter(opts.requestsPerSecond ?? 5, now, sleep);

  /** GETs `path` (with query) and answers the parsed JSON; `on403` says what a 403 means for this call. */
  async function get(
    token: string,
    path: string,
    on403: MojElektroErrorCode,
    query?: URLSearchParams,
  ): Promise<unknown> {
    const url = `${base}${path}${query ? `?${query.toString()}` : ''}`;
    const label = `Moj Elektro GET ${path}`;
    // A header can carry visible ASCII only: anything else is no token the portal issued (and would fail in fetch).
    if (!/^[\x21-\x7e]{1,1000}$/.test(token)) {
      throw new MojElektroError(
        'TOKEN_REJECTED',
        `${label}: the token is empty or has invalid characters`,
      );
    }
    for (let attempt = 0; ; attempt++) {
      await acquire();
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await doFetch(url, {
          headers: { 'X-API-TOKEN': token, Accept: 'application/json' },
          // A redirect would carry the token header to wherever it points: not followed (BAD_RESPONSE).
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        failure = error;
      }
      if (response !== undefined && response.status !== 429 && response.status < 500) {
        return read(response, token, label, on403);
      }
      const wait =
        retryAfterMs(response?.headers.get('retry-after') ?? null, now()) ?? 1000 * 2 ** attempt;
      await response?.body?.cancel().catch(() => undefined);
      if (attempt >= maxRetries || wait > MAX_WAIT_MS) {
        if (response?.status === 429) {
          throw new MojElektroError(
            'RATE_LIMITED',
            `${label}: rate limited (429) after ${attempt + 1} attempts`,
            { status: 429 },
          );
        }
        const why =
          response === undefined
            ? failure instanceof Error && failure.name === 'TimeoutError'
              ? `no answer in ${timeoutMs} ms`
              : 'network error'
            : `HTTP ${response.status}`;
        throw new MojElektroError(
          'UNAVAILABLE',
          `${label}: unavailable (${why}) after ${attempt + 1} attempts`,
          response === undefined ? {} : { status: response.status },
        );
      }
      await sleep(wait);
    }
  }

  async function read(
    response: Response,
    token: string,
    label: string,
    on403: MojElektroErrorCode,
  ): Promise<unknown> {
    let body: unknown;
    let json = true;
    try {
      body = JSON.parse(await response.text());
    } catch {
      json = false;
    }
    const { status } = response;
    if (status === 200) {
      if (!json) throw new MojElektroError('BAD_RESPONSE', `${label}: the answer is not JSON`);
      return body;
    }
    const portal = json ? portalError(body, token) : {};
    const code: MojElektroErrorCode =
      status === 401
        ? 'TOKEN_REJECTED'
        : status === 403
          ? on403
          : status === 404
            ? 'NOT_FOUND'
            : status === 400
              ? 'BAD_REQUEST'
              : 'BAD_RESPONSE';
    const detail = portal.portalMessage ? `: ${portal.portalMessage}` : '';
    throw new MojElektroError(code, `${label}: HTTP ${status}${detail}`, { status, ...portal });
  }

  function parse<T extends z.ZodType>(schema: T, body: unknown, label: string): z.output<T> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new MojElektroError(
        'BAD_RESPONSE',
        `${label}: unexpected answer (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'shape'})`,
      );
    }
    return parsed.data;
  }

  const segment = (id: string) => `/${encodeURIComponent(id.trim())}`;

  return {
    async checkToken(token) {
      const body = await get(token, '/reading-type', 'TOKEN_REJECTED');
      parse(readingTypeListSchema, body, 'Moj Elektro /reading-type');
    },

    async meteringPlace(token, eimmOrGsrn) {
      const body = await get(token, `/merilno-mesto${segment(eimmOrGsrn)}`, 'FORBIDDEN');
      const mm = parse(meteringPlaceSchema, body, 'Moj Elektro /merilno-mesto');
      const contract = mm.pogodbeniPodatki;
      const phases = contract?.steviloFaz;
      return {
        eimm: mm.identifikator.enotniIdentifikatorMerilnegaMesta,
        gsrn: mm.identifikator.gsrn,
        name: mm.naziv,
        address: mm.naslov,
        connectionPowerKw: contract?.prikljucnaMoc ?? null,
        phases: phases === 1 || phases === 3 ? phases : null,
        fuseA: contract?.jakostOmejevalcaToka ?? null,
        limiterType: contract?.vrstaOmejevalcaToka ?? null,
        voltageLevel: contract?.oznakaNapetostnegaNivoja ?? null,
        voltageLevelName: contract?.nazivNapetostnegaNivoja ?? null,
        has15MinMetering: contract?.obstoj15MinutneMeritve ?? null,
        productionPowerKw: contract?.instaliranaMocProizvodnje ?? null,
        meteringPoints: (mm.merilneTocke ?? []).map((mt) => ({ gsrn: mt.gsrn, kind: mt.vrsta })),
      } satisfies MeteringPlace;
    },

    async meteringPoint(token, gsrn) {
      const body = await get(token, `/merilna-tocka${segment(gsrn)}`, 'FORBIDDEN');
      const mt = parse(meteringPointSchema, body, 'Moj Elektro /merilna-tocka');
      const tariffs = mt.steviloTarifMerjenja;
      const supplier = mt.dobavitelj;
      return {
        gsrn: mt.gsrn,
        supplier: supplier
          ? {
              name: supplier.naziv,
              code: supplier.eic ?? (supplier.oznaka === null ? null : String(supplier.oznaka)),
            }
          : null,
        consumptionTypeId: mt.idVrstaOdjema,
        consumptionTypeName: mt.nazivVrstaOdjema,
        yearlyWorkHours: mt.letneObratovalneUre,
        billingPowerKw: mt.obracunskaMoc,
        tariffsCount: tariffs === 1 || tariffs === 2 ? tariffs : null,
        userGroup: mt.uporabniskaSkupina,
        agreedPowers: mt.dogovorjeneMoci.map((r): AgreedPowerRecord => ({
          blocksKw: [
            r.casovniBlok1,
            r.casovniBlok2,
            r.casovniBlok3,
            r.casovniBlok4,
            r.casovniBlok5,
          ],
          dateFrom: r.datumOd,
          dateTo: r.datumDo,
          enteredOn: r.datumVnosa,
          minimumPowerKw: r.minimalnaMoc,
          connectionPowerKw: r.prikljucnaMoc,
          determinedBy: r.nacinDolocitve,
          calculationMark: r.oznakaIzracuna,
          newUser: r.novUporabnik,
          valid: r.veljavnost,
        })),
      } satisfies MeteringPoint;
    },

    async meterReadings(token, usagePoint, fromDate, toDate, onMonth) {
      if (!isDate(fromDate) || !isDate(toDate) || fromDate > toDate) {
        throw new MojElektroError(
          'BAD_REQUEST',
          `Moj Elektro readings: bad date range ${fromDate}–${toDate}`,
        );
      }
      const chunks = monthChunks(fromDate, toDate);
      const found: Record<keyof MeterReadings, Map<number, number> | null> = {
        pPlus: null,
        pMinus: null,
        aPlus: null,
        aMinus: null,
      };
      const label = 'Moj Elektro /meter-readings';
      for (const [index, chunk] of chunks.entries()) {
        const query = new URLSearchParams({
          usagePoint: usagePoint.trim(),
          startTime: chunk.start,
          endTime: chunk.end,
        });
        for (const type of Object.values(READING_TYPES))
          query.append('option', `ReadingType=${type}`);
        const body = parse(
          meterReadingsSchema,
          await get(token, '/meter-readings', 'FORBIDDEN', query),
          label,
        );
        for (const block of body.intervalBlocks) {
          const key = readingTypeKey(block.readingType);
          if (key === undefined) continue;
          const values = (found[key] ??= new Map());
          for (const reading of block.intervalReadings) {
            const endMs = Date.parse(reading.timestamp);
            if (Number.isNaN(endMs) || endMs % QUARTER_MS !== 0) {
              throw new MojElektroError(
                'BAD_RESPONSE',
                `${label}: ${reading.timestamp} is not the end of a quarter hour`,
              );
            }
            if (reading.value !== null && reading.value !== undefined) {
              values.set(endMs, reading.value);
            }
          }
        }
        onMonth?.(index + 1, chunks.length);
      }
      const series = (map: Map<number, number> | null): Reading15[] | null =>
        map === null
          ? null
          : [...map.entries()]
              .map(([endMs, value]) => ({ endMs, value }))
              .sort((a, b) => a.endMs - b.endMs);
      return {
        pPlus: series(found.pPlus),
        pMinus: series(found.pMinus),
        aPlus: series(found.aPlus),
        aMinus: series(found.aMinus),
      };
    },
  };
}
