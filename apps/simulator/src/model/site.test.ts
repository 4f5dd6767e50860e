import { telemetrySampleSchema } from '@ec/protocol';
import { describe, expect, it } from 'vitest';
import { Battery } from './battery.ts';
import { evPowerW, evSession } from './ev.ts';
import { heatPumpPowerW, heatingCop } from './heat-pump.ts';
import { KIT_DEVICES, KITS } from './kits.ts';
import { baseLoadW } from './loads.ts';
import { pvPowerW } from './pv.ts';
import { clearSkyIrradiance, sunPosition } from './sun.ts';
import { SiteModel, type SiteConfig } from './site.ts';
import { isoWithOffset, localTimeIn } from './time.ts';

const LESCE: SiteConfig = {
  kit: 'full',
  latitude: 46.359712,
  longitude: 14.158094,
  timezone: 'Europe/Ljubljana',
  seed: 42,
};
const DAY = 86_400_000;

function site(overrides: Partial<SiteConfig> & { startMs: number; stepS?: number }) {
  return new SiteModel({ ...LESCE, ...overrides });
}

describe('PV', () => {
  it('produces nothing at night', () => {
    const model = site({ startMs: Date.UTC(2026, 0, 10) });
    const pv = model.devices.findIndex((d) => d.ref === 'pv');
    for (let i = 0; i < 14 * 24 * 60; i++) {
      const elevation = sunPosition(
        model.timeMs + 30_000,
        LESCE.latitude,
        LESCE.longitude,
      ).elevationDeg;
      if (elevation < 0) expect(model.powerW[pv]).toBe(0);
      model.step();
    }
  });

  it('gives more at summer noon than at winter noon at 46° N (clear sky), and more in June than in December', () => {
    const spec = { kWp: 10, tiltDeg: 35, azimuthDeg: 180, inverterW: 10_000 };
    const noon = (month: number) => {
      const sun = sunPosition(Date.UTC(2026, month, 21, 11), 46, 14);
      return pvPowerW(spec, clearSkyIrradiance(sun, 35, 180).poa, month === 5 ? 25 : 0);
    };
    expect(noon(5)).toBeGreaterThan(noon(11));
    expect(noon(11)).toBeGreaterThan(0);

    const monthEnergy = (month: number) => {
      const model = site({ startMs: Date.UTC(2026, month, 1) });
      const pv = model.devices.findIndex((d) => d.ref === 'pv');
      model.advanceTo(Date.UTC(2026, month + 1, 1));
      return model.importWh[pv] ?? 0;
    };
    const june = monthEnergy(5);
    const december = monthEnergy(11);
    expect(june).toBeGreaterThan(2 * december);
    // 9.84 kWp in June in the Alps: roughly 1.1–1.8 MWh.
    expect(june).toBeGreaterThan(1_000_000);
    expect(june).toBeLessThan(1_900_000);
  });
});

