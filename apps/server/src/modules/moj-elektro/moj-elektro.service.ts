import { randomUUID } from 'node:crypto';
import type {
  AbstractDevice,
  AbstractDeviceForm,
  BatteryWhatIf,
  BatteryWhatIfForm,
  CalculationFilter,
  Calculations,
  ConsumerInfo,
  ExternalCredential,
  MeterData,
  MeterDataQuery,
  MeterUploadForm,
  ScenarioSummary,
  SolarWhatIf,
  SolarWhatIfForm,
} from '@ec/contract';
import {
  BATTERY_SWEEP_POINTS,
  MOJ_ELEKTRO_MESSAGES,
  maskToken,
  TOKEN_VISIBLE_CHARS,
} from '@ec/contract';
import {
  agreedPowerLimits,
  batterySweep,
  batteryWhatIf,
  blockOfInterval,
  calculateNetworkFee,
  dayNumberOf,
  monthlyBlockPeaks,
  networkFeeErrorKey,
  solarWhatIf,
  STANDARD_REFERENCE,
  TARIFF_YEARS,
  deriveCurrentAgreedPower,
  localDayStartMs,
  NetworkFeeError,
  parseIsoDate,
  toLocalDateTime,
  validateAgreedPowers,
  type AgreedPowerPeriod,
  type BatterySpec,
  type BillSummary,
  type HourlyIrradiance,
  type MeterSeries,
  type SolarSpec,
  type WhatIfBase,
} from '@ec/domain';
import { AppError, notFound, ruleBroken } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Log } from '../../logger.ts';
import {
  MojElektroError,
  mojElektroErrorKey,
  type MojElektroClient,
} from '../../integrations/moj-elektro/types.ts';
import type { Actor } from '../auth/auth.service.ts';
import {
  agreedPowerPeriods,
  connectionOf,
  customLimitFields,
  eur,
  toCalculations,
  type NewDeterminedBy,
} from './calculations.ts';
import { consumerInfoFromUpload, readConsumerInfo } from './consumer-info.ts';
import type { CredentialsCrypto, KeyStore } from './credentials-crypto.ts';
import { addDays, importSeries, localToday } from './import.ts';
import type {
  DeviceRow,
  MojElektroRepository,
  SeriesStats,
  SeriesWindow,
} from './moj-elektro.repository.ts';
import { parseUploadedMeterFile } from './upload.ts';

/** The import queue (singleton key = series id). */
export const IMPORT_QUEUE = 'moj-elektro.import';
/** Daily import: 06:30 in Ljubljana (the portal has the previous day by then). */
export const IMPORT_CRON = '30 6 * * *';

const INTERVAL_MS = 900_000;

/** What the service needs. */
export interface MojElektroServiceOptions {
  repo: MojElektroRepository;
  /** The credentials cipher (the key is resolved on first use). */
  crypto: () => Promise<CredentialsCrypto>;
  /** The portal client ('local' → the emulator). */
  client: () => Promise<MojElektroClient>;
  jobs: JobQueue;
  log: Log;
  now?: () => Date;
  /** Hourly irradiance history for the solar what-if's `weather` profile (Open-Meteo archive). */
  irradiance?: (query: {
    latitude: number;
    longitude: number;
    startDate: string;
    endDate: string;
    timeZone: string;
  }) => Promise<HourlyIrradiance>;
}

/** The app_settings key set once the demo's token and devices were added. */
export const DEMO_MARKER = 'moj_elektro_demo_seeded';

/** The demo token of the local emulator (reads the three demo metering places, DESIGN-14 §1). */
export const DEMO_TOKEN = 'demo-moj-elektro-all';
/** The emulator's demo metering places: household with heat pump and EV, small business, household with solar. */
export const DEMO_EIMMS = ['4-1000001', '2-2000002', '3-3000003'] as const;

/** System losses of a solar plant, % (the PVGIS default). */
const SOLAR_LOSSES_PCT = 14;

/** A 422 with field errors. */
const fieldErrors422 = (fields: Record<string, string>) =>
  new AppError(422, 'VALIDATION_FAILED', { fields });
/** A 400 with field errors. */
const fieldErrors400 = (fields: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', { fields });

/** The portal's failures as answers: 503 for an unreachable portal, 422 with the client's key otherwise. */
function portalError(error: unknown, field?: string): AppError {
  if (!(error instanceof MojElektroError)) throw error;
  const key = mojElektroErrorKey(error.code);
  if (
    error.code === 'UNAVAILABLE' ||
    error.code === 'RATE_LIMITED' ||
    error.code === 'BAD_RESPONSE'
  ) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', { message: key });
  }
  return field ? fieldErrors422({ [field]: key }) : ruleBroken(key);
}

