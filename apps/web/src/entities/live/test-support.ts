// Test helpers for live data: a controllable EventSource (jsdom has none) and contract-shaped answers.
import { vi } from 'vitest';
import type { FlowPowers, FlowTotals, GroupLive, LiveFlows, LocationLive } from '@ec/contract';

/** An EventSource the test drives: `emit` sends an event, `fail` an error; instances are recorded. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly url: string;
  readonly withCredentials: boolean;
  readyState = 0;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** Delivers an event (`data` is sent as JSON unless it is a string already). */
  emit(type: string, data: unknown): void {
    this.readyState = 1;
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: text }));
    }
  }

  /** An error; `final` as after a non-200 answer (the browser does not retry then). */
  fail(final = false): void {
    this.readyState = final ? 2 : 0;
    this.onerror?.(new Event('error'));
  }

  /** The newest instance that is not closed. */
  static latest(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((s) => !s.closed).at(-1);
  }
}

/** Installs {@link FakeEventSource} as the global EventSource (removed again after the test). */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** Sets document.visibilityState and tells the listeners. */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

export function testPowers(overrides: Partial<FlowPowers> = {}): FlowPowers {
  return {
    gridW: 1200,
    solarW: 3400,
    batteryW: -800,
    homeW: 3800,
    evW: null,
    hvacW: null,
    socPct: 64,
    ...overrides,
  };
}

export function testTotals(overrides: Partial<FlowTotals> = {}): FlowTotals {
  return {
    gridImportWh: 4200,
    gridExportWh: 1500,
    solarWh: 12_300,
    batteryChargeWh: 3000,
    batteryDischargeWh: 2100,
    consumptionWh: 14_100,
    evWh: 0,
    hvacWh: 0,
    selfSufficiencyPct: 70.2,
    selfConsumptionPct: 87.8,
    ...overrides,
  };
}

export function testFlows(overrides: Partial<LiveFlows> = {}): LiveFlows {
  return {
    time: '2026-11-25T11:59:58.000Z',
    current: testPowers(),
    intervalStart: '2026-11-25T11:45:00.000Z',
    average15m: testPowers({ gridW: 900 }),
    day: '2026-11-25',
    today: testTotals(),
    ...overrides,
  };
}

/** Location 12 with controller 9 (online) and a grid meter, a solar plant and a battery. */
export function testLocationLive(overrides: Partial<LocationLive> = {}): LocationLive {
  return {
    locationId: 12,
    timezone: 'Europe/Ljubljana',
    controllers: [
      {
        id: 9,
        alias: 'Garage controller',
        unitId: 'EC-00042',
        connected: true,
        lastSeenAt: '2026-11-25T11:59:58.000Z',
        firmware: '2.4.1',
        connection: 'wifi',
      },
    ],
    devices: [
      {
        id: 100,
        ref: 'grid',
        name: 'Main meter',
        category: 'GRID',
        controllerId: 9,
        time: '2026-11-25T11:59:58.000Z',
        values: { power_w: 1200, energy_import_wh: 5_432_100, energy_export_wh: 1_234_000 },
      },
      {
        id: 102,
        ref: 'pv1',
        name: 'Solar east',
        category: 'SOLAR_POWER_PLANT',
        controllerId: 9,
        time: '2026-11-25T11:59:58.000Z',
        values: { power_w: 3400, energy_import_wh: 8_800_000 },
      },
      {
        id: 103,
        ref: 'bat1',
        name: 'Home battery',
        category: 'BATTERY',
        controllerId: 9,
        time: '2026-11-25T11:59:58.000Z',
        values: { power_w: -800, soc_pct: 64, temperature_c: 21.5 },
      },
    ],
    flows: testFlows(),
    ...overrides,
  };
}

export function testGroupLive(overrides: Partial<GroupLive> = {}): GroupLive {
  return { groupId: 3, locationsCount: 4, onlineCount: 3, flows: testFlows(), ...overrides };
}
