// The Moj Elektro routes over HTTP with a hand-written portal client (moj-elektro.fixtures.ts): tokens (masked,
// encrypted, checked with the portal, duplicates 409), devices by EIMM or GSRN with the removal rules of spec 001
// §4, a user never reaching another user's tokens or devices (404), the import (progress, idempotent upserts,
// failures), the data chart, the calculations (spec 000 §5 filter rules on the server, the answer cross-checked
// against the engine called directly) and uploads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatteryWhatIf, Calculations, ConsumerInfo, SolarWhatIf } from '@ec/contract';
import { count, eq, externalCredentials, externalDevices, meteringReadings, users } from '@ec/db';
import { readFileSync } from 'node:fs';
import {
  batteryWhatIf,
  calculateNetworkFee,
  dayNumberOf,
  localDayStartMs,
  parseIsoDate,
} from '@ec/domain';
import { MojElektroError } from '../../integrations/moj-elektro/types.ts';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../../test/helpers.ts';
import { addDays, localToday } from './import.ts';
import { createFakeMojElektro, fakeImportKw, FAKE_PLACES } from './moj-elektro.fixtures.ts';
import { DEMO_TOKEN, IMPORT_QUEUE } from './moj-elektro.service.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Device = {
  id: number;
  eimm: string;
  gsrn: string | null;
  tariffsCount: number | null;
  token_id: number | null;
  credentials: { token: string; token_id: number }[];
  source: string;
  import: {
    status: string;
    monthsDone: number;
    monthsTotal: number;
    error: string | null;
    intervals: number;
    firstInterval: string | null;
    lastInterval: string | null;
  };
};

let t: TestApp;
const fake = createFakeMojElektro();
const session: Record<'si' | 'other' | 'none' | 'abroad', string> = {
  si: '',
  other: '',
  none: '',
  abroad: '',
};

async function setCountry(email: string, code: string | null) {
  await t.db.db.update(users).set({ countryCode: code }).where(eq(users.email, email));
}

function call(
  who: keyof typeof session,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  data?: unknown,
) {
  return t.app.inject({
    method,
    url,
    cookies: { ec_session: session[who] },
    ...(data === undefined ? {} : { payload: { data } }),
  });
}

async function addToken(who: keyof typeof session, token: string): Promise<number> {
  const res = await call(who, 'POST', '/api/auth/user/external-credential', { token });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { credential: { id: number } } }>(res).data.credential.id;
}

async function addDevice(
  who: keyof typeof session,
  eimm: string,
  tokenId: number,
): Promise<Device> {
  const res = await call(who, 'POST', '/api/abstract-device', { eimm, token_id: tokenId });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { device: Device } }>(res).data.device;
}

