import { describe, expect, it } from 'vitest';
import { clearSkyIrradiance, sunPosition, sunTracker } from './sun.ts';

const LJUBLJANA = { lat: 46.05, lon: 14.51 };

describe('sunPosition', () => {
  it('puts the sun near 67.4° at solar noon on the June solstice at 46° N (90 − 46 + 23.44)', () => {
    // Solar noon in Ljubljana ≈ 12:00 − 14.51°·4 min − EoT ≈ 11:00 UTC.
    const noon = Date.UTC(2026, 5, 21, 11, 0);
    const { elevationDeg, azimuthDeg } = sunPosition(noon, LJUBLJANA.lat, LJUBLJANA.lon);
    expect(elevationDeg).toBeGreaterThan(67);
    expect(elevationDeg).toBeLessThan(67.6);
    expect(azimuthDeg).toBeGreaterThan(170);
    expect(azimuthDeg).toBeLessThan(190);
  });

  it('puts the sun near 20.6° at noon on the December solstice (90 − 46 − 23.44)', () => {
    const noon = Date.UTC(2026, 11, 21, 11, 0);
    const { elevationDeg } = sunPosition(noon, LJUBLJANA.lat, LJUBLJANA.lon);
    expect(elevationDeg).toBeGreaterThan(20.3);
    expect(elevationDeg).toBeLessThan(21.2);
  });

  it('is below the horizon at midnight, rises in the east and sets in the west', () => {
    expect(
      sunPosition(Date.UTC(2026, 5, 21, 23, 0), LJUBLJANA.lat, LJUBLJANA.lon).elevationDeg,
    ).toBeLessThan(-15);
    const morning = sunPosition(Date.UTC(2026, 2, 20, 6, 0), LJUBLJANA.lat, LJUBLJANA.lon);
    expect(morning.azimuthDeg).toBeGreaterThan(80);
    expect(morning.azimuthDeg).toBeLessThan(110);
    const evening = sunPosition(Date.UTC(2026, 2, 20, 16, 30), LJUBLJANA.lat, LJUBLJANA.lon);
    expect(evening.azimuthDeg).toBeGreaterThan(250);
    expect(evening.azimuthDeg).toBeLessThan(280);
  });

  it('matches NOAA sunrise at Ljubljana on 2026-06-21 (≈ 03:11 UTC) within a few minutes', () => {
    // Elevation crosses −0.833° (upper limb with refraction) near 05:11 local summer time.
    const at = (minute: number) =>
      sunPosition(Date.UTC(2026, 5, 21, 3, minute), LJUBLJANA.lat, LJUBLJANA.lon).elevationDeg;
    expect(at(5)).toBeLessThan(0);
    expect(at(20)).toBeGreaterThan(0);
  });

  it('tracker agrees with the exact position within 0.05°', () => {
    const track = sunTracker(LJUBLJANA.lat, LJUBLJANA.lon);
    for (let m = 0; m < 24 * 60; m += 37) {
      const t = Date.UTC(2026, 3, 10) + m * 60_000;
      const exact = sunPosition(t, LJUBLJANA.lat, LJUBLJANA.lon);
      const fast = track(t);
      expect(Math.abs(fast.elevationDeg - exact.elevationDeg)).toBeLessThan(0.05);
    }
  });
});

describe('clearSkyIrradiance', () => {
  it('is zero at night and near 1000 W/m² on a south-facing 35° plane at a high sun', () => {
    expect(clearSkyIrradiance(sunPosition(Date.UTC(2026, 5, 21, 23), 46, 14), 35, 180).poa).toBe(0);
    const { poa, ghi } = clearSkyIrradiance(
      sunPosition(Date.UTC(2026, 3, 20, 11), 46, 14),
      35,
      180,
    );
    expect(poa).toBeGreaterThan(900);
    expect(poa).toBeLessThan(1150);
    expect(ghi).toBeLessThan(poa);
  });
});
