import type { SpotPrice } from '@ec/contract';

/** One local hour of a day: its quarter hours' average (for the table, and the cheapest/dearest marks). */
export interface SpotHour {
  /** Local start "HH:MM" (a repeated hour on the autumn DST day shows twice, with its own offset). */
  label: string;
  startMs: number;
  /** Average per MWh of the quarter hours in it. */
  pricePerMwh: number;
}

/** One local day of prices. */
export interface SpotDay {
  /** YYYY-MM-DD in the zone. */
  date: string;
  quarters: { startMs: number; label: string; pricePerMwh: number }[];
  hours: SpotHour[];
  cheapest: SpotHour | null;
  dearest: SpotHour | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(ms: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The zone's calendar date of an instant (YYYY-MM-DD). */
export function localDate(ms: number, timeZone: string): string {
  return partsOf(ms, timeZone).date;
}

/** A date (YYYY-MM-DD) plus days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The prices of one local day, grouped into hours, with the cheapest and dearest hour. */
export function spotDay(prices: readonly SpotPrice[], date: string, timeZone: string): SpotDay {
  const quarters = prices
    .map((p) => ({ ms: Date.parse(p.start), price: Number(p.pricePerMwh) }))
    .filter((p) => localDate(p.ms, timeZone) === date)
    .map((p) => ({ startMs: p.ms, label: partsOf(p.ms, timeZone).time, pricePerMwh: p.price }));
  const hours: SpotHour[] = [];
  let bucket: typeof quarters = [];
  const flush = () => {
    const first = bucket[0];
    if (!first) return;
    const sum = bucket.reduce((s, q) => s + q.pricePerMwh, 0);
    hours.push({ label: first.label, startMs: first.startMs, pricePerMwh: sum / bucket.length });
    bucket = [];
  };
  for (const q of quarters) {
    // A new hour starts on the UTC hour (every zone of ours is a whole number of hours off UTC).
    if (bucket.length > 0 && q.startMs % 3_600_000 === 0) flush();
    bucket.push(q);
  }
  flush();
  let cheapest: SpotHour | null = null;
  let dearest: SpotHour | null = null;
  for (const hour of hours) {
    if (!cheapest || hour.pricePerMwh < cheapest.pricePerMwh) cheapest = hour;
    if (!dearest || hour.pricePerMwh > dearest.pricePerMwh) dearest = hour;
  }
  return { date, quarters, hours, cheapest, dearest };
}
