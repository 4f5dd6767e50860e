import {
  MojElektroError,
  type AgreedPowerRecord,
  type MeteringPlace,
  type MeteringPoint,
  type MojElektroClient,
  type Reading15,
} from '../../integrations/moj-elektro/types.ts';
import { dayNumberOf, localDayStartMs, parseIsoDate } from '@ec/domain';

// A hand-written Moj Elektro client for the module's tests: two metering places, tokens that read one or both,
// deterministic 15-minute P+ (and P− for the solar place), and counters of the calls made.

/** A metering place of the fake portal. */
export interface FakePlace {
  eimm: string;
  mmGsrn: string;
  mtGsrn: string;
  connectionPowerKw: number;
  phases: 1 | 3;
  tariffs: 1 | 2;
  agreedPowers: AgreedPowerRecord[];
  /** Whether the place exports (P−). */
  exports: boolean;
}

const record = (
  year: number,
  blocks: [number, number, number, number, number],
  valid = true,
): AgreedPowerRecord => ({
  blocksKw: blocks,
  dateFrom: `${year}-01-01`,
  dateTo: `${year}-12-31`,
  enteredOn: null,
  minimumPowerKw: null,
  connectionPowerKw: 17,
  determinedBy: 'DISTRIBUTER',
  calculationMark: 'M1',
  newUser: false,
  valid,
});

/** The fake portal's places. */
export const FAKE_PLACES: Record<string, FakePlace> = {
  household: {
    eimm: '4-1000001',
    mmGsrn: '383100000000000017',
    mtGsrn: '383100000000000024',
    connectionPowerKw: 17,
    phases: 3,
    tariffs: 2,
    agreedPowers: [
      record(2025, [4.6, 5, 5, 5, 5]),
      record(2026, [9.9, 9.9, 9.9, 9.9, 9.9], false),
      record(2026, [4.6, 5.2, 5.2, 5.2, 5.2]),
    ],
    exports: false,
  },
  solar: {
    eimm: '3-3000003',
    mmGsrn: '383100000000000055',
    mtGsrn: '383100000000000062',
    connectionPowerKw: 8,
    phases: 1,
    tariffs: 1,
    agreedPowers: [],
    exports: true,
  },
};

/** Tokens of the fake portal → the places they read. */
export const FAKE_TOKENS: Record<string, string[]> = {
  'tok-household-123456': ['household'],
  'tok-solar-abcdef': ['solar'],
  'tok-both-xyz987': ['household', 'solar'],
};

/** The fake's import power at an interval end (kW): a daily shape with an evening peak. */
export function fakeImportKw(endMs: number): number {
  const quarter = Math.floor(endMs / 900_000);
  const hour = Math.floor((endMs / 3_600_000 + 1) % 24);
  const base = 0.3 + ((quarter * 7919) % 97) / 97;
  return Math.round((base + (hour >= 17 && hour <= 21 ? 3 : 0)) * 10_000) / 10_000;
}

function findPlace(id: string): FakePlace | undefined {
  return Object.values(FAKE_PLACES).find((p) => p.eimm === id || p.mmGsrn === id);
}

/** The fake client and its call log. */
export function createFakeMojElektro() {
  const calls: string[] = [];
  let failReadings: MojElektroError | undefined;
  const placesOf = (token: string) => {
    const names = FAKE_TOKENS[token];
    if (!names) throw new MojElektroError('TOKEN_REJECTED', 'token rejected', { status: 401 });
    return names.map((n) => FAKE_PLACES[n] as FakePlace);
  };
  const readable = (token: string, id: string) => {
    const all = placesOf(token);
    const place = findPlace(id) ?? Object.values(FAKE_PLACES).find((p) => p.mtGsrn === id);
    if (!place) throw new MojElektroError('NOT_FOUND', 'unknown', { status: 404 });
    if (!all.includes(place)) throw new MojElektroError('FORBIDDEN', 'forbidden', { status: 403 });
    return place;
  };
  const client: MojElektroClient = {
    async checkToken(token) {
      calls.push('checkToken');
      placesOf(token);
    },
    async meteringPlace(token, id): Promise<MeteringPlace> {
      calls.push(`meteringPlace ${id}`);
      const p = readable(token, id);
      return {
        eimm: p.eimm,
        gsrn: p.mmGsrn,
        name: null,
        address: null,
        connectionPowerKw: p.connectionPowerKw,
        phases: p.phases,
        fuseA: p.phases === 3 ? 25 : 35,
        limiterType: 'varovalka',
        voltageLevel: 'NN',
        voltageLevelName: 'Nizka napetost',
        has15MinMetering: true,
        productionPowerKw: p.exports ? 8 : null,
        meteringPoints: [{ gsrn: p.mtGsrn, kind: 'OMTO' }],
      };
    },
    async meteringPoint(token, gsrn): Promise<MeteringPoint> {
      calls.push(`meteringPoint ${gsrn}`);
      const p = readable(token, gsrn);
      return {
        gsrn,
        supplier: { name: 'Fake Energija', code: null },
        consumptionTypeId: 2,
        consumptionTypeName: 'Gospodinjstvo',
        yearlyWorkHours: 0,
        billingPowerKw: p.phases === 3 ? 10 : 7,
        tariffsCount: p.tariffs,
        userGroup: '0',
        agreedPowers: p.agreedPowers,
      };
    },
    async meterReadings(token, usagePoint, fromDate, toDate) {
      calls.push(`meterReadings ${fromDate} ${toDate}`);
      if (failReadings) throw failReadings;
      const p = readable(token, usagePoint);
      const start = localDayStartMs(dayNumberOf(parseIsoDate(fromDate) as never));
      const end = localDayStartMs(dayNumberOf(parseIsoDate(toDate) as never));
      const pPlus: Reading15[] = [];
      const pMinus: Reading15[] = [];
      for (let t = start + 900_000; t <= end; t += 900_000) {
        pPlus.push({ endMs: t, value: fakeImportKw(t) });
        if (p.exports) pMinus.push({ endMs: t, value: 0.5 });
      }
      return { pPlus, pMinus: p.exports ? pMinus : null, aPlus: null, aMinus: null };
    },
  };
  return {
    client,
    calls,
    /** Makes every meterReadings call fail with this error (undefined: succeed again). */
    failReadingsWith(error: MojElektroError | undefined) {
      failReadings = error;
    },
  };
}
