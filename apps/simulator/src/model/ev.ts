/**
 * EV charging sessions. Each local day draws (from the seed) whether a car arrives, when, how much energy it wants
 * and at what power it charges (the car's on-board charger: 7.4 or 11 kW, never above the wallbox). The car charges
 * at that power from arrival until the energy is delivered or it leaves. Stateless: the power at any instant is
 * found from today's and yesterday's sessions.
 */
import { uniform } from './random.ts';
import type { LocalTime } from './time.ts';

/** Where the charger is: at home cars arrive in the evening; at work in the morning on weekdays. */
export type EvPattern = 'home' | 'work';

/** A charger's settings. */
export interface EvSpec {
  pattern: EvPattern;
  /** The wallbox's limit, W. */
  maxW: number;
  /** Probability that a car plugs in on a weekday (weekends: less). */
  weekdayProbability: number;
  /** A broken charger never charges (the seed marks one with status ERROR). */
  broken?: boolean;
}

/** One day's session, in local hours from that day's midnight. */
export interface EvSession {
  arrivalHour: number;
  departureHour: number;
  energyWh: number;
  powerW: number;
}

/** The session of local day `dayIndex` (weekday 0 = Sunday), or null if no car comes. */
export function evSession(
  seed: number,
  stream: number,
  spec: EvSpec,
  dayIndex: number,
  weekday: number,
): EvSession | null {
  if (spec.broken) return null;
  const draw = (k: number) => uniform(seed, stream, dayIndex * 8 + k);
  const weekend = weekday === 0 || weekday === 6;
  const probability =
    spec.pattern === 'home'
      ? weekend
        ? spec.weekdayProbability * 0.6
        : spec.weekdayProbability
      : weekend
        ? 0.05
        : spec.weekdayProbability;
  if (draw(0) >= probability) return null;
  const powerW = Math.min(spec.maxW, draw(1) < 0.4 ? 7400 : 11_000);
  if (spec.pattern === 'home') {
    const arrivalHour = 16.5 + 5 * draw(2); // 16:30–21:30
    return {
      arrivalHour,
      departureHour: 24 + 6.5 + draw(3), // 06:30–07:30 next morning
      energyWh: 5000 + 25_000 * draw(4) ** 1.5,
      powerW,
    };
  }
  const arrivalHour = 7 + 2.5 * draw(2); // 07:00–09:30
  return {
    arrivalHour,
    departureHour: arrivalHour + 7 + 3 * draw(3),
    energyWh: 6000 + 22_000 * draw(4),
    powerW,
  };
}

/** The charger's power (W, ≥ 0) at a local time: today's or yesterday's session if one is charging. */
export function evPowerW(seed: number, stream: number, spec: EvSpec, local: LocalTime): number {
  for (const back of [0, 1]) {
    const session = evSession(
      seed,
      stream,
      spec,
      local.dayIndex - back,
      (local.weekday + 7 - back) % 7,
    );
    if (!session) continue;
    const hoursIn = local.hour + 24 * back - session.arrivalHour;
    const chargingHours = Math.min(
      session.energyWh / session.powerW,
      session.departureHour - session.arrivalHour,
    );
    if (hoursIn >= 0 && hoursIn < chargingHours) return session.powerW;
  }
  return 0;
}
