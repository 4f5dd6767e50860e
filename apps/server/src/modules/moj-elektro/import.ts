import {
  dateOfDayNumber,
  dayNumberOf,
  formatIsoDate,
  parseIsoDate,
  toLocalDateTime,
} from '@ec/domain';
import type { Log } from '../../logger.ts';
import {
  MojElektroError,
  mojElektroErrorKey,
  type MeterReadings,
  type MojElektroClient,
  type Reading15,
} from '../../integrations/moj-elektro/types.ts';
import { readConsumerInfo } from './consumer-info.ts';
import type { CredentialsCrypto } from './credentials-crypto.ts';
import type { MojElektroRepository, ReadingRow } from './moj-elektro.repository.ts';

// The import of a PORTAL series (DESIGN-14 §4, queue `moj-elektro.import`): the first run back-fills up to 730 days
// in calendar months, writing progress on every device of the series after each month; later runs re-read the
// last 5 days (late readings arrive) and fill any gap since the last stored interval. Readings are upserted, so a
// run repeated gives the same rows. The series is read with the token of any bound device that still works.

/** Days the first import reaches back. */
export const BACKFILL_DAYS = 730;
/** Days every later import re-reads. */
export const REREAD_DAYS = 5;
/** Key of a failure that is not the portal's. */
export const IMPORT_FAILED_KEY = 'moj_elektro.errors.import_failed';

/** Power units (0.1 W) per kW. */
const W10_PER_KW = 10_000;

const toW10 = (kw: number) => Math.max(0, Math.round(kw * W10_PER_KW));

/**
 * Readings of the portal → stored rows: import = P+ (kW) else 4 × A+ (kWh per 15 min); export = P− else 4 × A−
 * (null when the meter gives neither). Intervals without an import value are skipped.
 */
export function readingRows(readings: MeterReadings): ReadingRow[] {
  const byEnd = (list: Reading15[] | null, factor: number) => {
    const map = new Map<number, number>();
    for (const r of list ?? []) {
      if (Number.isFinite(r.value)) map.set(r.endMs, r.value * factor);
    }
    return map;
  };
  const pPlus = byEnd(readings.pPlus, 1);
  const aPlus = byEnd(readings.aPlus, 4);
  const pMinus = byEnd(readings.pMinus, 1);
  const aMinus = byEnd(readings.aMinus, 4);
  const usePPlus = pPlus.size > 0;
  const usePMinus = pMinus.size > 0;
  const importMap = usePPlus ? pPlus : aPlus;
  const exportMap = usePMinus ? pMinus : aMinus;
  const rows: ReadingRow[] = [];
  for (const [endMs, kw] of importMap) {
    const exported = exportMap.get(endMs);
    rows.push({
      endMs,
      importW10: toW10(kw),
      exportW10: exported === undefined ? null : toW10(exported),
      fromEnergy: !usePPlus,
    });
  }
  return rows.sort((a, b) => a.endMs - b.endMs);
}

/** Today's date in Europe/Ljubljana. */
export function localToday(now: Date): string {
  return formatIsoDate(toLocalDateTime(now.getTime()));
}

/** `YYYY-MM-DD` plus days. */
export function addDays(date: string, days: number): string {
  const d = parseIsoDate(date);
  if (!d) throw new Error(`bad date ${date}`);
  return formatIsoDate(dateOfDayNumber(dayNumberOf(d) + days));
}

/** [fromDate, toDate) split into calendar months, as the portal is asked. */
export function monthChunks(fromDate: string, toDate: string): { start: string; end: string }[] {
  const chunks: { start: string; end: string }[] = [];
  let start = fromDate;
  while (start < toDate) {
    const [y, m] = start.split('-').map(Number) as [number, number];
    const nextMonth = formatIsoDate(
      m === 12 ? { year: y + 1, month: 1, day: 1 } : { year: y, month: m + 1, day: 1 },
    );
    const end = nextMonth < toDate ? nextMonth : toDate;
    chunks.push({ start, end });
    start = end;
  }
  return chunks;
}

/** What an import run needs. */
export interface ImportDeps {
  repo: MojElektroRepository;
  crypto: () => Promise<CredentialsCrypto>;
  client: () => Promise<MojElektroClient>;
  log: Log;
  now: () => Date;
}