async function device(who: keyof typeof session, id: number): Promise<Device> {
  const res = await call(who, 'GET', `/api/abstract-devices/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { device: Device } }>(res).data.device;
}

const today = () => localToday(new Date());

/** The stored device row of the household's metering place (4-1000001), shared by the describes below. */
async function householdRow() {
  const [row] = await t.db.db
    .select()
    .from(externalDevices)
    .where(eq(externalDevices.eimm, '4-1000001'));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  t.app.services.mojElektroModule.useClient(fake.client);
  await setCountry(DEMO.advanced.email, 'SI');
  await setCountry(DEMO.basic.email, 'SI');
  await setCountry(DEMO.user.email, null);
  await setCountry(DEMO.aggregator.email, 'AT');
  session.si = await signIn(t.app, DEMO.advanced);
  session.other = await signIn(t.app, DEMO.basic);
  session.none = await signIn(t.app, DEMO.user);
  session.abroad = await signIn(t.app, DEMO.aggregator);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('external credentials', () => {
  it('adds a token the portal accepts, answers it masked and stores it encrypted', async () => {
    const id = await addToken('si', '  tok-household-123456  ');
    const list = await call('si', 'GET', '/api/auth/user/external-credentials');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('tok-household-123456');
    const credentials = json<{ data: { credentials: { id: number; token: string }[] } }>(list).data
      .credentials;
    expect(credentials).toContainEqual(
      expect.objectContaining({ id, token: 'tok-h•••••', provider: 'MOJ_ELEKTRO', deviceCount: 0 }),
    );
    const [row] = await t.db.db
      .select()
      .from(externalCredentials)
      .where(eq(externalCredentials.id, id));
    expect(row?.tokenEncrypted).toMatch(/^v1:/);
    expect(row?.tokenEncrypted).not.toContain('household');
  });

  it('refuses the same token twice (409), a token the portal refuses (422 data.token) and an empty one', async () => {
    const twice = await call('si', 'POST', '/api/auth/user/external-credential', {
      token: 'tok-household-123456',
    });
    expect(twice.statusCode).toBe(409);
    expect(json<ErrorBody>(twice).error.code).toBe('CONFLICT');
    const refused = await call('si', 'POST', '/api/auth/user/external-credential', {
      token: 'not-a-real-token',
    });
    expect(refused.statusCode).toBe(422);
    expect(json<ErrorBody>(refused).error.fields).toEqual({
      'data.token': 'moj_elektro.errors.token_rejected',
    });
    expect(refused.body).not.toContain('not-a-real-token');
    const empty = await call('si', 'POST', '/api/auth/user/external-credential', { token: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json<ErrorBody>(empty).error.fields).toEqual({ 'data.token': 'validation.required' });
  });

  it('lets another user add the same token, but never shows or deletes one user’s tokens to another', async () => {
    const mine = await addToken('si', 'tok-both-xyz987');
    const theirs = await addToken('other', 'tok-both-xyz987');
    const list = json<{ data: { credentials: { id: number }[] } }>(
      await call('other', 'GET', '/api/auth/user/external-credentials'),
    ).data.credentials.map((c) => c.id);
    expect(list).toEqual([theirs]);
    expect(
      (await call('other', 'DELETE', `/api/auth/user/external-credential/${mine}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('si', 'DELETE', `/api/auth/user/external-credential/${theirs}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('other', 'DELETE', `/api/auth/user/external-credential/${theirs}`)).statusCode,
    ).toBe(204);
  });

  it('needs the country SI to add a token', async () => {
    const none = await call('none', 'POST', '/api/auth/user/external-credential', {
      token: 'tok-solar-abcdef',
    });
    expect(none.statusCode).toBe(422);
    expect(json<ErrorBody>(none).error).toMatchObject({
      code: 'RULE_BROKEN',
      message: 'moj_elektro.no_country',
    });
    const abroad = await call('abroad', 'POST', '/api/auth/user/external-credential', {
      token: 'tok-solar-abcdef',
    });
    expect(json<ErrorBody>(abroad).error.message).toBe('moj_elektro.not_available_in_country');
  });
});

describe('devices', () => {
  let household: number;
  let both: number;

  beforeAll(async () => {
    const list = json<{ data: { credentials: { id: number; token: string }[] } }>(
      await call('si', 'GET', '/api/auth/user/external-credentials'),
    ).data.credentials;
    household = list.find((c) => c.token.startsWith('tok-h'))?.id ?? 0;
    both = list.find((c) => c.token.startsWith('tok-b'))?.id ?? 0;
  });

  it('adds a device by EIMM with its consumer info and queues the import', async () => {
    const d = await addDevice('si', FAKE_PLACES.household?.eimm ?? '', household);
    expect(d).toMatchObject({
      eimm: '4-1000001',
      gsrn: '383100000000000017',
      tariffsCount: 2,
      token_id: household,
      credentials: [{ token: 'tok-h•••••', token_id: household }],
      source: 'PORTAL',
      import: { status: 'PENDING', intervals: 0 },
    });
    const detail = json<{ data: { consumerInfo: ConsumerInfo } }>(
      await call('si', 'GET', `/api/abstract-devices/${d.id}`),
    ).data.consumerInfo;
    expect(detail).toMatchObject({
      eimm: '4-1000001',
      connectionPower: 17,
      consumerType: 'RESIDENTIAL',
      currentLimit: 25,
      isThreePhase: true,
      tariffsCount: 2,
      supplier: 'Fake Energija',
      billingPower: 10,
    });
    expect(detail.powerLimits).toHaveLength(3);
    expect(detail.powerLimits.filter((p) => !p.isValid)).toHaveLength(1);
  });

  it('adds the credential to the existing device when the same place is added by GSRN with another token', async () => {
    const d = await addDevice('si', FAKE_PLACES.household?.mmGsrn ?? '', both);
    const devices = json<{ data: { devices: Device[] } }>(
      await call('si', 'GET', '/api/abstract-devices-all'),
    ).data.devices;
    expect(devices.filter((x) => x.eimm === '4-1000001')).toHaveLength(1);
    expect(d.credentials.map((c) => c.token_id).sort()).toEqual([household, both].sort());
  });

  it('answers the portal’s refusals as field errors and refuses another user’s token', async () => {
    const unknown = await call('si', 'POST', '/api/abstract-device', {
      eimm: '9-9999999',
      token_id: household,
    });
    expect(unknown.statusCode).toBe(422);
    expect(json<ErrorBody>(unknown).error.fields).toEqual({
      'data.eimm': 'moj_elektro.errors.not_found',
    });
    const forbidden = await call('si', 'POST', '/api/abstract-device', {
      eimm: FAKE_PLACES.solar?.eimm,
      token_id: household,
    });
    expect(json<ErrorBody>(forbidden).error.fields).toEqual({
      'data.eimm': 'moj_elektro.errors.forbidden',
    });
    const foreignToken = await call('other', 'POST', '/api/abstract-device', {
      eimm: FAKE_PLACES.household?.eimm,
      token_id: household,
    });
    expect(foreignToken.statusCode).toBe(404);
    expect(json<ErrorBody>(foreignToken).error.code).toBe('NOT_FOUND');
    const noEimm = await call('si', 'POST', '/api/abstract-device', {
      eimm: ' ',
      token_id: household,
    });
    expect(json<ErrorBody>(noEimm).error.fields).toEqual({ 'data.eimm': 'validation.required' });
  });

  it('never shows, refreshes or unbinds another user’s device (404)', async () => {
    const [d] = json<{ data: { devices: Device[] } }>(
      await call('si', 'GET', '/api/abstract-devices-all'),
    ).data.devices;
    const id = d?.id ?? 0;
    const theirs = json<{ data: { devices: Device[] } }>(
      await call('other', 'GET', '/api/abstract-devices-all'),
    ).data.devices;
    expect(theirs.map((x) => x.id)).not.toContain(id);
    expect((await call('other', 'GET', `/api/abstract-devices/${id}`)).statusCode).toBe(404);
    expect((await call('other', 'POST', `/api/abstract-devices/${id}/import`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('other', 'DELETE', `/api/abstract-device/${id}/token/${household}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('other', 'POST', `/api/pricing/abstract-devices/${id}/calculations`, {
          from: '2026-01-01',
          to: '2026-01-31',
          vt: 0.1,
          mt: 0.08,
          et: 0,
          customPowerLimits: null,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'other',
          'GET',
          `/api/abstract-devices/${id}/readings?from=2026-01-01&to=2026-01-02`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('removes a device’s token, and the device with its last token; deleting a token removes its devices', async () => {
    const solarToken = await addToken('si', 'tok-solar-abcdef');
    const solar = await addDevice('si', FAKE_PLACES.solar?.eimm ?? '', solarToken);
    const both2 = await addDevice('si', FAKE_PLACES.solar?.eimm ?? '', both);
    expect(both2.id).toBe(solar.id);
    // Two tokens: removing one keeps the device.
    expect(
      (await call('si', 'DELETE', `/api/abstract-device/${solar.id}/token/${both}`)).statusCode,
    ).toBe(204);
    expect((await device('si', solar.id)).credentials.map((c) => c.token_id)).toEqual([solarToken]);
    // Unbinding a token the device does not have → 404.
    expect(
      (await call('si', 'DELETE', `/api/abstract-device/${solar.id}/token/${both}`)).statusCode,
    ).toBe(404);
    // The last token: the device goes.
    expect(
      (await call('si', 'DELETE', `/api/abstract-device/${solar.id}/token/${solarToken}`))
        .statusCode,
    ).toBe(204);
    expect((await call('si', 'GET', `/api/abstract-devices/${solar.id}`)).statusCode).toBe(404);
    // Deleting a token removes the devices it was the only token of.
    const again = await addDevice('si', FAKE_PLACES.solar?.eimm ?? '', solarToken);
    expect(
      (await call('si', 'DELETE', `/api/auth/user/external-credential/${solarToken}`)).statusCode,
    ).toBe(204);
    expect((await call('si', 'GET', `/api/abstract-devices/${again.id}`)).statusCode).toBe(404);
    // The household device (two tokens) survives the deletion of one of them.
    expect(await householdRow()).toBeDefined();
  });
});

describe('import', () => {
  let id: number;
  let seriesId: number;

  beforeAll(async () => {
    const row = await householdRow();
    id = row?.id ?? 0;
    seriesId = row?.seriesId ?? 0;
    await t.app.jobs.drain(IMPORT_QUEUE);
  }, 120_000);

  const rowCount = async () =>
    (
      await t.db.db
        .select({ n: count() })
        .from(meteringReadings)
        .where(eq(meteringReadings.seriesId, seriesId))
    )[0]?.n ?? 0;

  it('back-fills 730 days in monthly chunks with progress, up to yesterday 24:00', async () => {
    const d = await device('si', id);
    expect(d.import.status).toBe('DONE');
    expect(d.import.monthsTotal).toBeGreaterThanOrEqual(24);
    expect(d.import.monthsDone).toBe(d.import.monthsTotal);
    const from = addDays(today(), -730);
    const fromMs = localDayStartMs(dayNumberOf(parseIsoDate(from) as never));
    const toMs = localDayStartMs(dayNumberOf(parseIsoDate(today()) as never));
    expect(d.import.intervals).toBe((toMs - fromMs) / 900_000);
    expect(d.import.firstInterval).toBe(new Date(fromMs + 900_000).toISOString());
    expect(d.import.lastInterval).toBe(new Date(toMs).toISOString());
    const chunks = fake.calls.filter((c) => c.startsWith('meterReadings'));
    expect(chunks.length).toBe(d.import.monthsTotal);
  }, 60_000);

  it('is idempotent: a second run re-reads the last days and keeps the same rows', async () => {
    const before = await rowCount();
    fake.calls.length = 0;
    await t.app.services.mojElektroModule.importNow(seriesId);
    expect(await rowCount()).toBe(before);
    const reads = fake.calls.filter((c) => c.startsWith('meterReadings'));
    expect(reads.length).toBeLessThanOrEqual(2);
    expect(reads[0]).toContain(addDays(today(), -5).slice(0, 7));
  });

  it('marks the devices FAILED with the client’s key when the portal fails, and throws for a retry', async () => {
    fake.failReadingsWith(new MojElektroError('UNAVAILABLE', 'down'));
    try {
      await expect(t.app.services.mojElektroModule.importNow(seriesId)).rejects.toThrow();
      const d = await device('si', id);
      expect(d.import).toMatchObject({ status: 'FAILED', error: 'moj_elektro.errors.unavailable' });
    } finally {
      fake.failReadingsWith(undefined);
    }
    const refresh = await call('si', 'POST', `/api/abstract-devices/${id}/import`);
    expect(refresh.statusCode).toBe(202);
    await t.app.jobs.drain(IMPORT_QUEUE);
    expect((await device('si', id)).import.status).toBe('DONE');
  });
});

describe('readings and calculations', () => {
  let id: number;
  const filter = {
    from: '2025-01-01',
    to: '2025-12-31',
    vt: 0.12,
    mt: 0.08,
    et: 0,
    customPowerLimits: null as number[] | null,
  };
  const calc = (data: unknown, who: keyof typeof session = 'si') =>
    call(who, 'POST', `/api/pricing/abstract-devices/${id}/calculations`, data);

  beforeAll(async () => {
    const row = await householdRow();
    id = row?.id ?? 0;
  });

  it('answers the 15-minute series with blocks and monthly block peaks', async () => {
    const res = await call(
      'si',
      'GET',
      `/api/abstract-devices/${id}/readings?from=2025-03-30&to=2025-03-31`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = json<{
      data: {
        startMs: number;
        stepMs: number;
        importKw: (number | null)[];
        exportKw: unknown;
        blocks: number[];
        monthlyPeaks: { month: string; block: number; peakKw: number; at: string }[];
        totals: { importKwh: number };
      };
    }>(res).data;
    // 30 March 2025 is the spring DST day: 92 + 96 intervals.
    expect(data.importKw).toHaveLength(92 + 96);
    expect(data.blocks).toHaveLength(92 + 96);
    expect(data.startMs).toBe(Date.parse('2025-03-29T23:00:00Z'));
    expect(data.importKw[0]).toBe(fakeImportKw(data.startMs + 900_000));
    expect(data.exportKw).toBeNull();
    expect(data.blocks.every((b) => b >= 1 && b <= 5)).toBe(true);
    const max = Math.max(...data.importKw.map((v) => v ?? 0));
    expect(Math.max(...data.monthlyPeaks.map((p) => p.peakKw))).toBe(max);
  });

  it('calculates per month with cost-table rows that match the engine called directly', async () => {
    const res = await calc(filter);
    expect(res.statusCode, res.body).toBe(200);
    const { calculations, consumerInfo } = json<{
      data: { calculations: Calculations; consumerInfo: ConsumerInfo };
    }>(res).data;
    expect(consumerInfo.eimm).toBe('4-1000001');
    expect(calculations.months).toHaveLength(12);
    expect(calculations.newDeterminedBy).toBe('DISTRIBUTER');
    expect(calculations.agreedPowers.new).toEqual([4.6, 5, 5, 5, 5]);
    expect(calculations.months[0]?.monthStart).toBe('2025-01-01T00:00:00+01:00');
    expect(calculations.months[6]?.monthStart).toBe('2025-07-01T00:00:00+02:00');
    expect(calculations.months.every((m) => !m.partial)).toBe(true);

    // The engine over the same readings and the portal's 2025 record.
    const fromMs = localDayStartMs(dayNumberOf({ year: 2025, month: 1, day: 1 }));
    const toMs = localDayStartMs(dayNumberOf({ year: 2026, month: 1, day: 1 }));
    const ends: number[] = [];
    const values: number[] = [];
    for (let e = fromMs + 900_000; e <= toMs; e += 900_000) {
      ends.push(e);
      values.push(fakeImportKw(e));
    }
    const engine = calculateNetworkFee({
      series: { kind: 'power', intervalEndsMs: ends, values },
      from: filter.from,
      to: filter.to,
      connection: { phases: 3, connectionPowerKw: 17 },
      current: [
        {
          from: '2025-01-01',
          to: '2025-12-31',
          valuesKw: [4.6, 5, 5, 5, 5],
          determinedBy: 'DISTRIBUTER',
        },
      ],
      tariffs: 2,
      prices: { vt: 0.12, mt: 0.08, et: 0 },
      oldBillingPowerKw: 10,
    });
    const cents = (v: number) => Math.round(v * 100) / 100;
    expect(calculations.totals.new.amount).toBe(cents(engine.scenarios.new.total));
    expect(calculations.totals.optimized.amount).toBe(cents(engine.scenarios.optimized.total));
    expect(calculations.totals.old.amount).toBe(cents(engine.scenarios.old.total));
    expect(calculations.agreedPowers.optimized).toEqual(engine.scenarios.optimized.agreedPowerKw);
    expect(calculations.saving.amount).toBe(
      cents(engine.scenarios.new.total - engine.scenarios.optimized.total),
    );
    const jan = calculations.months[0];
    const janEngine = engine.scenarios.new.months[0];
    expect(jan?.new.rows.map((r) => r.category)).toEqual(
      expect.arrayContaining(['energy', 'network_energy', 'network_power', 'grand_total']),
    );
    expect(jan?.new.rows.at(-1)).toMatchObject({ category: 'grand_total', isGrandTotal: true });
    expect(jan?.new.energy.totalCost.amount).toBe(cents(janEngine?.energyCost ?? NaN));
    expect(jan?.new.networkPower.totalCost.amount).toBe(cents(janEngine?.networkPowerCost ?? NaN));
    const kwh = janEngine?.blocks.reduce((s, b) => s + b.energyKwh, 0) ?? 0;
    expect(jan?.new.energy.value).toEqual({ amount: Math.round(kwh * 1000) / 1000, unit: 'kWh' });
    expect(jan?.new.energy.pricePerUnit?.unit).toBe('EUR/kWh');
    expect(jan?.new.energy.pricePerUnit?.amount).toBeCloseTo((janEngine?.energyCost ?? 0) / kwh, 4);
    expect(jan?.custom).toBeNull();
    expect(jan?.old.rows).toHaveLength(4);
  }, 30_000);

  it('adds the custom scenario, and refuses custom limits the engine would refuse per block', async () => {
    const ok = await calc({ ...filter, customPowerLimits: [5, 5.5, 5.5, 6, 6] });
    expect(ok.statusCode, ok.body).toBe(200);
    const c = json<{ data: { calculations: Calculations } }>(ok).data.calculations;
    expect(c.agreedPowers.custom).toEqual([5, 5.5, 5.5, 6, 6]);
    expect(c.totals.custom).not.toBeNull();
    expect(c.customSaving?.amount).toBeCloseTo(
      (c.totals.new.amount * 100 - (c.totals.custom?.amount ?? 0) * 100) / 100,
      1,
    );
    const bad = await calc({ ...filter, customPowerLimits: [6, 5, 5, 5, 30] });
    expect(bad.statusCode).toBe(422);
    expect(json<ErrorBody>(bad).error.fields).toEqual({
      'data.customPowerLimits.1': 'moj_elektro.limits.agreed_power_order',
      'data.customPowerLimits.4': 'moj_elektro.limits.agreed_power_above_connection',
    });
    const low = await calc({ ...filter, customPowerLimits: [1, 5, 5, 5, 5] });
    expect(json<ErrorBody>(low).error.fields).toEqual({
      'data.customPowerLimits.0': 'moj_elektro.limits.agreed_power_below_minimum',
    });
  });

  it('enforces the filter rules of spec 000 §5 with field errors', async () => {
    const future = await calc({ ...filter, from: addDays(today(), -3), to: addDays(today(), 1) });
    expect(future.statusCode).toBe(400);
    expect(json<ErrorBody>(future).error.fields).toEqual({
      'data.to': 'moj_elektro.filters.future_date',
    });
    const long = await calc({ ...filter, from: '2024-01-01', to: '2025-12-31' });
    expect(json<ErrorBody>(long).error.fields).toEqual({
      'data.to': 'moj_elektro.filters.max_range',
    });
    const reversed = await calc({ ...filter, from: '2025-02-01', to: '2025-01-01' });
    expect(json<ErrorBody>(reversed).error.fields).toEqual({
      'data.to': 'validation.invalid_value',
    });
    const missing = await calc({ ...filter, from: undefined });
    expect(json<ErrorBody>(missing).error.fields).toEqual({ 'data.from': 'validation.required' });
    // Two tariffs: VT and MT are required (0 = none).
    const noPrices = await calc({ ...filter, vt: 0, mt: 0, et: 0.1 });
    expect(json<ErrorBody>(noPrices).error.fields).toEqual({
      'data.vt': 'validation.required',
      'data.mt': 'validation.required',
    });
    const negative = await calc({ ...filter, vt: -1 });
    expect(json<ErrorBody>(negative).error.fields).toEqual({ 'data.vt': 'validation.too_small' });
    const nan = await calc({ ...filter, mt: 'x' });
    expect(nan.statusCode).toBe(400);
    const badDate = await calc({ ...filter, from: '2025-02-30' });
    expect(json<ErrorBody>(badDate).error.fields).toEqual({ 'data.from': 'validation.date' });
  });

  it('answers 422 no_data for a range without readings and refuses other countries', async () => {
    const empty = await calc({ ...filter, from: '2023-01-01', to: '2023-01-31' });
    expect(empty.statusCode).toBe(422);
    expect(json<ErrorBody>(empty).error.message).toBe('moj_elektro.calculations.no_data');
    await setCountry(DEMO.advanced.email, null);
    try {
      const none = await calc(filter);
      expect(none.statusCode).toBe(422);
      expect(json<ErrorBody>(none).error.message).toBe('moj_elektro.no_country');
    } finally {
      await setCountry(DEMO.advanced.email, 'SI');
    }
  });

  it('derives the agreed powers where no valid portal record covers the range', async () => {
    // Nov–Dec 2024 have no record in the fake portal: derived; the end of the range is in force by the record.
    const from = addDays(today(), -700);
    const res = await calc({ ...filter, from, to: '2025-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    const c = json<{ data: { calculations: Calculations } }>(res).data.calculations;
    expect(c.newDeterminedBy).toBe('DISTRIBUTER');
    expect(c.months[0]?.partial).toBe(from.slice(8) !== '01');
  });
});

describe('tariff year and what-ifs', () => {
  let id: number;
  const filter = {
    from: '2025-01-01',
    to: '2025-06-30',
    vt: 0.12,
    mt: 0.08,
    et: 0,
    customPowerLimits: null as number[] | null,
  };
  const post = (path: string, data: unknown) =>
    call('si', 'POST', `/api/pricing/abstract-devices/${id}/${path}`, data);
  const base = () => {
    const fromMs = localDayStartMs(dayNumberOf({ year: 2025, month: 1, day: 1 }));
    const toMs = localDayStartMs(dayNumberOf({ year: 2025, month: 7, day: 1 }));
    const ends: number[] = [];
    const values: number[] = [];
    for (let e = fromMs + 900_000; e <= toMs; e += 900_000) {
      ends.push(e);
      values.push(fakeImportKw(e));
    }
    return {
      series: { kind: 'power' as const, intervalEndsMs: ends, values },
      from: filter.from,
      to: filter.to,
      connection: { phases: 3 as const, connectionPowerKw: 17 },
      current: [
        {
          from: '2025-01-01',
          to: '2025-06-30',
          valuesKw: [4.6, 5, 5, 5, 5],
          determinedBy: 'DISTRIBUTER' as const,
        },
      ],
      tariffs: 2 as const,
      prices: { vt: 0.12, mt: 0.08, et: 0 },
      oldBillingPowerKw: 10,
    };
  };

  beforeAll(async () => {
    const row = await householdRow();
    id = row?.id ?? 0;
  });

  it('prices the period with another tariff year, and refuses a year the tables do not cover', async () => {
    const own = json<{ data: { calculations: Calculations } }>(await post('calculations', filter))
      .data.calculations;
    const res = await post('calculations', { ...filter, tariffYear: 2026 });
    expect(res.statusCode, res.body).toBe(200);
    const c = json<{ data: { calculations: Calculations } }>(res).data.calculations;
    expect(c.tariffYear).toBe(2026);
    const engine = calculateNetworkFee({ ...base(), tariffYear: 2026 } as Parameters<
      typeof calculateNetworkFee
    >[0]);
    expect(c.totals.optimized.amount).toBe(
      Math.round(engine.scenarios.optimized.total * 100) / 100,
    );
    expect(c.totals.optimized.amount).not.toBe(own.totals.optimized.amount);
    const uncovered = await post('calculations', { ...filter, tariffYear: 2001 });
    expect(uncovered.statusCode).toBe(422);
    expect(json<ErrorBody>(uncovered).error.fields).toEqual({
      'data.tariffYear': 'moj_elektro.filters.tariff_year_not_covered',
    });
    const chart = await call(
      'si',
      'GET',
      `/api/abstract-devices/${id}/readings?from=2025-01-01&to=2025-01-02&tariffYear=2001`,
    );
    expect(json<ErrorBody>(chart).error.fields).toEqual({
      'query.tariffYear': 'moj_elektro.filters.tariff_year_not_covered',
    });
  });

  it('answers the battery what-if as the domain function does, with a 20-point sweep', async () => {
    const res = await post('battery', {
      ...filter,
      capacityKwh: 10,
      powerKw: 5,
      efficiencyPct: 90,
      sweep: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = json<{ data: BatteryWhatIf }>(res).data;
    const direct = batteryWhatIf({
      base: base(),
      exportSeries: null,
      battery: { capacityKwh: 10, powerKw: 5, roundTripEfficiency: 0.9 },
    });
    expect(data.yearlySaving.amount).toBe(Math.round(direct.yearlySavingEur * 100) / 100);
    expect(data.before.optimizedAgreedPowers).toEqual(direct.before.optimizedAgreedKw);
    expect(data.after.optimizedAgreedPowers).toEqual(direct.after.optimizedAgreedKw);
    expect(data.sweep).toHaveLength(20);
    expect(data.sweep?.map((p) => p.capacityKwh)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const tenKwh = data.sweep?.find((p) => p.capacityKwh === 10);
    expect(tenKwh?.yearlySaving.amount).toBeCloseTo(data.yearlySaving.amount, 1);
    const bad = await post('battery', {
      ...filter,
      capacityKwh: -1,
      powerKw: 5,
      efficiencyPct: 90,
    });
    expect(json<ErrorBody>(bad).error.fields).toEqual({
      'data.capacityKwh': 'validation.too_small',
    });
  }, 30_000);

  it('answers the solar what-if with the standard profile and with weather history', async () => {
    const calc = json<{ data: { calculations: Calculations } }>(await post('calculations', filter))
      .data.calculations;
    const form = { ...filter, peakKw: 6, azimuthDeg: 180, tiltDeg: 30, exportPrice: 0.05 };
    const res = await post('solar', { ...form, profile: 'standard' });
    expect(res.statusCode, res.body).toBe(200);
    const data = json<{ data: SolarWhatIf }>(res).data;
    expect(data.profile).toBe('standard');
    expect(data.productionKwh).toBeGreaterThan(0);
    expect(data.selfConsumedKwh + data.exportedKwh).toBeCloseTo(data.productionKwh, 0);
    expect(data.before.total).toEqual(calc.totals.new);
    expect(data.before.optimizedTotal).toEqual(calc.totals.optimized);
    expect(data.monthly.map((m) => m.month)).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
    ]);
    const weather = await post('solar', {
      ...form,
      profile: 'weather',
      latitude: 46.05,
      longitude: 14.5,
    });
    expect(weather.statusCode, weather.body).toBe(200);
    expect(json<{ data: SolarWhatIf }>(weather).data.profile).toBe('weather');
  }, 60_000);
});

describe('upload', () => {
  const csv = (from: string, days: number) => {
    const start = localDayStartMs(dayNumberOf(parseIsoDate(from) as never));
    const lines = ['timestamp,power_kw'];
    for (let i = 1; i <= days * 96; i++) {
      const end = start + i * 900_000;
      lines.push(`${new Date(end).toISOString()},${fakeImportKw(end)}`);
    }
    return lines.join('\n');
  };

  it('stores a CLI CSV as an upload device and calculates over it', async () => {
    const res = await call('other', 'POST', '/api/abstract-devices/upload', {
      label: 'Moja hiša',
      fileName: 'meter.csv',
      // A year of quarter hours is about 1.4 MB: more than the app's 1 MB body limit, within the route's 20 MB.
      content: csv('2025-01-01', 365),
      connectionPowerKw: 17,
      phases: 3,
      tariffsCount: 1,
      agreedPowerKw: [5, 5, 5, 5, 5],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { device: d, imported } = json<{
      data: { device: Device; imported: { intervals: number; source: string } };
    }>(res).data;
    expect(d).toMatchObject({ source: 'UPLOAD', tariffsCount: 1, token_id: null, credentials: [] });
    expect(imported).toMatchObject({ intervals: 365 * 96, source: 'cli-csv' });
    const noEt = await call('other', 'POST', `/api/pricing/abstract-devices/${d.id}/calculations`, {
      from: '2025-01-01',
      to: '2025-01-31',
      vt: 0.1,
      mt: 0.1,
      et: 0,
      customPowerLimits: null,
    });
    expect(json<ErrorBody>(noEt).error.fields).toEqual({ 'data.et': 'validation.required' });
    const ok = await call('other', 'POST', `/api/pricing/abstract-devices/${d.id}/calculations`, {
      from: '2025-01-01',
      to: '2025-01-31',
      vt: 0,
      mt: 0,
      et: 0.11,
      customPowerLimits: null,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const c = json<{ data: { calculations: Calculations } }>(ok).data.calculations;
    expect(c.tariffsCount).toBe(1);
    expect(c.agreedPowers.new).toEqual([5, 5, 5, 5, 5]);
    // The uploader's device is invisible to another user.
    expect((await call('si', 'GET', `/api/abstract-devices/${d.id}`)).statusCode).toBe(404);
  });

  it('reads the portal’s own 15-minute CSV export with its export column', async () => {
    const content = readFileSync(
      new URL('../../../../../packages/domain/samples/household-week-portal.csv', import.meta.url),
      'utf8',
    );
    const res = await call('other', 'POST', '/api/abstract-devices/upload', {
      label: 'Portal export',
      fileName: 'household-week-portal.csv',
      content,
      connectionPowerKw: 17,
      phases: 3,
      tariffsCount: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { device: d, imported } = json<{
      data: { device: Device; imported: { intervals: number; source: string; from: string } };
    }>(res).data;
    expect(imported.source).toBe('portal-csv');
    // 24–30 October 2024 holds the autumn DST day (100 intervals).
    expect(imported.intervals).toBe(7 * 96 + 4);
    expect(imported.from).toBe('2024-10-23T22:15:00.000Z');
    const chart = await call(
      'other',
      'GET',
      `/api/abstract-devices/${d.id}/readings?from=2024-10-24&to=2024-10-24`,
    );
    const data = json<{ data: { importKw: number[]; exportKw: number[] | null } }>(chart).data;
    expect(data.importKw[0]).toBe(7.8027);
    expect(data.exportKw).not.toBeNull();
  });

  it('refuses an unreadable file and agreed powers the engine would refuse, with field errors', async () => {
    const bad = await call('other', 'POST', '/api/abstract-devices/upload', {
      label: 'x',
      fileName: 'x.csv',
      content: 'hello,world\n1,2',
      connectionPowerKw: 17,
      phases: 3,
      tariffsCount: 2,
    });
    expect(bad.statusCode).toBe(422);
    expect(json<ErrorBody>(bad).error.fields).toEqual({
      'data.content': 'network_fee.errors.csv_header_not_found',
    });
    const limits = await call('other', 'POST', '/api/abstract-devices/upload', {
      label: 'x',
      fileName: 'x.csv',
      content: csv('2025-01-01', 1),
      connectionPowerKw: 17,
      phases: 3,
      tariffsCount: 2,
      agreedPowerKw: [5, 4, 5, 5, 5],
    });
    expect(json<ErrorBody>(limits).error.fields).toEqual({
      'data.agreedPowerKw.1': 'moj_elektro.limits.agreed_power_order',
    });
  });
});

describe('demo against the emulator', () => {
  it('gives the demo user country SI, the demo token and its devices once, and imports them from the emulator', async () => {
    const service = t.app.services.mojElektroModule;
    service.useClient(undefined); // the configured client: MOJ_ELEKTRO_API_URL=local starts the emulator
    try {
      await setCountry(DEMO.unverified.email, null);
      const marker = new Map<string, string>();
      const store = {
        get: async (key: string) => marker.get(key),
        insertIfMissing: async (key: string, value: string) => {
          if (!marker.has(key)) marker.set(key, value);
        },
      };
      const demo = {
        email: DEMO.unverified.email,
        token: DEMO_TOKEN,
        eimms: ['4-1000001'],
        marker: store,
      };
      expect(await service.seedDemo(demo)).toBe(true);
      expect(await service.seedDemo(demo)).toBe(false);
      const [user] = await t.db.db
        .select()
        .from(users)
        .where(eq(users.email, DEMO.unverified.email));
      expect(user?.countryCode).toBe('SI');
      const [credential] = await t.db.db
        .select()
        .from(externalCredentials)
        .where(eq(externalCredentials.userId, user?.id ?? 0));
      expect(credential?.tokenPrefix).toBe('demo-');
      const devices = await t.db.db
        .select()
        .from(externalDevices)
        .where(eq(externalDevices.userId, user?.id ?? 0));
      expect(devices.map((d) => d.eimm)).toEqual(['4-1000001']);
      await t.app.jobs.drain(IMPORT_QUEUE);
      const [after] = await t.db.db
        .select()
        .from(externalDevices)
        .where(eq(externalDevices.id, devices[0]?.id ?? 0));
      expect(after?.importStatus).toBe('DONE');
      expect(after?.importMonthsDone).toBe(after?.importMonthsTotal);
    } finally {
      service.useClient(fake.client);
    }
  }, 180_000);
});
