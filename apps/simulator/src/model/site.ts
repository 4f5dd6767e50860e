/**
 * One location's devices, stepped on a fixed time grid. Each step of `stepS` seconds (aligned to multiples of the
 * step since 1970, so any two runs share the grid) has constant powers; counters integrate them. The state at a
 * grid instant depends only on the start instant, the seed and the place — never on the wall clock.
 *
 * The balance at every step: consumption = base load + EV + heat pumps + other; the battery dispatches against
 * PV surplus (self-consumption); grid = consumption − PV − battery (battery + discharge / − charge), i.e.
 * grid = load + ev + hp + battery_charge − pv − battery_discharge.
 */
import type { TelemetryValues } from '@ec/protocol';
import { Battery } from './battery.ts';
import { evPowerW } from './ev.ts';
import { heatPumpPowerW } from './heat-pump.ts';
import { KITS, type KitDeviceSpec, type KitName } from './kits.ts';
import { baseLoadW } from './loads.ts';
import { pvPowerW } from './pv.ts';
import { hashString, mix, toSeed, valueNoise } from './random.ts';
import { clearSkyIrradiance, sunTracker, type SunPosition } from './sun.ts';
import { localTimeIn, type LocalTime } from './time.ts';
import { clearness, dailyCloudiness, outdoorTemperature } from './weather.ts';

/** Where and what a site is. */
export interface SiteConfig {
  kit: KitName;
  latitude: number;
  longitude: number;
  /** IANA time zone of the location (load profiles follow local time). */
  timezone: string;
  /** The run's seed; each site derives its own from it and its coordinates. */
  seed: number | string;
}

/** Options of a site model. */
export interface SiteModelOptions extends SiteConfig {
  /** The first step starts at this instant floored to the step grid (ms since 1970). */
  startMs: number;
  /** Step length in seconds (default 60). */
  stepS?: number;
  /** State of charge of a battery at the start (default 50). */
  initialSocPct?: number;
}

/** The internal balance of one step (W), for tests and the history generator. */
export interface StepBalance {
  loadW: number;
  pvW: number;
  evW: number;
  hpW: number;
  otherW: number;
  /** + discharge / − charge. */
  batteryW: number;
  /** + import / − export. */
  gridW: number;
  outdoorC: number;
}

const DEFAULT_STEP_S = 60;
const STREAM_LOAD = 1;
const STREAM_JITTER = 9;

/** A site's state stepped through time. */
export class SiteModel {
  readonly kit: KitName;
  readonly devices: readonly KitDeviceSpec[];
  readonly stepS: number;
  readonly stepMs: number;
  /** Start of the current step (ms since 1970). */
  timeMs: number;
  /** Powers of the current step by device index (protocol sign convention). */
  readonly powerW: Float64Array;
  /** Counters at the start of the current step by device index, Wh. */
  readonly importWh: Float64Array;
  readonly exportWh: Float64Array;
  /** Temperature reported by each device during the current step (NaN: none). */
  readonly temperatureC: Float64Array;
  /** The current step's balance. */
  readonly balance: StepBalance = {
    loadW: 0,
    pvW: 0,
    evW: 0,
    hpW: 0,
    otherW: 0,
    batteryW: 0,
    gridW: 0,
    outdoorC: 0,
  };
  /** The local time at the current step's start. */
  local: LocalTime;

  private readonly config: SiteConfig;
  private readonly seed: number;
  private readonly weatherSeed: number;
  private readonly localTime: (timeMs: number) => LocalTime;
  private readonly sun: (timeMs: number) => SunPosition;
  private readonly battery: Battery | null;
  private readonly batteryIndex: number;
  private readonly gridIndex: number;
  private readonly streams: Int32Array;

