import { createHash } from 'node:crypto';
import type { ConsumerInfo } from '@ec/contract';
import type {
  MeteringPlace,
  MeteringPoint,
  MojElektroClient,
} from '../../integrations/moj-elektro/types.ts';

// The Consumer info of spec 001 §3 from the portal's metering place (/merilno-mesto) and point (/merilna-tocka),
// or from what an uploader typed. Field meanings: domain-si.md §1.9.

/** Above this connection power a consumer is not a small one (domain-si.md §1.8). */
const SMALL_CONSUMER_MAX_KW = 43;

/** RESIDENTIAL for a household ("Gospodinjstvo", "gospodinjski odjem"), else INDUSTRIAL above 43 kW, else OTHER. */
export function consumerTypeOf(
  consumptionTypeName: string | null,
  connectionPowerKw: number | null,
): ConsumerInfo['consumerType'] {
  if (consumptionTypeName && /gospodinj/i.test(consumptionTypeName)) return 'RESIDENTIAL';
  if (connectionPowerKw !== null && connectionPowerKw > SMALL_CONSUMER_MAX_KW) return 'INDUSTRIAL';
  return 'OTHER';
}

/** The metering point whose agreed powers apply: the consumption point (OMTO), else the first. */
export function mainMeteringPoint(place: MeteringPlace): string | null {
  const points = place.meteringPoints;
  return (points.find((p) => p.kind === 'OMTO') ?? points[0])?.gsrn ?? null;
}

/**
 * Reads a metering place (by EIMM or GSRN) and its main metering point (`mtGsrn` when known, else the one
 * {@link mainMeteringPoint} picks) from the portal: the consumer info and the point it came from.
 */
export async function readConsumerInfo(
  client: MojElektroClient,
  token: string,
  id: string,
  knownMtGsrn?: string | null,
): Promise<{ info: ConsumerInfo; mtGsrn: string | null }> {
  const place = await client.meteringPlace(token, id);
  const mtGsrn = knownMtGsrn ?? mainMeteringPoint(place);
  const point = mtGsrn ? await client.meteringPoint(token, mtGsrn) : null;
  return { info: consumerInfoFromPortal(place, point), mtGsrn };
}

/** Consumer info from the portal's answers; `hash` notices any change of them. */
export function consumerInfoFromPortal(
  place: MeteringPlace,
  point: MeteringPoint | null,
): ConsumerInfo {
  const hash = createHash('sha256').update(JSON.stringify({ place, point })).digest('hex');
  return {
    eimm: place.eimm,
    gsrn: place.gsrn,
    billingPower: point?.billingPowerKw ?? null,
    connectionPower: place.connectionPowerKw,
    consumerType: consumerTypeOf(point?.consumptionTypeName ?? null, place.connectionPowerKw),
    consumptionType: point?.consumptionTypeName ?? null,
    currentLimit: place.fuseA,
    isThreePhase: place.phases === null ? null : place.phases === 3,
    powerLimits: (point?.agreedPowers ?? []).map((r) => ({
      block1: r.blocksKw[0],
      block2: r.blocksKw[1],
      block3: r.blocksKw[2],
      block4: r.blocksKw[3],
      block5: r.blocksKw[4],
      connectionPower: r.connectionPowerKw,
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      isValid: r.valid,
      limitSetBy: r.determinedBy,
      minimumPower: r.minimumPowerKw,
    })),
    productionPower: place.productionPowerKw,
    hash,
    tariffsCount: point?.tariffsCount ?? 2,
    voltageClassification: place.voltageLevelName ?? place.voltageLevel,
    yearlyWorkHours: point?.yearlyWorkHours ?? null,
    supplier: point?.supplier?.name ?? null,
    has15MinMetering: place.has15MinMetering,
  };
}

/** Consumer info of an upload: what the uploader typed (agreed powers as one open-ended record, if given). */
export function consumerInfoFromUpload(input: {
  eimm: string;
  connectionPowerKw: number;
  phases: 1 | 3;
  tariffsCount: 1 | 2;
  agreedPowerKw: readonly number[] | null;
  from: string;
  to: string;
}): ConsumerInfo {
  const limits = input.agreedPowerKw;
  const info: Omit<ConsumerInfo, 'hash'> = {
    eimm: input.eimm,
    gsrn: null,
    billingPower: null,
    connectionPower: input.connectionPowerKw,
    consumerType: consumerTypeOf(null, input.connectionPowerKw),
    consumptionType: null,
    currentLimit: null,
    isThreePhase: input.phases === 3,
    powerLimits: limits
      ? [
          {
            block1: limits[0] ?? 0,
            block2: limits[1] ?? 0,
            block3: limits[2] ?? 0,
            block4: limits[3] ?? 0,
            block5: limits[4] ?? 0,
            connectionPower: input.connectionPowerKw,
            dateFrom: input.from,
            dateTo: input.to,
            isValid: true,
            limitSetBy: 'UPORABNIK',
            minimumPower: null,
          },
        ]
      : [],
    productionPower: null,
    tariffsCount: input.tariffsCount,
    voltageClassification: null,
    yearlyWorkHours: null,
    supplier: null,
    has15MinMetering: true,
  };
  return { ...info, hash: createHash('sha256').update(JSON.stringify(info)).digest('hex') };
}
