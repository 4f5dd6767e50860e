import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import {
  getWithBackoff,
  SpotSourceError,
  type BackoffOptions,
  type QuarterHourPrice,
  type SpotPricesResult,
} from '../spot-source.ts';

const QUARTER_MS = 900_000;
const RESOLUTION_MINUTES: Record<string, number> = { PT15M: 15, PT30M: 30, PT60M: 60 };
const DECIMAL = /^-?\d{1,12}(\.\d{1,9})?$/;

// Entities stay unprocessed (stack notes §9.15: remote input); numbers stay text so prices stay exact decimals.
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  trimValues: true,
  isArray: (name) => ['TimeSeries', 'Period', 'Point', 'Reason'].includes(name),
});

const text = z.string().min(1);
const pointSchema = z.object({
  position: text.regex(/^\d{1,5}$/),
  'price.amount': text.regex(DECIMAL),
});
const periodSchema = z.object({
  timeInterval: z.object({ start: text, end: text }),
  resolution: text,
  Point: z.array(pointSchema).default([]),
});
const timeSeriesSchema = z.object({
  'currency_Unit.name': text.regex(/^[A-Z]{3}$/),
  'price_Measure_Unit.name': z.literal('MWH'),
  curveType: z.enum(['A01', 'A03']).default('A01'),
  'classificationSequence_AttributeInstanceComponent.position': text.regex(/^\d{1,3}$/).optional(),
  Period: z.array(periodSchema).default([]),
});
const publicationSchema = z.object({
  Publication_MarketDocument: z.object({
    type: z.literal('A44'),
    TimeSeries: z.array(timeSeriesSchema).default([]),
  }),
});
const acknowledgementSchema = z.object({
  Acknowledgement_MarketDocument: z.object({
    Reason: z.array(z.object({ code: text, text: z.string().optional() })).min(1),
  }),
});

/** `2025-09-30T22:00Z` (ENTSO-E's minute stamps) or with seconds → ms. */
function parseInstant(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new SpotSourceError('BAD_RESPONSE', `ENTSO-E: bad time ${value}`);
  return ms;
}

/**
 * Reads an A44 answer: a Publication_MarketDocument's prices expanded to quarter hours, or "no data" for the
 * Acknowledgement_MarketDocument with reason 999. Rules of real documents (../shared/docs/domain-si.md §3.1):
 * a point starts at Period.start + (position − 1) × resolution; curve A03 leaves out positions that repeat the
 * previous price (forward-filled here); PT60M and PT30M points cover 4 and 2 quarter hours; several TimeSeries of one
 * period are told apart by classificationSequence position, and sequence 1 (or the lowest; none counts as 1) is taken,
 * whatever the document order.
 */