  constructor(options: SiteModelOptions) {
    const spec = KITS[options.kit];
    this.kit = options.kit;
    this.config = options;
    this.devices = spec.devices;
    this.stepS = options.stepS ?? DEFAULT_STEP_S;
    if (!(this.stepS > 0) || !Number.isInteger(this.stepS))
      throw new RangeError('stepS must be a positive integer');
    this.stepMs = this.stepS * 1000;
    const base = toSeed(options.seed);
    this.seed = mix(base, hashString(`${options.kit}@${options.latitude},${options.longitude}`));
    // Weather is shared by sites in the same 1° cell, so neighbouring locations see the same clouds.
    this.weatherSeed = mix(
      base,
      Math.round(options.latitude) + 1000,
      Math.round(options.longitude) + 1000,
    );
    this.localTime = localTimeIn(options.timezone);
    this.sun = sunTracker(options.latitude, options.longitude);
    const n = this.devices.length;
    this.powerW = new Float64Array(n);
    this.importWh = new Float64Array(n);
    this.exportWh = new Float64Array(n);
    this.temperatureC = new Float64Array(n).fill(Number.NaN);
    this.streams = Int32Array.from(this.devices, (device) => hashString(device.ref) & 0xffff);
    this.batteryIndex = this.devices.findIndex((device) => device.role === 'battery');
    this.gridIndex = this.devices.findIndex((device) => device.role === 'grid');
    const batteryDevice = this.devices[this.batteryIndex];
    this.battery =
      batteryDevice?.role === 'battery'
        ? new Battery(batteryDevice.battery, options.initialSocPct ?? 50)
        : null;
    this.timeMs = Math.floor(options.startMs / this.stepMs) * this.stepMs;
    this.local = this.localTime(this.timeMs);
    this.computeStep();
  }

  /** State of charge of the battery at the current step's start (%), or null without a battery. */
  get socPct(): number | null {
    return this.battery ? this.battery.socPct : null;
  }

  /** Sets every counter to 0 (a controller starting after its warm-up: the cloud sees a counter reset). */
  resetCounters(): void {
    this.importWh.fill(0);
    this.exportWh.fill(0);
  }

  /** Steps forward until `timeMs` lies in the current step. Never steps back. */
  advanceTo(timeMs: number): void {
    while (timeMs >= this.timeMs + this.stepMs) this.step();
  }

  /** Books the current step (counters, battery) and computes the next one. */
  step(): void {
    const hours = this.stepS / 3600;
    for (let i = 0; i < this.powerW.length; i++) {
      const p = this.powerW[i] ?? 0;
      if (p > 0) this.importWh[i] = (this.importWh[i] ?? 0) + p * hours;
      else if (p < 0) this.exportWh[i] = (this.exportWh[i] ?? 0) - p * hours;
    }
    if (this.battery) this.battery.apply(this.balance.batteryW, this.stepS);
    this.timeMs += this.stepMs;
    this.local = this.localTime(this.timeMs);
    this.computeStep();
  }

  /**
   * Every device's values at `timeMs` (which must lie in the current step; call `advanceTo` first): counters
   * interpolated within the step, so they rise monotonically between grid instants. With `jitter`, powers get a
   * few per cent of fast noise (what a live view at 2-second resolution shows); the grid still balances.
   */
  valuesAt(timeMs: number, jitter = false): Record<string, TelemetryValues> {
    const elapsedH = Math.min(Math.max(0, timeMs - this.timeMs), this.stepMs) / 3_600_000;
    let gridDelta = 0;
    const powers = Array.from(this.powerW);
    if (jitter) {
      for (let i = 0; i < this.devices.length; i++) {
        const device = this.devices[i];
        if (!device || device.role === 'grid' || device.role === 'battery') continue;
        const p = powers[i] ?? 0;
        const noise = 0.03 * valueNoise(this.seed, STREAM_JITTER + i, timeMs / 4000);
        const jittered = p * (1 + noise);
        powers[i] = jittered;
        if (device.role === 'pv') gridDelta -= jittered - p;
        else if (device.role !== 'inverter') gridDelta += jittered - p;
      }
      // The unmetered base load flickers too (it is only visible through the grid meter).
      gridDelta += 0.04 * this.balance.loadW * valueNoise(this.seed, STREAM_JITTER, timeMs / 3000);
      if (this.gridIndex >= 0) powers[this.gridIndex] = (powers[this.gridIndex] ?? 0) + gridDelta;
    }
    const values: Record<string, TelemetryValues> = {};
    for (let i = 0; i < this.devices.length; i++) {
      const device = this.devices[i];
      if (!device) continue;
      const p = this.powerW[i] ?? 0;
      const v: TelemetryValues = {
        power_w: Math.round(powers[i] ?? 0),
        energy_import_wh: round1((this.importWh[i] ?? 0) + Math.max(0, p) * elapsedH),
        energy_export_wh: round1((this.exportWh[i] ?? 0) + Math.max(0, -p) * elapsedH),
      };
      if (i === this.batteryIndex && this.battery) {
        const spec = this.battery.spec;
        const deltaWh = p < 0 ? -p * spec.efficiency * elapsedH : (-p / spec.efficiency) * elapsedH;
        v.soc_pct = round1(((this.battery.storedWh + deltaWh) / spec.capacityWh) * 100);
      }
      const t = this.temperatureC[i] ?? Number.NaN;
      if (!Number.isNaN(t)) v.temperature_c = round1(t);
      values[device.ref] = v;
    }
    return values;
  }