/** The user's country must be SI for the portal and the calculations (design §5). */
export function requireSlovenia(actor: Actor): void {
  const country = actor.user.countryCode;
  if (!country) throw ruleBroken(MOJ_ELEKTRO_MESSAGES.noCountry);
  if (country !== 'SI') throw ruleBroken(MOJ_ELEKTRO_MESSAGES.notAvailableInCountry);
}

/** Engine errors (other than the custom limits) → rule keys. */
function engineErrorKey(error: NetworkFeeError): string {
  switch (error.code) {
    case 'NO_DATA_IN_RANGE':
      return MOJ_ELEKTRO_MESSAGES.noData;
    case 'CURRENT_NOT_DERIVABLE':
      return 'moj_elektro.calculations.current_not_derivable';
    case 'RATES_NOT_FOUND':
      return 'moj_elektro.calculations.outside_tariff';
    case 'MINIMUM_POWER_UNKNOWN':
    case 'INVALID_CONNECTION':
    case 'OLD_BILLING_POWER_UNKNOWN':
      return 'moj_elektro.calculations.connection_unknown';
    default:
      return networkFeeErrorKey(error.code) ?? 'moj_elektro.calculations.error_fetching';
  }
}

/** Days before a calculation's start read to derive the operator's agreed powers (the last higher season). */
const DERIVE_LOOKBACK_DAYS = 366;

/** Stored readings as the engine's import-power series. */
export function toMeterSeries(w: SeriesWindow): MeterSeries {
  return { kind: 'power', intervalEndsMs: w.endMs, values: w.importKw };
}

/** The metered export as an engine series (kW), or null when no reading has export. */
function exportSeriesOf(w: SeriesWindow): MeterSeries | null {
  const exp = w.exportKw;
  if (!exp) return null;
  const ends: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < w.length; i++) {
    const v = exp[i] as number;
    if (Number.isNaN(v)) continue;
    ends.push(w.endMs[i] as number);
    values.push(v);
  }
  return ends.length === 0 ? null : { kind: 'power', intervalEndsMs: ends, values };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** A what-if bill as the contract's ScenarioSummary. */
function scenarioSummary(bill: BillSummary): ScenarioSummary {
  return {
    total: eur(bill.totalEur),
    optimizedTotal: eur(bill.optimizedTotalEur),
    optimizedAgreedPowers: [...bill.optimizedAgreedKw],
    peakKw: bill.peakKw.map(round3),
  };
}

/** Translation key of a tariff year the tables do not cover. */
const TARIFF_YEAR_KEY = 'moj_elektro.filters.tariff_year_not_covered';

/**
 * Runs engine work and answers its errors: refused custom limits → 422 `data.customPowerLimits.<i>`, an uncovered
 * tariff year → 422 `data.tariffYear`, anything else → 422 RULE_BROKEN with its key (never a 500 for bad input).
 */
function engine<T>(work: () => T): T {
  const answer = (error: unknown): never => {
    if (error instanceof NetworkFeeError) {
      if (error.code === 'INVALID_AGREED_POWER' && error.params.scenario === 'custom') {
        throw fieldErrors422(customLimitFields(error.issues));
      }
      if (error.code === 'TARIFF_YEAR_NOT_COVERED') {
        throw fieldErrors422({ 'data.tariffYear': TARIFF_YEAR_KEY });
      }
      throw ruleBroken(engineErrorKey(error));
    }
    if (error instanceof RangeError) throw fieldErrors422({ data: 'validation.invalid' });
    throw error;
  };
  try {
    const result = work();
    return (result instanceof Promise ? result.catch(answer) : result) as T;
  } catch (error) {
    return answer(error);
  }
}

/** Local days [from, to] as UTC ms (from's midnight, the midnight after to). */
export function dayRangeMs(from: string, to: string): { fromMs: number; toMs: number } {
  const f = parseIsoDate(from);
  const t = parseIsoDate(to);
  if (!f || !t) throw new Error('bad range');
  return { fromMs: localDayStartMs(dayNumberOf(f)), toMs: localDayStartMs(dayNumberOf(t) + 1) };
}

