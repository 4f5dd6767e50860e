// Deterministic day-ahead prices with a realistic daily shape, shared by the ENTSO-E and Octopus emulators: a night
// trough, a morning and a larger evening peak, a midday solar dip that grows towards summer (deep enough for
// negative quarter hours on some spring and summer days), lower prices at weekends. Seeded by zone and date, so the
// same request always answers the same prices and a test can recompute them.

/** FNV-1a over the text: a stable 32-bit seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A small deterministic generator (mulberry32) from a seed: numbers in [0, 1). */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant in an IANA zone. */
export function wallClock(instantMs: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const offsetMs =
    Date.UTC(year, month - 1, day, hour, minute) - Math.floor(instantMs / 60_000) * 60_000;
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    hour,
    minute,
    weekend: parts.weekday === 'Sat' || parts.weekday === 'Sun',
    offsetMs,
  };
}

/** The instant local midnight starts `date` (YYYY-MM-DD) in the zone. */
export function localMidnightMs(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const local = Date.UTC(y, m - 1, d);
  let guess = local - wallClock(local, timeZone).offsetMs;
  guess = local - wallClock(guess, timeZone).offsetMs;
  return guess;
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function bump(hour: number, centre: number, width: number): number {
  const x = (hour - centre) / width;
  return Math.exp(-x * x);
}

/**
 * The wholesale price (EUR/MWh, 2 decimals) of the quarter hour starting at `instantMs` in a zone whose market day
 * runs in `timeZone`. Same zone and date → same day level; each quarter hour adds a little noise, and now and then a
 * quarter hour repeats the previous one (so curve type A03 has positions to omit).
 */
export function quarterHourPrice(zone: string, instantMs: number, timeZone: string): number {
  const clock = wallClock(instantMs, timeZone);
  const day = randomOf(seedOf(`${zone}|${clock.date}`));
  const level = 70 + day() * 60; // 70–130
  const solarSeason =
    Math.max(0, Math.sin(((dayOfYear(clock) - 80) / 365) * 2 * Math.PI) + 0.35) / 1.35;
  const solarDepth = (20 + 150 * solarSeason) * (0.5 + day());
  const weekend = clock.weekend ? 0.78 : 1;
  const hour = clock.hour + clock.minute / 60;
  const shape =
    level * weekend -
    30 * bump(hour, 3.5, 2.5) +
    45 * weekend * bump(hour, 8, 1.6) +
    70 * weekend * bump(hour, 19.5, 2) -
    solarDepth * bump(hour, 13, 2.6);
  const slot = randomOf(seedOf(`${zone}|${instantMs}`));
  const noise = (slot() - 0.5) * 8;
  return Math.round((shape + noise) * 100) / 100;
}

function dayOfYear(clock: { year: number; month: number; day: number }): number {
  return (
    (Date.UTC(clock.year, clock.month - 1, clock.day) - Date.UTC(clock.year, 0, 1)) / 86_400_000 + 1
  );
}

/**
 * The prices of every quarter hour in [fromMs, toMs) (aligned to quarter hours), with the occasional repeat of the
 * previous quarter hour's price (about one in twelve) that real 15-minute days show.
 */
export function quarterHourPrices(
  zone: string,
  fromMs: number,
  toMs: number,
  timeZone: string,
): { startMs: number; price: number }[] {
  const out: { startMs: number; price: number }[] = [];
  for (let t = fromMs; t < toMs; t += 900_000) {
    const previous = out.at(-1);
    const repeat = previous !== undefined && seedOf(`${zone}|repeat|${t}`) % 12 === 0;
    out.push({ startMs: t, price: repeat ? previous.price : quarterHourPrice(zone, t, timeZone) });
  }
  return out;
}