  private computeStep(): void {
    const { latitude, longitude } = this.config;
    const t = this.timeMs;
    const mid = t + this.stepMs / 2;
    const local = this.local;
    const cloud = dailyCloudiness(this.weatherSeed, local.dayIndex, local.dayOfYear);
    const solarHour = (((((mid / 3_600_000) % 24) + longitude / 15) % 24) + 24) % 24;
    const outdoorC = outdoorTemperature(
      this.weatherSeed,
      latitude,
      local.dayIndex,
      local.dayOfYear,
      solarHour,
      cloud,
    );
    const spec = KITS[this.kit];
    const loadW = baseLoadW(
      this.seed,
      STREAM_LOAD,
      spec.load.profile,
      spec.load.annualKWh,
      local,
      t,
    );

    let sun: SunPosition | null = null;
    let pvW = 0;
    let evW = 0;
    let hpW = 0;
    let otherW = 0;
    const power = this.powerW;
    const temperature = this.temperatureC;
    for (let i = 0; i < this.devices.length; i++) {
      const device = this.devices[i];
      if (!device) continue;
      const stream = this.streams[i] ?? 0;
      switch (device.role) {
        case 'pv': {
          sun ??= this.sun(mid);
          let p = 0;
          if (sun.elevationDeg > 0) {
            const clear = clearness(this.weatherSeed, cloud, mid);
            const { poa } = clearSkyIrradiance(sun, device.pv.tiltDeg, device.pv.azimuthDeg);
            p = pvPowerW(device.pv, poa * clear, outdoorC);
          }
          power[i] = p;
          pvW += p;
          break;
        }
        case 'ev': {
          const p = evPowerW(this.seed, stream, device.ev, local);
          power[i] = p;
          evW += p;
          break;
        }
        case 'hp': {
          const p = heatPumpPowerW(device.hp, local, outdoorC, t);
          power[i] = p;
          hpW += p;
          temperature[i] = outdoorC;
          break;
        }
        case 'pool': {
          const summer = local.dayOfYear >= 120 && local.dayOfYear < 270;
          const running = summer && local.hour >= 10 && local.hour < 17;
          // Frost protection: a short run before dawn when it freezes.
          const frost = !summer && outdoorC < 1 && local.hour >= 4 && local.hour < 5;
          const p =
            running || frost
              ? device.powerW * (0.95 + (0.1 * ((stream + local.dayIndex) % 7)) / 7)
              : 0;
          power[i] = p;
          otherW += p;
          break;
        }
        default:
          break;
      }
    }
    const consumption = loadW + evW + hpW + otherW;
    const batteryW = this.battery ? this.battery.dispatch(pvW - consumption, this.stepS) : 0;
    const gridW = consumption - pvW - batteryW;
    for (let i = 0; i < this.devices.length; i++) {
      const device = this.devices[i];
      if (!device) continue;
      if (device.role === 'grid') power[i] = gridW;
      else if (device.role === 'battery') {
        power[i] = batteryW;
        temperature[i] =
          18 + 0.25 * outdoorC + (6 * Math.abs(batteryW)) / device.battery.maxDischargeW;
      } else if (device.role === 'inverter') {
        // A hybrid inverter carries its PV and (in the full kit) the battery behind it.
        const ac = pvW + batteryW;
        power[i] = ac;
        temperature[i] = 22 + 0.4 * outdoorC + (18 * Math.abs(ac)) / device.ratedW;
      }
    }
    const b = this.balance;
    b.loadW = loadW;
    b.pvW = pvW;
    b.evW = evW;
    b.hpW = hpW;
    b.otherW = otherW;
    b.batteryW = batteryW;
    b.gridW = gridW;
    b.outdoorC = outdoorC;
  }
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