describe('site balance and counters', () => {
  it('balances the grid at every step: grid = load + ev + hp + other + charge − pv − discharge', () => {
    for (const kit of ['meter', 'home', 'full', 'business'] as const) {
      const model = site({ kit, startMs: Date.UTC(2026, 3, 1) });
      const grid = model.devices.findIndex((d) => d.ref === 'grid');
      for (let i = 0; i < 3 * 24 * 60; i++) {
        const b = model.balance;
        const charge = Math.max(0, -b.batteryW);
        const discharge = Math.max(0, b.batteryW);
        const expected = b.loadW + b.evW + b.hpW + b.otherW + charge - b.pvW - discharge;
        expect(b.gridW).toBeCloseTo(expected, 6);
        expect(model.powerW[grid]).toBeCloseTo(expected, 6);
        // The reported devices sum up too (load is the unmetered remainder).
        let reported = 0;
        model.devices.forEach((d, k) => {
          const p = model.powerW[k] ?? 0;
          if (d.role === 'pv' || d.role === 'battery') reported -= p;
          else if (d.role === 'ev' || d.role === 'hp' || d.role === 'pool') reported += p;
        });
        expect(b.gridW).toBeCloseTo(b.loadW + reported, 6);
        model.step();
      }
    }
  });

  it('keeps counters monotonic (also between grid instants) and integrates power with the sign convention', () => {
    const model = site({ startMs: Date.UTC(2026, 4, 3) });
    const previous = new Map<string, { imp: number; exp: number }>();
    let exported = false;
    const end = model.timeMs + 2 * DAY;
    for (let t = model.timeMs; t < end; t += 20_000) {
      model.advanceTo(t);
      const values = model.valuesAt(t, true);
      for (const [ref, v] of Object.entries(values)) {
        const before = previous.get(ref);
        const now = {
          imp: v.energy_import_wh ?? Number.NaN,
          exp: v.energy_export_wh ?? Number.NaN,
        };
        if (before) {
          expect(now.imp).toBeGreaterThanOrEqual(before.imp);
          expect(now.exp).toBeGreaterThanOrEqual(before.exp);
        }
        previous.set(ref, now);
      }
      if ((values.grid?.power_w ?? 0) < -100) exported = true;
      if (t % 600_000 === 0) {
        const sample = { time: new Date(t).toISOString(), values };
        expect(telemetrySampleSchema.safeParse(sample).success).toBe(true);
      }
    }
    expect(exported).toBe(true);
    // PV counts only in the + direction (production), a battery both ways, the grid both ways in May.
    expect(previous.get('pv')?.exp).toBe(0);
    expect(previous.get('pv')?.imp).toBeGreaterThan(10_000);
    expect(previous.get('battery')?.imp).toBeGreaterThan(0);
    expect(previous.get('battery')?.exp).toBeGreaterThan(0);
    expect(previous.get('grid')?.exp).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed gives the same values, another seed others', () => {
    const run = (seed: number | string) => {
      const model = site({ seed, startMs: Date.UTC(2026, 6, 1) });
      model.advanceTo(Date.UTC(2026, 6, 8));
      return [...model.importWh, ...model.exportWh, model.socPct];
    };
    expect(run(7)).toEqual(run(7));
    expect(run('demo')).toEqual(run('demo'));
    expect(run(7)).not.toEqual(run(8));
  });

  it('gives the same state at a grid instant whatever instant the caller advanced through', () => {
    const a = site({ startMs: Date.UTC(2026, 1, 1) });
    const b = site({ startMs: Date.UTC(2026, 1, 1) });
    a.advanceTo(Date.UTC(2026, 1, 3));
    for (let t = Date.UTC(2026, 1, 1); t <= Date.UTC(2026, 1, 3); t += 7_777) b.advanceTo(t);
    b.advanceTo(Date.UTC(2026, 1, 3));
    expect(Array.from(b.importWh)).toEqual(Array.from(a.importWh));
  });

  it('meets the kits’ yearly consumption within reason', () => {
    const tz = localTimeIn('Europe/Ljubljana');
    let wh = 0;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000) {
      wh += baseLoadW(1, 1, 'household', 4000, tz(t), t) / 4;
    }
    expect(wh / 1000).toBeGreaterThan(3600);
    expect(wh / 1000).toBeLessThan(4600);
  });
});

describe('battery', () => {
  it('stays within its SoC window and conserves energy within its efficiency over a year', () => {
    const model = site({ startMs: Date.UTC(2026, 0, 1), stepS: 300 });
    const index = model.devices.findIndex((d) => d.ref === 'battery');
    const spec = KITS.full.devices.find((d) => d.role === 'battery');
    if (spec?.role !== 'battery') throw new Error('no battery in the full kit');
    const { capacityWh, efficiency, minSocPct, maxSocPct, maxChargeW, maxDischargeW } =
      spec.battery;
    const startWh = ((model.socPct ?? 0) * capacityWh) / 100;
    let [lowSoc, highSoc, highCharge, highDischarge] = [100, 0, 0, 0];
    for (let i = 0; i < 365 * 24 * 12; i++) {
      const soc = model.socPct ?? 0;
      const p = model.powerW[index] ?? 0;
      lowSoc = Math.min(lowSoc, soc);
      highSoc = Math.max(highSoc, soc);
      highDischarge = Math.max(highDischarge, p);
      highCharge = Math.max(highCharge, -p);
      model.step();
    }
    expect(lowSoc).toBeGreaterThanOrEqual(minSocPct - 1e-6);
    expect(lowSoc).toBeLessThan(minSocPct + 1); // it does reach the bottom …
    expect(highSoc).toBeLessThanOrEqual(maxSocPct + 1e-6);
    expect(highSoc).toBeGreaterThan(maxSocPct - 1); // … and the top
    expect(highDischarge).toBeLessThanOrEqual(maxDischargeW + 1e-6);
    expect(highCharge).toBeLessThanOrEqual(maxChargeW + 1e-6);
    const endWh = ((model.socPct ?? 0) * capacityWh) / 100;
    const charged = model.exportWh[index] ?? 0; // − direction = charge
    const discharged = model.importWh[index] ?? 0;
    expect(endWh - startWh).toBeCloseTo(charged * efficiency - discharged / efficiency, 3);
    expect(charged).toBeGreaterThan(1_000_000); // it really cycles (> 1 MWh a year)
  });

  it('charges from surplus and discharges to cover load, never beyond its limits', () => {
    const battery = new Battery(
      {
        capacityWh: 1000,
        maxChargeW: 500,
        maxDischargeW: 400,
        efficiency: 0.9,
        minSocPct: 10,
        maxSocPct: 90,
      },
      50,
    );
    expect(battery.dispatch(2000, 60)).toBe(-500);
    expect(battery.dispatch(-2000, 60)).toBe(400);
    expect(battery.dispatch(10, 60)).toBe(0);
    for (let i = 0; i < 600; i++) battery.apply(battery.dispatch(2000, 60), 60);
    expect(battery.socPct).toBeCloseTo(90, 6);
    for (let i = 0; i < 600; i++) battery.apply(battery.dispatch(-2000, 60), 60);
    expect(battery.socPct).toBeCloseTo(10, 6);
  });
});

