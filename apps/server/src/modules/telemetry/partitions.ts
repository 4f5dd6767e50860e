import { queryRows, sql, type Db } from '@ec/db';

/*
 * Time partitions of the telemetry tables (docs/telemetry.md): `reading` by UTC day (`reading_YYYYMMDD`), dropped
 * after the raw retention; `interval_15m` by UTC month (`interval_15m_YYYYMM`), kept. Declarative partitioning runs
 * on PGlite and PostgreSQL alike (no pg_partman: PGlite lacks it). There is no DEFAULT partition, so every row needs
 * its partition to exist first: the `telemetry.partitions` job creates them ahead, and ingest and roll-ups create
 * the ones they need on the fly (idempotent, safe when several instances race).
 */

const DAY_MS = 86_400_000;

/** Default number of days of raw readings kept (TELEMETRY_RAW_RETENTION_DAYS). */
export const DEFAULT_RAW_RETENTION_DAYS = 35;
/** Daily reading partitions created ahead of today (UTC). */
export const READING_DAYS_AHEAD = 3;

/** The UTC day of an instant as `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC month of an instant as `YYYY-MM`. */
export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** `reading_20261125` for `2026-11-25`. */
export function readingPartitionName(day: string): string {
  return `reading_${day.replaceAll('-', '')}`;
}

/** `interval_15m_202611` for `2026-11`. */
export function intervalPartitionName(month: string): string {
  return `interval_15m_${month.replace('-', '')}`;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-\d{2}$/;

/** Whether an error is PostgreSQL's "already exists" of a concurrent CREATE (duplicate table or catalog row). */
function isAlreadyExists(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '42P07' || code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Creates a partition unless it exists. When two instances race, the loser fails with duplicate_table (or a unique
 * violation on the catalog), which means the same: it exists. Returns whether this call created it. Never call it
 * inside a transaction (a failed statement would abort it).
 */
async function createPartition(db: Db, name: string, statement: string): Promise<boolean> {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass(${`public.${name}`}) is not null as found`,
  );
  if (exists?.found) return false;
  try {
    await db.execute(sql.raw(statement));
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/** Ensures the daily `reading` partitions of these UTC days (`YYYY-MM-DD`); returns the names it created. */
export async function ensureReadingPartitions(db: Db, days: Iterable<string>): Promise<string[]> {
  const created: string[] = [];
  for (const day of new Set(days)) {
    if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
    const name = readingPartitionName(day);
    const statement = `create table "${name}" partition of "reading" for values from ('${day}T00:00:00Z') to ('${addDays(day, 1)}T00:00:00Z')`;
    if (await createPartition(db, name, statement)) created.push(name);
  }
  return created;
}

/** Ensures the monthly `interval_15m` partitions of these UTC months (`YYYY-MM`); returns the names it created. */
export async function ensureIntervalPartitions(
  db: Db,
  months: Iterable<string>,
): Promise<string[]> {
  const created: string[] = [];
  for (const month of new Set(months)) {
    if (!MONTH_RE.test(month)) throw new Error(`not a month: ${month}`);
    const name = intervalPartitionName(month);
    const statement = `create table "${name}" partition of "interval_15m" for values from ('${month}-01T00:00:00Z') to ('${addMonths(month, 1)}-01T00:00:00Z')`;
    if (await createPartition(db, name, statement)) created.push(name);
  }
  return created;
}

/** What {@link ensurePartitions} needs. */
export interface EnsurePartitionsOptions {
  now: Date;
  /** Raw readings kept this many days: daily partitions from today − this to today + {@link READING_DAYS_AHEAD}. */
  rawRetentionDays: number;
  /** Monthly interval partitions from this many months back to next month (default 1). */
  historyMonths?: number;
}

/**
 * Creates the partitions the coming days need (idempotent): daily `reading` partitions covering the raw retention
 * window and {@link READING_DAYS_AHEAD} days ahead, monthly `interval_15m` partitions from `historyMonths` back to
 * next month. Returns the names it created.
 */
export async function ensurePartitions(
  db: Db,
  options: EnsurePartitionsOptions,
): Promise<{ created: string[] }> {
  const today = utcDay(options.now);
  const days: string[] = [];
  for (let offset = -options.rawRetentionDays; offset <= READING_DAYS_AHEAD; offset++) {
    days.push(addDays(today, offset));
  }
  const month = utcMonth(options.now);
  const months: string[] = [];
  for (let offset = -(options.historyMonths ?? 1); offset <= 1; offset++) {
    months.push(addMonths(month, offset));
  }
  const created = [
    ...(await ensureReadingPartitions(db, days)),
    ...(await ensureIntervalPartitions(db, months)),
  ];
  return { created };
}

/**
 * Drops the daily `reading` partitions wholly older than the retention: those of UTC days before
 * today − `rawRetentionDays` (a partition drop, not a DELETE: no bloat, no vacuum). Intervals and roll-ups stay.
 * Returns the names it dropped.
 */
export async function dropExpiredPartitions(
  db: Db,
  options: { now: Date; rawRetentionDays: number },
): Promise<{ dropped: string[] }> {
  const cutoff = readingPartitionName(addDays(utcDay(options.now), -options.rawRetentionDays));
  const partitions = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'public.reading'::regclass order by c.relname`,
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    // Names sort like their days; anything not named by us is left alone.
    if (!/^reading_\d{8}$/.test(name) || name >= cutoff) continue;
    await db.execute(sql.raw(`drop table if exists "${name}"`));
    dropped.push(name);
  }
  return { dropped };
}
