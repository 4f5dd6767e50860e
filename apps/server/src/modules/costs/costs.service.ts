import type { CostBucketDto, CostsQuery, LocationCosts } from '@ec/contract';
import {
  aggregateCosts,
  computeCosts,
  DAY_MS,
  zoneClock,
  type CostBucket,
  type Decimal,
} from '@ec/domain';
import type { AccessActor, OrgAccess } from '../org/org-access.ts';
import type { PricesService } from '../pricing/prices.service.ts';
import type { SpotPricesService } from '../spot-prices/spot-prices.service.ts';
import type { CostsRepository } from './costs.repository.ts';

/** Days since 1970-01-01 of a checked `YYYY-MM-DD`. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** `YYYY-MM-DD` of a day number. */
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function bucketView(bucket: CostBucket): CostBucketDto {
  return {
    start: new Date(bucket.start).toISOString(),
    end: new Date(bucket.end).toISOString(),
    importWh: bucket.importWh,
    exportWh: bucket.exportWh,
    supplierEnergy: bucket.supplierEnergy,
    supplierFee: bucket.supplierFee,
    distributorEnergy: bucket.distributorEnergy,
    distributorPower: bucket.distributorPower,
    revenue: bucket.revenue,
    total: bucket.total,
    blocks: bucket.blocks,
    intervals: bucket.intervals,
    incomplete: bucket.incomplete,
  };
}

/**
 * Costs of a location's energy (GET /locations/:id/costs): the stored 15-minute grid energy of the period (local
 * dates, both included) priced by the location's price lists overlapping it, with the time plans they name and,
 * for SPOT_MARKET lists, the stored spot prices of the location's region (by interval start; a price in another
 * currency than the list's counts as missing). The domain's computeCosts and aggregateCosts do the arithmetic and
 * the one rounding per line.
 */
export function createCostsService(deps: {
  repo: CostsRepository;
  prices: PricesService;
  spotPrices: SpotPricesService;
  access: OrgAccess;
}) {
  const { repo, prices: pricing, spotPrices, access } = deps;

  return {
    async location(actor: AccessActor, id: number, query: CostsQuery): Promise<LocationCosts> {
      const { row: location } = await access.requireLocation(actor, id, 'view');
      const timeZone = location.timezone;
      const clock = zoneClock(timeZone);
      const firstDay = dayNumber(query.from);
      const endDay = dayNumber(query.to) + 1;
      const fromMs = clock.dayStartMs(firstDay);
      const toMs = clock.dayStartMs(endDay);
      const endDate = isoDay(endDay);

      const [intervals, { lists, plans }, countryCode] = await Promise.all([
        repo.gridIntervals(id, new Date(fromMs), new Date(toMs)),
        pricing.costInputs(actor, id, query.from, endDate),
        repo.countryCode(location.countryId),
      ]);

      let spotLookup: ((startMs: number) => Decimal | null) | undefined;
      const spotLists = lists.filter((l) => l.kind === 'SPOT_MARKET');
      if (spotLists.length > 0 && location.spotRegionCode && location.spotRegionType) {
        const prices = await spotPrices.pricesBetween(
          location.spotRegionType,
          location.spotRegionCode,
          new Date(fromMs),
          new Date(toMs),
        );
        const ranges = spotLists.map((l) => ({
          currency: l.currency,
          from: clock.dayStartMs(dayNumber(l.validFrom)),
          to: l.validTo === null ? Infinity : clock.dayStartMs(dayNumber(l.validTo)),
        }));
        spotLookup = (startMs) => {
          const price = prices.get(startMs);
          if (!price) return null;
          const list = ranges.find((r) => startMs >= r.from && startMs < r.to);
          return list && list.currency === price.currency ? price.pricePerMwh : null;
        };
      }

      const result = computeCosts({
        intervals,
        lists,
        plans,
        timeZone,
        countryCode,
        ...(spotLookup ? { spot: spotLookup } : {}),
      });
      const buckets = aggregateCosts(result.intervals, timeZone, query.resolution);
      const totals =
        query.resolution === 'total'
          ? buckets
          : aggregateCosts(result.intervals, timeZone, 'total');
      const total = totals.length === 1 ? totals[0] : undefined;
      // The currency of what was priced; else of the newest list in the period (no energy yet).
      const currency =
        total?.currency ??
        [...lists].sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1))[0]?.currency ??
        null;
      return {
        locationId: id,
        timeZone,
        currency,
        resolution: query.resolution,
        buckets: buckets.map(bucketView),
        total: total ? bucketView(total) : null,
        uncovered: result.uncovered,
        missingSpot: result.missingSpot,
        missingBlock: result.missingBlock,
      };
    },
  };
}

/** The costs service. */
export type CostsService = ReturnType<typeof createCostsService>;