export function parseEntsoeDocument(xml: string): SpotPricesResult {
  let tree: unknown;
  try {
    tree = parser.parse(xml);
  } catch (error) {
    throw new SpotSourceError('BAD_RESPONSE', `ENTSO-E: not XML (${(error as Error).message})`);
  }
  const ack = acknowledgementSchema.safeParse(tree);
  if (ack.success) {
    const [reason] = ack.data.Acknowledgement_MarketDocument.Reason;
    if (reason?.code === '999')
      return { kind: 'no-data', reason: reason.text ?? 'No matching data found' };
    throw new SpotSourceError(
      'BAD_RESPONSE',
      `ENTSO-E refused the request (reason ${reason?.code}: ${reason?.text ?? ''})`,
    );
  }
  const doc = publicationSchema.safeParse(tree);
  if (!doc.success) {
    throw new SpotSourceError(
      'BAD_RESPONSE',
      `ENTSO-E: unexpected document (${doc.error.issues[0]?.path.join('.')}: ${doc.error.issues[0]?.message})`,
    );
  }
  // Per period start: the series of the lowest sequence.
  const chosen = new Map<
    number,
    {
      sequence: number;
      currency: string;
      curve: 'A01' | 'A03';
      period: z.infer<typeof periodSchema>;
    }
  >();
  for (const series of doc.data.Publication_MarketDocument.TimeSeries) {
    const sequence = Number(
      series['classificationSequence_AttributeInstanceComponent.position'] ?? 1,
    );
    for (const period of series.Period) {
      const start = parseInstant(period.timeInterval.start);
      const current = chosen.get(start);
      if (!current || sequence < current.sequence) {
        chosen.set(start, {
          sequence,
          currency: series['currency_Unit.name'],
          curve: series.curveType,
          period,
        });
      }
    }
  }
  if (chosen.size === 0) return { kind: 'no-data', reason: 'The document has no TimeSeries' };
  const prices: QuarterHourPrice[] = [];
  const currencies = new Set<string>();
  let resolutionMinutes = 15;
  for (const [start, { currency, curve, period }] of [...chosen].sort((a, b) => a[0] - b[0])) {
    currencies.add(currency);
    const minutes = RESOLUTION_MINUTES[period.resolution];
    if (minutes === undefined) {
      throw new SpotSourceError('BAD_RESPONSE', `ENTSO-E: unknown resolution ${period.resolution}`);
    }
    resolutionMinutes = Math.max(resolutionMinutes, minutes);
    const step = minutes * 60_000;
    const end = parseInstant(period.timeInterval.end);
    const count = Math.round((end - start) / step);
    const byPosition = new Map(period.Point.map((p) => [Number(p.position), p['price.amount']]));
    let previous: string | undefined;
    for (let position = 1; position <= count; position++) {
      const own = byPosition.get(position);
      const price = own ?? (curve === 'A03' ? previous : undefined);
      previous = price;
      if (price === undefined) continue;
      const pointStart = start + (position - 1) * step;
      for (let q = 0; q < step / QUARTER_MS; q++) {
        prices.push({
          startMs: pointStart + q * QUARTER_MS,
          pricePerMwh: price.replace(/^(-?)0+(?=\d)/, '$1'),
          priceIncVatPerMwh: null,
        });
      }
    }
  }
  if (currencies.size > 1) {
    throw new SpotSourceError(
      'BAD_RESPONSE',
      `ENTSO-E: mixed currencies ${[...currencies].join(', ')}`,
    );
  }
  return { kind: 'prices', currency: [...currencies][0] ?? 'EUR', resolutionMinutes, prices };
}

/** `YYYYMMDDHHMM` in UTC, as the API takes periodStart/periodEnd. */
function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** Where and how to reach ENTSO-E. */
export interface EntsoeClientOptions extends BackoffOptions {
  /** ENTSOE_API_URL, e.g. `https://web-api.tp.entsoe.eu/api`. */
  baseUrl: string;
  /** ENTSOE_TOKEN. */
  token: string;
}

/** The ENTSO-E Transparency Platform client: day-ahead prices (A44) of a bidding zone. */
export function createEntsoeClient(options: EntsoeClientOptions) {
  return {
    /**
     * Day-ahead prices of `zone` (EIC) for [fromMs, toMs): quarter hours, or "no data" (not published yet, or an
     * unknown zone). 429 and 5xx are retried with back-off; 401/403 fail with UNAUTHORIZED.
     */
    async dayAheadPrices(zone: string, fromMs: number, toMs: number): Promise<SpotPricesResult> {
      const url = new URL(options.baseUrl);
      url.search = new URLSearchParams({
        securityToken: options.token,
        documentType: 'A44',
        in_Domain: zone,
        out_Domain: zone,
        periodStart: stamp(fromMs),
        periodEnd: stamp(toMs),
      }).toString();
      const response = await getWithBackoff(url.toString(), 'ENTSO-E', options);
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new SpotSourceError(
          'UNAUTHORIZED',
          `ENTSO-E refused the security token (HTTP ${response.status}); check ENTSOE_TOKEN`,
        );
      }
      const body = await response.text();
      // "No matching data" comes as an acknowledgement with 200 or 400; other 4xx are the request's fault.
      if (response.status === 200 || body.includes('Acknowledgement_MarketDocument')) {
        const result = parseEntsoeDocument(body);
        if (result.kind === 'prices') {
          result.prices = result.prices.filter((p) => p.startMs >= fromMs && p.startMs < toMs);
        }
        return result;
      }
      throw new SpotSourceError('BAD_RESPONSE', `ENTSO-E answered HTTP ${response.status}`);
    },
  };
}

/** An ENTSO-E client. */
export type EntsoeClient = ReturnType<typeof createEntsoeClient>;