/** The Moj Elektro service. */
export function createMojElektroService(options: MojElektroServiceOptions) {
  const { repo, jobs, log } = options;
  const now = options.now ?? (() => new Date());
  let clientOverride: MojElektroClient | undefined;
  const portalClient = () => (clientOverride ? Promise.resolve(clientOverride) : options.client());
  const importDeps = () => ({ repo, crypto: options.crypto, client: portalClient, log, now });

  jobs.define<{ seriesId?: number }>({
    name: IMPORT_QUEUE,
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 120,
    retryBackoff: true,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 3600,
    keepDays: 7,
    batchSize: 1,
    handler: async (data) => {
      if (data.seriesId === undefined) {
        // The daily cron: one job per PORTAL series with a device.
        for (const id of await repo.portalSeriesWithDevices()) await requestImport(id);
        return;
      }
      await importSeries(importDeps(), data.seriesId);
    },
  });
  jobs.schedule({ queue: IMPORT_QUEUE, cron: IMPORT_CRON, tz: 'Europe/Ljubljana', key: 'daily' });

  async function requestImport(seriesId: number): Promise<void> {
    await jobs.send(IMPORT_QUEUE, { seriesId }, { singletonKey: String(seriesId) });
  }

  async function toDevices(rows: DeviceRow[]): Promise<AbstractDevice[]> {
    const bindings = await repo.bindings(rows.map((r) => r.id));
    const stats = await repo.stats([...new Set(rows.map((r) => r.seriesId))]);
    return rows.map((r) => toDevice(r, bindings.get(r.id) ?? [], stats.get(r.seriesId)));
  }

  function toDevice(
    r: DeviceRow,
    bound: { credentialId: number; tokenPrefix: string }[],
    stats: SeriesStats | undefined,
  ): AbstractDevice {
    const tariffs = r.tariffsCount === 1 || r.tariffsCount === 2 ? r.tariffsCount : null;
    return {
      id: r.id,
      eimm: r.eimm,
      gsrn: r.gsrn,
      tariffsCount: tariffs,
      token_id: bound[0]?.credentialId ?? null,
      abstract_device_type_id: 1,
      credentials: bound.map((b) => ({
        token: maskToken(b.tokenPrefix),
        token_id: b.credentialId,
      })),
      source: r.source,
      label: r.label,
      import: {
        status: r.importStatus,
        monthsDone: r.importMonthsDone,
        monthsTotal: r.importMonthsTotal,
        error: r.importError,
        lastImportAt: r.lastImportAt?.toISOString() ?? null,
        firstInterval: stats?.firstMs ? new Date(stats.firstMs).toISOString() : null,
        lastInterval: stats?.lastMs ? new Date(stats.lastMs).toISOString() : null,
        intervals: stats?.intervals ?? 0,
      },
    };
  }

  async function ownDevice(actor: Actor, id: number): Promise<DeviceRow> {
    const device = await repo.device(actor.user.id, id);
    if (!device) throw notFound();
    return device;
  }

  async function deviceAnswer(actor: Actor, id: number): Promise<AbstractDevice> {
    const [device] = await toDevices([await ownDevice(actor, id)]);
    if (!device) throw notFound();
    return device;
  }

  /** A MeterSeries of import power over the local days [from, to]. */
  async function seriesOf(device: DeviceRow, from: string, to: string) {
    const { fromMs, toMs } = dayRangeMs(from, to);
    const rows = await repo.readings(device.seriesId, fromMs, toMs, device.dataVersion);
    return { rows, fromMs, toMs };
  }

  /** Spec 000 §5 on the server: no future day; the prices the tariff count needs. */
  function checkFilter(filter: CalculationFilter, tariffsCount: 1 | 2): void {
    const fields: Record<string, string> = {};
    const today = localToday(now());
    if (filter.from > today) fields['data.from'] = MOJ_ELEKTRO_MESSAGES.futureDate;
    if (filter.to > today) fields['data.to'] = MOJ_ELEKTRO_MESSAGES.futureDate;
    if (tariffsCount === 1) {
      if (!(filter.et > 0)) fields['data.et'] = 'validation.required';
    } else {
      if (!(filter.vt > 0)) fields['data.vt'] = 'validation.required';
      if (!(filter.mt > 0)) fields['data.mt'] = 'validation.required';
    }
    if (Object.keys(fields).length > 0) throw fieldErrors400(fields);
  }

  /**
   * The engine input of a device over a filter (spec 000 §5 checks, the stored readings, the "new" agreed powers
   * from the portal's valid records with the derivation for the rest), shared by the calculations and what-ifs.
   */
  async function baseOf(actor: Actor, id: number, filter: CalculationFilter) {
    const device = await ownDevice(actor, id);
    requireSlovenia(actor);
    const info = (device.consumerInfo as ConsumerInfo | null) ?? null;
    const tariffsCount: 1 | 2 = (info?.tariffsCount ?? device.tariffsCount) === 1 ? 1 : 2;
    checkFilter(filter, tariffsCount);
    const { rows } = await seriesOf(device, filter.from, filter.to);
    if (rows.length === 0) throw ruleBroken(MOJ_ELEKTRO_MESSAGES.noData);
    if (!info) throw ruleBroken('moj_elektro.calculations.connection_unknown');
    const series = toMeterSeries(rows);
    const exportSeries = exportSeriesOf(rows);
    const connection = connectionOf(info);
    const tariffYear = filter.tariffYear ?? undefined;
    return engine(async () => {
      const day = (text: string) => dayNumberOf(parseIsoDate(text) as never);
      if (filter.customPowerLimits) {
        const issues = validateAgreedPowers(
          filter.customPowerLimits,
          agreedPowerLimits(connection, day(filter.from), day(filter.to), tariffYear),
        );
        if (issues.length > 0) throw fieldErrors422(customLimitFields(issues));
      }
      const { records, gaps } = agreedPowerPeriods(info, filter.from, filter.to);
      const periods: { period: AgreedPowerPeriod; derived: boolean }[] = [];
      const toDerive = [...gaps];
      for (const record of records) {
        const limits = agreedPowerLimits(
          connection,
          day(record.from as string),
          day(record.to as string),
          tariffYear,
        );
        // A portal record the engine would refuse for its days (e.g. below a newer minimum) is derived instead.
        if (validateAgreedPowers(record.valuesKw, limits).length === 0) {
          periods.push({ period: record, derived: false });
        } else {
          toDerive.push({ from: record.from as string, to: record.to as string });
        }
      }
      if (toDerive.length > 0) {
        // The operator looks at the last higher season, which may lie before the range: derive from a year more.
        const wider = await seriesOf(
          device,
          addDays(filter.from, -DERIVE_LOOKBACK_DAYS),
          filter.to,
        );
        const derived = deriveCurrentAgreedPower(
          toMeterSeries(wider.rows),
          connection,
          filter.from,
          filter.to,
        );
        for (const gap of toDerive) {
          periods.push({
            period: { ...gap, valuesKw: derived.valuesKw, determinedBy: 'DISTRIBUTER' },
            derived: true,
          });
        }
      }
      periods.sort((a, b) => ((a.period.from ?? '') < (b.period.from ?? '') ? -1 : 1));
      const last = periods[periods.length - 1];
      const newDeterminedBy: NewDeterminedBy =
        !last || last.derived ? 'DERIVED' : last.period.determinedBy;
      const input: WhatIfBase = {
        series,
        from: filter.from,
        to: filter.to,
        connection,
        current: periods.map((p) => p.period),
        tariffs: tariffsCount,
        prices: { vt: filter.vt, mt: filter.mt, et: filter.et },
        ...(filter.customPowerLimits ? { custom: filter.customPowerLimits } : {}),
        ...(info.billingPower ? { oldBillingPowerKw: info.billingPower } : {}),
        ...(tariffYear !== undefined ? { tariffYear } : {}),
      };
      return { input, exportSeries, info, tariffsCount, newDeterminedBy };
    });
  }

  /** A user's device for a metering place read from the portal, on the place's shared series. */
  async function upsertPortalDevice(
    userId: number,
    info: ConsumerInfo,
    mtGsrn: string | null,
    credentialIds: number[],
  ) {
    const seriesId = await repo.portalSeries(info.eimm);
    const device = await repo.upsertDevice({
      userId,
      eimm: info.eimm,
      gsrn: info.gsrn,
      mtGsrn,
      seriesId,
      tariffsCount: info.tariffsCount,
      consumerInfo: info,
      credentialIds,
    });
    return { ...device, seriesId };
  }

  return {
    requestImport,

    /** Imports one series now (tests, the demo). */
    importNow: (seriesId: number) => importSeries(importDeps(), seriesId),

    /**
     * The demo (`npm start` with the local emulator): the user gets country SI when unset, the token and a device
     * per metering place, and their imports are queued. Once per database (`marker`), so a user who deletes the
     * demo token does not get it back at the next start.
     */
    async seedDemo(demo: {
      email: string;
      token: string;
      eimms: readonly string[];
      marker: KeyStore;
    }): Promise<boolean> {
      if (await demo.marker.get(DEMO_MARKER)) return false;
      const user = await repo.userByEmail(demo.email);
      if (!user) return false;
      if (!user.countryCode) await repo.setCountry(user.id, 'SI');
      const crypto = await options.crypto();
      const client = await portalClient();
      await client.checkToken(demo.token);
      const hash = crypto.hash(demo.token);
      const credentialId =
        (await repo.insertCredential({
          userId: user.id,
          tokenEncrypted: crypto.encrypt(demo.token),
          tokenPrefix: [...demo.token].slice(0, TOKEN_VISIBLE_CHARS).join(''),
          tokenHash: hash,
        })) ?? (await repo.credentialByHash(user.id, hash));
      if (credentialId === undefined) return false;
      for (const eimm of demo.eimms) {
        const { info, mtGsrn } = await readConsumerInfo(client, demo.token, eimm);
        const { seriesId } = await upsertPortalDevice(user.id, info, mtGsrn, [credentialId]);
        await requestImport(seriesId);
      }
      await demo.marker.insertIfMissing(DEMO_MARKER, new Date().toISOString());
      return true;
    },

    /** Replaces the portal client (tests; undefined restores the configured one). */
    useClient(replacement: MojElektroClient | undefined): void {
      clientOverride = replacement;
    },

    async credentials(actor: Actor): Promise<{ credentials: ExternalCredential[] }> {
      const rows = await repo.credentials(actor.user.id);
      return {
        credentials: rows.map((r) => ({
          id: r.id,
          provider: 'MOJ_ELEKTRO',
          token: maskToken(r.tokenPrefix),
          createdAt: r.createdAt.toISOString(),
          deviceCount: r.deviceCount,
        })),
      };
    },

    async addCredential(actor: Actor, token: string): Promise<{ credential: ExternalCredential }> {
      requireSlovenia(actor);
      const crypto = await options.crypto();
      const hash = crypto.hash(token);
      const client = await portalClient();
      try {
        await client.checkToken(token);
      } catch (error) {
        if (
          error instanceof MojElektroError &&
          error.code !== 'UNAVAILABLE' &&
          error.code !== 'RATE_LIMITED'
        ) {
          throw fieldErrors422({ 'data.token': MOJ_ELEKTRO_MESSAGES.tokenRejected });
        }
        throw portalError(error);
      }
      const id = await repo.insertCredential({
        userId: actor.user.id,
        tokenEncrypted: crypto.encrypt(token),
        tokenPrefix: [...token].slice(0, TOKEN_VISIBLE_CHARS).join(''),
        tokenHash: hash,
      });
      if (id === undefined) {
        throw new AppError(409, 'CONFLICT', {
          message: MOJ_ELEKTRO_MESSAGES.duplicateToken,
          fields: { 'data.token': MOJ_ELEKTRO_MESSAGES.duplicateToken },
        });
      }
      const credential = (await this.credentials(actor)).credentials.find((c) => c.id === id);
      if (!credential) throw notFound();
      return { credential };
    },

    async deleteCredential(actor: Actor, id: number): Promise<Record<string, never>> {
      if (!(await repo.deleteCredential(actor.user.id, id))) throw notFound();
      return {};
    },

    async devices(actor: Actor): Promise<{ devices: AbstractDevice[] }> {
      return { devices: await toDevices(await repo.devices(actor.user.id)) };
    },

    async addDevice(actor: Actor, form: AbstractDeviceForm): Promise<{ device: AbstractDevice }> {
      const credentialIds = [...new Set([form.token_id, ...(form.credentials ?? [])])];
      const own = await repo.credentials(actor.user.id);
      // Every token named must be the user's own: another user's (or an unknown) token is not found.
      if (!credentialIds.every((cid) => own.some((c) => c.id === cid))) throw notFound();
      requireSlovenia(actor);
      const selected = own.find((c) => c.id === form.token_id);
      if (!selected) throw notFound();
      const crypto = await options.crypto();
      let token: string;
      try {
        token = crypto.decrypt(selected.tokenEncrypted);
      } catch {
        // Stored with another key (EXTERNAL_CREDENTIALS_KEY changed): the user must add the token again.
        throw fieldErrors422({ 'data.token_id': 'moj_elektro.credentials.unreadable' });
      }
      const client = await portalClient();
      let read: Awaited<ReturnType<typeof readConsumerInfo>>;
      try {
        read = await readConsumerInfo(client, token, form.eimm);
      } catch (error) {
        if (
          error instanceof MojElektroError &&
          (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN' || error.code === 'BAD_REQUEST')
        ) {
          throw fieldErrors422({ 'data.eimm': mojElektroErrorKey(error.code) });
        }
        if (error instanceof MojElektroError && error.code === 'TOKEN_REJECTED') {
          throw fieldErrors422({ 'data.token_id': mojElektroErrorKey(error.code) });
        }
        throw portalError(error);
      }
      const { id, created, seriesId } = await upsertPortalDevice(
        actor.user.id,
        read.info,
        read.mtGsrn,
        credentialIds,
      );
      if (created) {
        // The series may already hold another user's import: show its state at once.
        const sibling = (await repo.devicesOfSeries(seriesId)).find((d) => d.id !== id);
        if (sibling) {
          await repo.updateDevice(id, {
            importStatus: sibling.importStatus,
            importMonthsDone: sibling.importMonthsDone,
            importMonthsTotal: sibling.importMonthsTotal,
            lastImportAt: sibling.lastImportAt,
          });
        }
      }
      await requestImport(seriesId);
      return { device: await deviceAnswer(actor, id) };
    },

    async removeDeviceToken(
      actor: Actor,
      deviceId: number,
      tokenId: number,
    ): Promise<Record<string, never>> {
      if ((await repo.unbind(actor.user.id, deviceId, tokenId)) === 'NOT_FOUND') throw notFound();
      return {};
    },

    async device(
      actor: Actor,
      id: number,
    ): Promise<{ device: AbstractDevice; consumerInfo: ConsumerInfo | null }> {
      const row = await ownDevice(actor, id);
      const [device] = await toDevices([row]);
      if (!device) throw notFound();
      return { device, consumerInfo: (row.consumerInfo as ConsumerInfo | null) ?? null };
    },

    async refresh(actor: Actor, id: number): Promise<{ device: AbstractDevice }> {
      const row = await ownDevice(actor, id);
      requireSlovenia(actor);
      if (row.source !== 'PORTAL') {
        throw ruleBroken('moj_elektro.devices.upload_not_refreshable');
      }
      await repo.updateSeriesDevices(row.seriesId, { importStatus: 'PENDING', importError: null });
      await requestImport(row.seriesId);
      return { device: await deviceAnswer(actor, id) };
    },

    async upload(
      actor: Actor,
      form: MeterUploadForm,
    ): Promise<{
      device: AbstractDevice;
      imported: { intervals: number; from: string; to: string; source: string };
    }> {
      let existing: DeviceRow | undefined;
      if (form.deviceId !== undefined) {
        existing = await repo.device(actor.user.id, form.deviceId);
        if (!existing || existing.source !== 'UPLOAD') throw notFound();
      }
      requireSlovenia(actor);
      let parsed;
      try {
        parsed = parseUploadedMeterFile(form.content, form.fileName);
      } catch (error) {
        if (error instanceof NetworkFeeError) {
          // The parser's key (row, column, … in `params`), else a general one.
          const params: Record<string, string | number> = {};
          for (const [k, v] of Object.entries(error.params)) {
            if (typeof v === 'string' || typeof v === 'number') params[k] = v;
          }
          throw new AppError(422, 'VALIDATION_FAILED', {
            fields: {
              'data.content': networkFeeErrorKey(error.code) ?? 'moj_elektro.upload.unreadable',
            },
            params,
          });
        }
        throw error;
      }
      const rows = parsed.rows;
      if (rows.length === 0) throw fieldErrors422({ 'data.content': 'moj_elektro.upload.empty' });
      if (form.agreedPowerKw) {
        const f = rows[0] as { endMs: number };
        const l = rows[rows.length - 1] as { endMs: number };
        const first = toLocalDateTime(f.endMs - INTERVAL_MS).dayNumber;
        const last = toLocalDateTime(l.endMs - INTERVAL_MS).dayNumber;
        try {
          const issues = validateAgreedPowers(
            form.agreedPowerKw,
            agreedPowerLimits(
              { phases: form.phases, connectionPowerKw: form.connectionPowerKw },
              first,
              last,
            ),
          );
          if (issues.length > 0) {
            const fields: Record<string, string> = {};
            for (const [path, key] of Object.entries(customLimitFields(issues))) {
              fields[path.replace('data.customPowerLimits', 'data.agreedPowerKw')] = key;
            }
            throw fieldErrors422(fields);
          }
        } catch (error) {
          if (error instanceof NetworkFeeError) {
            throw fieldErrors422({ 'data.connectionPowerKw': 'validation.invalid' });
          }
          throw error;
        }
      }
      const info = (eimm: string) =>
        consumerInfoFromUpload({
          eimm,
          connectionPowerKw: form.connectionPowerKw,
          phases: form.phases,
          tariffsCount: form.tariffsCount,
          agreedPowerKw: form.agreedPowerKw ?? null,
          from: '1900-01-01',
          to: '9999-12-31',
        });
      let deviceId: number;
      let seriesId: number;
      if (existing) {
        deviceId = existing.id;
        seriesId = existing.seriesId;
        await repo.clearReadings(seriesId);
        await repo.updateDevice(deviceId, {
          label: form.label,
          tariffsCount: form.tariffsCount,
          consumerInfo: info(existing.eimm),
          consumerInfoAt: now(),
        });
      } else {
        const eimm = `upload-${randomUUID().slice(0, 8)}`;
        seriesId = await repo.uploadSeries(actor.user.id, eimm);
        const created = await repo.upsertDevice({
          userId: actor.user.id,
          eimm,
          gsrn: null,
          mtGsrn: null,
          seriesId,
          tariffsCount: form.tariffsCount,
          consumerInfo: info(eimm),
          label: form.label,
          credentialIds: [],
        });
        deviceId = created.id;
      }
      await repo.upsertReadings(seriesId, rows);
      const months = new Set(
        rows.map((r) => new Date(r.endMs - INTERVAL_MS).toISOString().slice(0, 7)),
      );
      await repo.updateDevice(deviceId, {
        importStatus: 'DONE',
        importMonthsDone: months.size,
        importMonthsTotal: months.size,
        importError: null,
        lastImportAt: now(),
      });
      const first = rows[0] as { endMs: number };
      const last = rows[rows.length - 1] as { endMs: number };
      return {
        device: await deviceAnswer(actor, deviceId),
        imported: {
          intervals: rows.length,
          from: new Date(first.endMs).toISOString(),
          to: new Date(last.endMs).toISOString(),
          source: parsed.source,
        },
      };
    },

    async meterData(actor: Actor, id: number, query: MeterDataQuery): Promise<MeterData> {
      const device = await ownDevice(actor, id);
      requireSlovenia(actor);
      const today = localToday(now());
      const fields: Record<string, string> = {};
      if (query.from > today) fields['query.from'] = MOJ_ELEKTRO_MESSAGES.futureDate;
      if (query.to > today) fields['query.to'] = MOJ_ELEKTRO_MESSAGES.futureDate;
      if (query.tariffYear !== undefined && !TARIFF_YEARS.includes(query.tariffYear)) {
        fields['query.tariffYear'] = TARIFF_YEAR_KEY;
      }
      if (Object.keys(fields).length > 0) throw fieldErrors400(fields);
      const tariffYear = query.tariffYear ?? null;
      const year = tariffYear ?? undefined;
      const { rows, fromMs, toMs } = await seriesOf(device, query.from, query.to);
      const count = Math.round((toMs - fromMs) / INTERVAL_MS);
      const importKw: (number | null)[] = new Array<number | null>(count).fill(null);
      let exportKw: (number | null)[] | null = null;
      const blocks: number[] = new Array<number>(count);
      for (let i = 0; i < count; i++)
        blocks[i] = blockOfInterval(fromMs + (i + 1) * INTERVAL_MS, year);
      let importKwh = 0;
      let exportKwh = 0;
      for (let k = 0; k < rows.length; k++) {
        const i = Math.round(((rows.endMs[k] as number) - fromMs) / INTERVAL_MS) - 1;
        if (i < 0 || i >= count) continue;
        const kw = rows.importKw[k] as number;
        importKw[i] = kw;
        importKwh += kw / 4;
        const e = rows.exportKw?.[k];
        if (e !== undefined && !Number.isNaN(e)) {
          exportKw ??= new Array<number | null>(count).fill(null);
          exportKw[i] = e;
          exportKwh += e / 4;
        }
      }
      const round = (v: number) => Math.round(v * 1000) / 1000;
      return {
        from: query.from,
        to: query.to,
        tariffYear,
        startMs: fromMs,
        stepMs: INTERVAL_MS,
        importKw,
        exportKw,
        blocks,
        monthlyPeaks: monthlyBlockPeaks(toMeterSeries(rows), year).map((p) => ({
          month: p.month,
          block: p.block,
          peakKw: p.peakKw,
          at: new Date(p.atMs).toISOString(),
        })),
        totals: { importKwh: round(importKwh), exportKwh: round(exportKwh) },
      };
    },

    async calculations(
      actor: Actor,
      id: number,
      filter: CalculationFilter,
    ): Promise<{ calculations: Calculations; consumerInfo: ConsumerInfo }> {
      const base = await baseOf(actor, id, filter);
      return engine(() => {
        const result = calculateNetworkFee(base.input);
        return {
          calculations: toCalculations(result, {
            from: filter.from,
            to: filter.to,
            tariffYear: filter.tariffYear ?? null,
            tariffsCount: base.tariffsCount,
            newDeterminedBy: base.newDeterminedBy,
          }),
          consumerInfo: base.info,
        };
      });
    },

    async battery(actor: Actor, id: number, form: BatteryWhatIfForm): Promise<BatteryWhatIf> {
      const base = await baseOf(actor, id, { ...form, customPowerLimits: null });
      const battery: BatterySpec = {
        capacityKwh: form.capacityKwh,
        powerKw: form.powerKw,
        roundTripEfficiency: form.efficiencyPct / 100,
      };
      return engine(() => {
        const input = { base: base.input, exportSeries: base.exportSeries, battery };
        const result = batteryWhatIf(input);
        const sweep = form.sweep
          ? batterySweep(
              input,
              Array.from(
                { length: BATTERY_SWEEP_POINTS },
                (_, i) =>
                  Math.round(((2 * form.capacityKwh * (i + 1)) / BATTERY_SWEEP_POINTS) * 10) / 10,
              ),
              (capacity) => (form.powerKw * capacity) / form.capacityKwh,
            ).points.map((p) => ({
              capacityKwh: p.capacityKwh,
              powerKw: round3(p.powerKw),
              yearlySaving: eur(p.yearlySavingEur),
              optimizedAgreedPowers: [...p.optimizedAgreedKw],
            }))
          : null;
        return {
          battery: {
            capacityKwh: form.capacityKwh,
            powerKw: form.powerKw,
            efficiencyPct: form.efficiencyPct,
          },
          before: scenarioSummary(result.before),
          after: scenarioSummary(result.after),
          yearlySaving: eur(result.yearlySavingEur),
          chargedKwh: round3(result.chargedKwh),
          dischargedKwh: round3(result.dischargedKwh),
          cycles: round3(result.cycles),
          sweep,
        };
      });
    },

    async solar(actor: Actor, id: number, form: SolarWhatIfForm): Promise<SolarWhatIf> {
      const base = await baseOf(actor, id, { ...form, customPowerLimits: null });
      const solar: SolarSpec = {
        peakKw: form.peakKw,
        azimuthDeg: form.azimuthDeg,
        tiltDeg: form.tiltDeg,
        lossesPct: SOLAR_LOSSES_PCT,
        latitude: form.latitude ?? STANDARD_REFERENCE.latitude,
        longitude: form.longitude ?? STANDARD_REFERENCE.longitude,
      };
      let irradiance: HourlyIrradiance | null = null;
      if (form.profile === 'weather') {
        if (!options.irradiance) throw new AppError(503, 'SERVICE_UNAVAILABLE');
        try {
          irradiance = await options.irradiance({
            latitude: solar.latitude,
            longitude: solar.longitude,
            startDate: form.from,
            endDate: form.to,
            timeZone: 'Europe/Ljubljana',
          });
        } catch (error) {
          log.warn({ err: error }, 'open-meteo irradiance failed');
          throw new AppError(503, 'SERVICE_UNAVAILABLE', {
            message: 'moj_elektro.solar.weather_unavailable',
          });
        }
      }
      return engine(() => {
        const result = solarWhatIf({
          base: base.input,
          exportSeries: base.exportSeries,
          solar,
          irradiance,
          exportPriceEurPerKwh: form.exportPrice,
        });
        return {
          solar: {
            peakKw: solar.peakKw,
            azimuthDeg: solar.azimuthDeg,
            tiltDeg: solar.tiltDeg,
            exportPrice: form.exportPrice,
            latitude: solar.latitude,
            longitude: solar.longitude,
          },
          productionKwh: round3(result.productionKwh),
          selfConsumedKwh: round3(result.selfConsumedKwh),
          exportedKwh: round3(result.exportedKwh),
          selfConsumptionPct: Math.round(result.selfConsumptionPct * 10) / 10,
          before: scenarioSummary(result.before),
          after: scenarioSummary(result.after),
          exportRevenue: eur(result.exportRevenueEur),
          yearlySaving: eur(result.yearlySavingEur),
          monthly: result.monthly.map((m) => ({
            month: m.month,
            productionKwh: round3(m.productionKwh),
            selfConsumedKwh: round3(m.selfConsumedKwh),
            exportedKwh: round3(m.exportedKwh),
            importBeforeKwh: round3(m.importBeforeKwh),
            importAfterKwh: round3(m.importAfterKwh),
          })),
          profile: result.profile,
        };
      });
    },
  };
}

/** The Moj Elektro service. */
export type MojElektroService = ReturnType<typeof createMojElektroService>;
