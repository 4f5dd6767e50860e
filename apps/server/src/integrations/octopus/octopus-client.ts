import { parseUnitPrice, unitPriceToDecimal } from '@ec/domain';
import { z } from 'zod';
import {
  getWithBackoff,
  numberToDecimal,
  SpotSourceError,
  type BackoffOptions,
  type QuarterHourPrice,
  type SpotPricesResult,
} from '../spot-source.ts';

const QUARTER_MS = 900_000;

const rateSchema = z.object({
  value_exc_vat: z.number().finite(),
  value_inc_vat: z.number().finite(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
const pageSchema = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  results: z.array(rateSchema),
});

/** An Agile region letter (GSP group; I and O unused). */
export const AGILE_REGION = /^[ABCDEFGHJKLMNP]$/;

/** p/kWh → GBP/MWh: ×10, exact (a decimal shift). */
export function penceKwhToPoundsMwh(pence: number): string {
  const parsed = parseUnitPrice('GBP', numberToDecimal(pence));
  if (!parsed.ok) throw new SpotSourceError('BAD_RESPONSE', `Octopus: bad price ${pence}`);
  return unitPriceToDecimal({ currency: 'GBP', nanos: parsed.value.nanos * 10n });
}

/**
 * Turns Octopus unit rates (any order; real answers are newest first) into quarter hours, oldest first: each
 * half hour (or longer slot) becomes its quarter hours, in GBP per MWh without and with VAT.
 */
export function octopusRatesToQuarterHours(
  rates: z.infer<typeof rateSchema>[],
  fromMs: number,
  toMs: number,
): QuarterHourPrice[] {
  const byStart = new Map<number, QuarterHourPrice>();
  for (const rate of rates) {
    const start = Date.parse(rate.valid_from);
    const end = rate.valid_to === null ? toMs : Date.parse(rate.valid_to);
    if (Number.isNaN(start) || Number.isNaN(end) || start % QUARTER_MS !== 0 || end <= start) {
      throw new SpotSourceError(
        'BAD_RESPONSE',
        `Octopus: bad slot ${rate.valid_from}–${rate.valid_to}`,
      );
    }
    const exc = penceKwhToPoundsMwh(rate.value_exc_vat);
    const inc = penceKwhToPoundsMwh(rate.value_inc_vat);
    for (let t = Math.max(start, fromMs); t < Math.min(end, toMs); t += QUARTER_MS) {
      if (!byStart.has(t)) byStart.set(t, { startMs: t, pricePerMwh: exc, priceIncVatPerMwh: inc });
    }
  }
  return [...byStart.values()].sort((a, b) => a.startMs - b.startMs);
}

/** Where and what to ask Octopus. */
export interface OctopusClientOptions extends BackoffOptions {
  /** OCTOPUS_API_URL, e.g. `https://api.octopus.energy`. */
  baseUrl: string;
  /** OCTOPUS_PRODUCT, e.g. `AGILE-24-10-01`. */
  product: string;
  /** Pages followed at most (default 20). */
  maxPages?: number;
}

/** The Octopus Energy client: Agile unit rates of a region (public, no key). */
export function createOctopusClient(options: OctopusClientOptions) {
  const base = new URL(options.baseUrl);
  return {
    /**
     * Agile unit rates of `region` for [fromMs, toMs), following `next` pages (only on the configured origin), as
     * quarter hours in GBP/MWh; "no data" when nothing is published for the period yet.
     */
    async unitRates(region: string, fromMs: number, toMs: number): Promise<SpotPricesResult> {
      if (!AGILE_REGION.test(region)) {
        return { kind: 'no-data', reason: `No Agile region ${region}` };
      }
      const { product } = options;
      const first = new URL(
        `v1/products/${encodeURIComponent(product)}/electricity-tariffs/E-1R-${encodeURIComponent(product)}-${region}/standard-unit-rates/`,
        base.href.endsWith('/') ? base : `${base.href}/`,
      );
      first.search = new URLSearchParams({
        period_from: new Date(fromMs).toISOString(),
        period_to: new Date(toMs).toISOString(),
      }).toString();
      const rates: z.infer<typeof rateSchema>[] = [];
      let next: string | null = first.toString();
      for (let page = 0; next !== null; page++) {
        if (page >= (options.maxPages ?? 20)) {
          throw new SpotSourceError('BAD_RESPONSE', 'Octopus: too many pages');
        }
        const response = await getWithBackoff(next, 'Octopus', options);
        if (response.status === 404) {
          await response.body?.cancel();
          throw new SpotSourceError(
            'BAD_RESPONSE',
            `Octopus: no tariff E-1R-${product}-${region} (404)`,
          );
        }
        if (response.status === 401 || response.status === 403) {
          await response.body?.cancel();
          throw new SpotSourceError(
            'UNAUTHORIZED',
            `Octopus refused the request (HTTP ${response.status})`,
          );
        }
        if (response.status !== 200) {
          await response.body?.cancel();
          throw new SpotSourceError('BAD_RESPONSE', `Octopus answered HTTP ${response.status}`);
        }
        const parsed = pageSchema.safeParse(await response.json().catch(() => undefined));
        if (!parsed.success)
          throw new SpotSourceError('BAD_RESPONSE', 'Octopus: unexpected answer');
        rates.push(...parsed.data.results);
        next = parsed.data.next;
        // `next` is a full URL on the real host; follow it only there (never to another origin).
        if (next !== null) {
          const nextUrl = new URL(next, base);
          if (nextUrl.origin !== base.origin) {
            throw new SpotSourceError(
              'BAD_RESPONSE',
              `Octopus: next page on another origin ${nextUrl.origin}`,
            );
          }
          next = nextUrl.toString();
        }
      }
      const prices = octopusRatesToQuarterHours(rates, fromMs, toMs);
      if (prices.length === 0)
        return { kind: 'no-data', reason: 'No unit rates published for the period' };
      return { kind: 'prices', currency: 'GBP', resolutionMinutes: 30, prices };
    },
  };
}

/** An Octopus client. */
export type OctopusClient = ReturnType<typeof createOctopusClient>;