describe('heat pump and EV', () => {
  it('draws more at −5 °C than at 15 °C (more heat needed, lower COP)', () => {
    const spec = KITS.home.devices.find((d) => d.role === 'hp');
    if (spec?.role !== 'hp') throw new Error('no heat pump');
    const local = { hour: 14, weekday: 3, dayOfYear: 20, dayIndex: 20_000, offsetMin: 60 };
    const cold = heatPumpPowerW(spec.hp, local, -5, 0);
    const mild = heatPumpPowerW(spec.hp, local, 15, 0);
    expect(cold).toBeGreaterThan(1000);
    expect(mild).toBeLessThan(cold / 3);
    expect(heatingCop(-5)).toBeLessThan(heatingCop(15));
  });

  it('charges cars in the evening at 7.4 or 11 kW until the energy is delivered', () => {
    const spec = { pattern: 'home' as const, maxW: 11_000, weekdayProbability: 0.5 };
    const tz = localTimeIn('Europe/Ljubljana');
    let sessions = 0;
    for (let day = 0; day < 60; day++) {
      const start = Date.UTC(2026, 2, 1) + day * DAY;
      const local = tz(start + 12 * 3_600_000);
      const session = evSession(7, 5, spec, local.dayIndex, local.weekday);
      if (!session) continue;
      sessions++;
      expect(session.arrivalHour).toBeGreaterThanOrEqual(16.5);
      expect([7400, 11_000]).toContain(session.powerW);
      let wh = 0;
      for (let t = start; t < start + 2 * DAY; t += 60_000) {
        const l = tz(t);
        if (l.dayIndex !== local.dayIndex && l.dayIndex !== local.dayIndex + 1) continue;
        // Only this session: skip the next day's own session.
        const next = evSession(7, 5, spec, local.dayIndex + 1, (local.weekday + 1) % 7);
        if (next && l.dayIndex === local.dayIndex + 1 && l.hour >= next.arrivalHour) continue;
        wh += evPowerW(7, 5, spec, l) / 60;
      }
      expect(wh).toBeGreaterThan(session.energyWh - session.powerW / 60 - 1);
      expect(wh).toBeLessThan(session.energyWh + session.powerW / 60 + 1);
    }
    expect(sessions).toBeGreaterThan(15);
  });
});

describe('kits and time', () => {
  it('lists the seed’s devices with refs in the seed’s order', () => {
    expect(KIT_DEVICES.full.map((d) => d.ref)).toEqual([
      'grid',
      'pv',
      'inverter',
      'battery',
      'ev',
      'hp',
      'pool',
    ]);
    expect(KIT_DEVICES.business.map((d) => d.name)).toEqual([
      'Grid meter',
      'PV plant',
      'Battery storage',
      'EV charger 1',
      'EV charger 2',
      'Air conditioning',
    ]);
  });

  it('knows local time across daylight saving time and writes ISO times with the offset', () => {
    const tz = localTimeIn('Europe/Ljubljana');
    expect(tz(Date.UTC(2026, 0, 15, 12)).hour).toBe(13);
    expect(tz(Date.UTC(2026, 6, 15, 12)).hour).toBe(14);
    expect(tz(Date.UTC(2026, 6, 15, 12)).offsetMin).toBe(120);
    expect(tz(Date.UTC(2026, 0, 1, 12)).dayOfYear).toBe(0);
    expect(isoWithOffset(Date.UTC(2026, 6, 15, 12), 120)).toBe('2026-07-15T14:00:00+02:00');
  });
});
