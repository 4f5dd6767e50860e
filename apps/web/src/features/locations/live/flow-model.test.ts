import { describe, expect, it } from 'vitest';
import { testPowers } from '../../../entities/live/test-support.ts';
import {
  advancePhase,
  dotPositions,
  flowDirection,
  flowEdges,
  flowSpeed,
  HUB,
  layoutNodes,
  MAX_SPEED,
  MIN_SPEED,
  presentNodes,
} from './flow-model.ts';

const none = testPowers({
  gridW: null,
  solarW: null,
  batteryW: null,
  homeW: null,
  evW: null,
  hvacW: null,
  socPct: null,
});

describe('presentNodes', () => {
  it('draws home always and the others when they have a value or a device of their category', () => {
    expect(presentNodes(none)).toEqual(['home']);
    expect(presentNodes(testPowers())).toEqual(['grid', 'solar', 'battery', 'home']);
    expect(presentNodes(none, new Set(['EV_CHARGER', 'HVAC', 'OTHER']))).toEqual([
      'home',
      'ev',
      'hvac',
    ]);
    expect(presentNodes({ ...none, socPct: 50 })).toEqual(['battery', 'home']);
  });
});

describe('layoutNodes', () => {
  it('keeps one branch level with home and spreads two above and below', () => {
    expect(layoutNodes(['home', 'ev']).ev?.y).toBe(0);
    const both = layoutNodes(['home', 'ev', 'hvac']);
    expect(both.ev?.y).toBe(-(both.hvac?.y ?? 0));
    expect(layoutNodes(['home']).grid).toBeUndefined();
  });
});

describe('flowEdges: direction of each flow', () => {
  const at = layoutNodes(['grid', 'solar', 'battery', 'home', 'ev', 'hvac']);
  const byNode = (powers: Parameters<typeof flowEdges>[0]) =>
    Object.fromEntries(flowEdges(powers, at).map((e) => [e.node, e]));

  it('runs grid import, solar and battery discharge into the junction, consumption out of it', () => {
    const edges = byNode(testPowers({ gridW: 500, batteryW: 300, evW: 7000, hvacW: 1200 }));
    expect(edges.grid?.to).toBe(HUB);
    expect(flowDirection(edges.grid?.watts ?? 0)).toBe(1);
    expect(edges.solar?.to).toBe(HUB);
    expect(flowDirection(edges.battery?.watts ?? 0)).toBe(1);
    expect(edges.home?.from).toBe(HUB);
    expect(edges.ev?.from).toBe(at.home);
    expect(flowDirection(edges.ev?.watts ?? 0)).toBe(1);
  });

  it('reverses grid export and battery charge', () => {
    const edges = byNode(testPowers({ gridW: -2500, batteryW: -800 }));
    expect(flowDirection(edges.grid?.watts ?? 0)).toBe(-1);
    expect(flowDirection(edges.battery?.watts ?? 0)).toBe(-1);
  });

  it('gives a flow without a value 0 (no dots)', () => {
    const edges = byNode({ ...testPowers(), evW: null });
    expect(edges.ev?.watts).toBe(0);
    expect(flowDirection(0)).toBe(0);
    expect(flowDirection(0.4)).toBe(0);
  });
});

describe('flowSpeed: speed follows the watts on a clamped log scale', () => {
  it('is 0 without flow and grows with the magnitude, whatever the sign', () => {
    expect(flowSpeed(0)).toBe(0);
    expect(flowSpeed(5)).toBe(MIN_SPEED);
    expect(flowSpeed(10)).toBe(MIN_SPEED);
    expect(flowSpeed(100)).toBeLessThan(flowSpeed(1000));
    expect(flowSpeed(1000)).toBeLessThan(flowSpeed(10_000));
    expect(flowSpeed(-10_000)).toBe(flowSpeed(10_000));
    expect(flowSpeed(100_000)).toBe(MAX_SPEED);
    expect(flowSpeed(5_000_000)).toBe(MAX_SPEED);
  });
});

describe('advancePhase', () => {
  it('moves forward for a positive flow, backward for a negative one, not at all for none', () => {
    const forward = advancePhase(0.2, 1000, 20);
    expect(forward).toBeGreaterThan(0.2);
    const backward = advancePhase(0.2, -1000, 20);
    expect(backward).toBeLessThan(0.2);
    // More watts, further in the same time.
    expect(advancePhase(0.2, 10_000, 20)).toBeGreaterThan(forward);
    expect(advancePhase(0.2, 0, 100)).toBe(0.2);
    expect(advancePhase(0.99, 100_000, 100)).toBeLessThan(1);
    expect(advancePhase(0.01, -100_000, 100)).toBeGreaterThanOrEqual(0);
  });

  it('continues from the current phase when the value changes (no restart)', () => {
    const a = advancePhase(0, 500, 500);
    const b = advancePhase(a, 5000, 16);
    expect(b).toBeGreaterThan(a);
  });
});

describe('dotPositions', () => {
  it('places dots along the line, shifted by the phase', () => {
    const from = { x: -120, y: 0 };
    const at0 = dotPositions(from, HUB, 0);
    const atHalf = dotPositions(from, HUB, 0.5);
    expect(at0.length).toBeGreaterThan(1);
    expect(at0[0]?.x).toBeCloseTo(-88);
    expect(atHalf[0]?.x ?? 0).toBeGreaterThan(at0[0]?.x ?? 0);
    for (const p of at0) expect(p.y).toBe(0);
  });
});