/** The range [from, to) a run reads: a back-fill without data, else the last days and any gap. */
export function importRange(lastMs: number | null, now: Date): { from: string; to: string } {
  const today = localToday(now);
  const earliest = addDays(today, -BACKFILL_DAYS);
  if (lastMs === null) return { from: earliest, to: today };
  const lastDay = formatIsoDate(toLocalDateTime(lastMs - 1));
  const reread = addDays(today, -REREAD_DAYS);
  const from = lastDay < reread ? lastDay : reread;
  return { from: from < earliest ? earliest : from, to: today };
}

/** Imports one PORTAL series. Throws (after marking the devices FAILED) so the queue retries. */
export async function importSeries(deps: ImportDeps, seriesId: number): Promise<void> {
  const { repo, log } = deps;
  const series = await repo.series(seriesId);
  if (series?.source !== 'PORTAL') return;
  const devices = await repo.devicesOfSeries(seriesId);
  if (devices.length === 0) return;
  const bindings = await repo.bindings(devices.map((d) => d.id));
  const crypto = await deps.crypto();
  const tokens: string[] = [];
  const seen = new Set<number>();
  for (const d of devices) {
    for (const b of bindings.get(d.id) ?? []) {
      if (seen.has(b.credentialId)) continue;
      seen.add(b.credentialId);
      try {
        tokens.push(crypto.decrypt(b.tokenEncrypted));
      } catch {
        // Stored with another key: this token cannot be used; another one may.
        log.warn({ seriesId, credentialId: b.credentialId }, 'moj-elektro credential unreadable');
      }
    }
  }
  const usagePoint = devices.find((d) => d.gsrn)?.gsrn ?? series.eimm;
  const stats = (await repo.stats([seriesId])).get(seriesId);
  const range = importRange(stats?.lastMs ?? null, deps.now());
  const chunks = monthChunks(range.from, range.to);
  await repo.updateSeriesDevices(seriesId, {
    importStatus: 'RUNNING',
    importMonthsDone: 0,
    importMonthsTotal: chunks.length,
    importError: null,
  });
  const client = await deps.client();
  let lastError: unknown = new MojElektroError('TOKEN_REJECTED', 'no token bound to the series');
  for (const token of tokens) {
    try {
      await refreshConsumerInfo(deps, client, token, devices);
      let done = 0;
      for (const chunk of chunks) {
        const readings = await client.meterReadings(token, usagePoint, chunk.start, chunk.end);
        await repo.upsertReadings(seriesId, readingRows(readings));
        done++;
        await repo.updateSeriesDevices(seriesId, { importMonthsDone: done });
      }
      await repo.updateSeriesDevices(seriesId, {
        importStatus: 'DONE',
        importError: null,
        lastImportAt: deps.now(),
      });
      return;
    } catch (error) {
      lastError = error;
      // Another token may still read the point; anything else fails the run.
      if (
        !(error instanceof MojElektroError) ||
        (error.code !== 'TOKEN_REJECTED' && error.code !== 'FORBIDDEN')
      ) {
        break;
      }
    }
  }
  const key =
    lastError instanceof MojElektroError ? mojElektroErrorKey(lastError.code) : IMPORT_FAILED_KEY;
  log.warn(
    { seriesId, code: lastError instanceof MojElektroError ? lastError.code : 'INTERNAL' },
    'moj-elektro import failed',
  );
  await repo.updateSeriesDevices(seriesId, { importStatus: 'FAILED', importError: key });
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/** Re-reads the metering place and point of the series' devices and stores changed consumer info. */
async function refreshConsumerInfo(
  deps: ImportDeps,
  client: MojElektroClient,
  token: string,
  devices: Awaited<ReturnType<MojElektroRepository['devicesOfSeries']>>,
): Promise<void> {
  const first = devices[0];
  if (!first) return;
  const { info } = await readConsumerInfo(client, token, first.gsrn ?? first.eimm, first.mtGsrn);
  for (const d of devices) {
    const old = d.consumerInfo as { hash?: string } | null;
    if (old?.hash === info.hash) continue;
    await deps.repo.updateDevice(d.id, {
      consumerInfo: info,
      consumerInfoAt: deps.now(),
      tariffsCount: info.tariffsCount,
    });
  }
}
