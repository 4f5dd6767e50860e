import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { addDays, localMidnightMs, quarterHourPrice, wallClock } from '../prices/price-shape.ts';
import { listenOnLoopback } from '../listen.ts';

/** Agile region letters (GSP groups; I and O are not used). */
export const OCTOPUS_AGILE_REGIONS: readonly string[] = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
];

const LONDON = 'Europe/London';
const HALF_HOUR_MS = 1_800_000;
/** Agile's cap: 100 p/kWh including VAT. */
const CAP_INC_VAT = 100;

/** What to start. */
export interface OctopusEmulatorOptions {
  /** The emulator's clock (default the real one): tomorrow's rates appear at 16:00 Europe/London. */
  now?: () => Date;
  /** Results per page (default 100, like the real API; `page_size` in the query overrides it, up to 1500). */
  pageSize?: number;
  port?: number;
}

/** A running Octopus Energy API emulator (public product rates only). */
export interface OctopusEmulator {
  /** The base URL to configure as OCTOPUS_API_URL (`http://127.0.0.1:<port>`). */
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** One half hour of an Agile tariff as the API lists it. */
export interface OctopusUnitRate {
  value_exc_vat: number;
  value_inc_vat: number;
  valid_from: string;
  valid_to: string;
  payment_method: null;
}

/**
 * The Agile rate (p/kWh) of the half hour starting at `startMs` in a region: about 0.22 × the wholesale price
 * (GBP/MWh, the shared daily shape) plus 12.5 p between 16:00 and 19:00, capped at 100 p including 5 % VAT. The
 * price including VAT has 2 decimals, the one without is derived from it (4 decimals), as in real answers.
 */
export function agileRate(region: string, startMs: number): { exc: number; inc: number } {
  const wholesale =
    (quarterHourPrice(`GB-${region}`, startMs, LONDON) +
      quarterHourPrice(`GB-${region}`, startMs + 900_000, LONDON)) /
    2;
  const hour = wallClock(startMs, LONDON).hour;
  const peak = hour >= 16 && hour < 19 ? 12.5 : 0;
  const inc = Math.min(CAP_INC_VAT, Math.round((0.22 * wholesale + peak) * 1.05 * 100) / 100);
  return { inc, exc: Math.round((inc / 1.05) * 10_000) / 10_000 };
}

/** The end of the rates published at `nowMs`: 23:00 London tomorrow from 16:00 London on, else 23:00 today. */
export function agilePublishedUntilMs(nowMs: number): number {
  const today = wallClock(nowMs, LONDON).date;
  const last = wallClock(nowMs, LONDON).hour >= 16 ? addDays(today, 1) : today;
  return localMidnightMs(addDays(last, 1), LONDON) - 3_600_000;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function isoUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * Starts an emulated Octopus Energy API: `GET /v1/products/{product}/electricity-tariffs/E-1R-{product}-{region}/
 * standard-unit-rates/?period_from&period_to&page&page_size` answers Agile half hours newest first, paged
 * (`count`, `next`, `previous` as full URLs), in p/kWh with and without VAT. Any product code starting `AGILE-` is
 * known; rates exist up to what is published by the emulator's clock.
 */
export async function startOctopusEmulator(
  options: OctopusEmulatorOptions = {},
): Promise<OctopusEmulator> {
  const now = options.now ?? (() => new Date());
  let base = '';

  function handle(req: IncomingMessage, res: ServerResponse) {
    emulator.requests++;
    const url = new URL(req.url ?? '/', base);
    const m =
      /^\/v1\/products\/([A-Z0-9-]+)\/electricity-tariffs\/E-1R-([A-Z0-9-]+)-([A-Z])\/standard-unit-rates\/$/.exec(
        url.pathname,
      );
    if (req.method !== 'GET' || !m) {
      json(res, 404, { detail: 'Not found.' });
      return;
    }
    const [, product, tariffProduct, region] = m as unknown as [string, string, string, string];
    if (!product.startsWith('AGILE-')) {
      json(res, 404, { detail: 'No EnergyProduct matches the given query.' });
      return;
    }
    if (tariffProduct !== product || !OCTOPUS_AGILE_REGIONS.includes(region)) {
      json(res, 404, { detail: 'No ElectricityTariff matches the given query.' });
      return;
    }
    const q = url.searchParams;
    const nowMs = now().getTime();
    const errors: Record<string, string[]> = {};
    const parseTime = (name: string): number | undefined => {
      const value = q.get(name);
      if (value === null) return undefined;
      const ms = Date.parse(value);
      if (Number.isNaN(ms)) errors[name] = ['Enter a valid date/time.'];
      return ms;
    };
    const fromParam = parseTime('period_from');
    const toParam = parseTime('period_to');
    const page = Number(q.get('page') ?? '1');
    const pageSize = Math.min(1500, Number(q.get('page_size') ?? options.pageSize ?? 100));
    if (!Number.isInteger(page) || page < 1) errors.page = ['Invalid page.'];
    if (Object.keys(errors).length > 0) {
      json(res, 400, errors);
      return;
    }
    const until = agilePublishedUntilMs(nowMs);
    // Without a period the API lists from two days back; always up to what is published.
    const from = Math.ceil((fromParam ?? until - 2 * 86_400_000) / HALF_HOUR_MS) * HALF_HOUR_MS;
    const to = Math.min(toParam ?? until, until);
    const starts: number[] = [];
    // Every half hour starting in [from, to), newest first.
    for (
      let t = Math.ceil(to / HALF_HOUR_MS) * HALF_HOUR_MS - HALF_HOUR_MS;
      t >= from;
      t -= HALF_HOUR_MS
    ) {
      starts.push(t);
    }
    const count = starts.length;
    const slice = starts.slice((page - 1) * pageSize, page * pageSize);
    if (page > 1 && slice.length === 0) {
      json(res, 404, { detail: 'Invalid page.' });
      return;
    }
    const link = (n: number) => {
      const next = new URL(url.pathname, base);
      const params = new URLSearchParams(q);
      params.set('page', String(n));
      next.search = params.toString();
      return next.toString();
    };
    const results: OctopusUnitRate[] = slice.map((t) => {
      const rate = agileRate(region, t);
      return {
        value_exc_vat: rate.exc,
        value_inc_vat: rate.inc,
        valid_from: isoUtc(t),
        valid_to: isoUtc(t + HALF_HOUR_MS),
        payment_method: null,
      };
    });
    json(res, 200, {
      count,
      next: page * pageSize < count ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results,
    });
  }

  const server: Server = createServer(handle);
  const { port, close } = await listenOnLoopback(server, options.port);
  base = `http://127.0.0.1:${port}`;
  const emulator: OctopusEmulator = {
    url: base,
    requests: 0,
    close,
  };
  return emulator;
}
