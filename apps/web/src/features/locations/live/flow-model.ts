import type { FlowPowers } from '@ec/contract';
import type { DeviceCategory } from '@ec/domain';

// The energy-flow picture as data: which nodes a location has, where they sit, the lines between them with the
// signed power on each, and how fast and how big the moving dots are. Pure, so the mapping is tested apart from
// the drawing (energy-flow.tsx).

/** The picture's nodes; `home` is the location's whole consumption (EV and heat pump branch off it). */
export const FLOW_NODES = ['grid', 'solar', 'battery', 'home', 'ev', 'hvac'] as const;
export type FlowNodeId = (typeof FLOW_NODES)[number];

/** A point of the picture (its own units; the SVG's viewBox is fitted around the nodes). */
export interface Point {
  x: number;
  y: number;
}

/** The radius of a node's circle. */
export const NODE_RADIUS = 30;
/** The junction the grid, solar, battery and home lines meet at. */
export const HUB: Point = { x: 0, y: 0 };
/** Below this many watts a line carries no flow (no dots). */
export const ZERO_FLOW_W = 1;
/** Dot speed (units per second) at and below 10 W, and at and above 100 kW; log scale between. */
export const MIN_SPEED = 16;
export const MAX_SPEED = 120;
/** Distance between two dots on a line. */
export const DOT_SPACING = 26;

const CATEGORY_NODES: Partial<Record<DeviceCategory, FlowNodeId>> = {
  GRID: 'grid',
  SOLAR_POWER_PLANT: 'solar',
  BATTERY: 'battery',
  EV_CHARGER: 'ev',
  HVAC: 'hvac',
};

/**
 * The nodes to draw: home always; another one when its flow has a value, or when the location has a device of its
 * category (a battery without a reading yet still shows, without flow).
 */
export function presentNodes(
  powers: FlowPowers,
  categories: ReadonlySet<DeviceCategory> = new Set(),
): FlowNodeId[] {
  const has = new Set<FlowNodeId>(['home']);
  for (const category of categories) {
    const node = CATEGORY_NODES[category];
    if (node) has.add(node);
  }
  if (powers.gridW !== null) has.add('grid');
  if (powers.solarW !== null) has.add('solar');
  if (powers.batteryW !== null || powers.socPct !== null) has.add('battery');
  if (powers.evW !== null) has.add('ev');
  if (powers.hvacW !== null) has.add('hvac');
  return FLOW_NODES.filter((n) => has.has(n));
}

/**
 * Where each present node sits: the grid left of the junction, solar above, battery below, home right; EV and heat
 * pump right of home (one level with it, two above and below each other).
 */
export function layoutNodes(nodes: readonly FlowNodeId[]): Partial<Record<FlowNodeId, Point>> {
  const at: Partial<Record<FlowNodeId, Point>> = { home: { x: 120, y: 0 } };
  if (nodes.includes('grid')) at.grid = { x: -120, y: 0 };
  if (nodes.includes('solar')) at.solar = { x: 0, y: -100 };
  if (nodes.includes('battery')) at.battery = { x: 0, y: 100 };
  const branches = nodes.filter((n) => n === 'ev' || n === 'hvac');
  branches.forEach((node, i) => {
    at[node] = { x: 230, y: branches.length === 1 ? 0 : i === 0 ? -75 : 75 };
  });
  return at;
}

/** The viewBox around the nodes, with room for the labels under each node (above solar). */
export function fitViewBox(points: readonly Point[]): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const side = NODE_RADIUS + 60; // half a long label's width
  const top = NODE_RADIUS + 44; // solar's labels sit above it
  const bottom = NODE_RADIUS + 44; // two label lines
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - side;
  const y = Math.min(...ys) - top;
  return { x, y, width: Math.max(...xs) + side - x, height: Math.max(...ys) + bottom - y };
}

/** A line of the picture: `watts` is positive when energy moves from `from` to `to`. */
export interface FlowEdge {
  node: Exclude<FlowNodeId, never>;
  from: Point;
  to: Point;
  watts: number;
}

/**
 * The lines with their signed power. Grid: + import (grid → junction), − export. Solar: + production. Battery:
 * + discharge (battery → junction), − charge. Home: + consumption (junction → home). EV and heat pump: + consumption
 * (home → device). A flow without a value carries 0.
 */
export function flowEdges(powers: FlowPowers, at: Partial<Record<FlowNodeId, Point>>): FlowEdge[] {
  const home = at.home ?? HUB;
  const edges: FlowEdge[] = [];
  const add = (
    node: FlowNodeId,
    from: Point | undefined,
    to: Point | undefined,
    w: number | null,
  ) => {
    if (from && to) edges.push({ node, from, to, watts: w ?? 0 });
  };
  add('grid', at.grid, HUB, powers.gridW);
  add('solar', at.solar, HUB, powers.solarW);
  add('battery', at.battery, HUB, powers.batteryW);
  add('home', HUB, home, powers.homeW);
  add('ev', home, at.ev, powers.evW);
  add('hvac', home, at.hvac, powers.hvacW);
  return edges;
}

/** 0…1 on the log scale from 10 W to 100 kW (clamped). */
export function flowMagnitude(watts: number): number {
  const abs = Math.abs(watts);
  if (abs < ZERO_FLOW_W) return 0;
  return Math.min(1, Math.max(0, (Math.log10(abs) - 1) / 4));
}

/** Dot speed in units per second: 0 for no flow, else MIN_SPEED…MAX_SPEED on the log scale of the watts. */
export function flowSpeed(watts: number): number {
  if (Math.abs(watts) < ZERO_FLOW_W) return 0;
  return MIN_SPEED + flowMagnitude(watts) * (MAX_SPEED - MIN_SPEED);
}

/** Dot radius: bigger for bigger flows. */
export function dotRadius(watts: number): number {
  return 2.5 + flowMagnitude(watts) * 3;
}

/** The dots' direction along a line: 1 from → to, −1 back, 0 none. */
export function flowDirection(watts: number): 1 | -1 | 0 {
  if (Math.abs(watts) < ZERO_FLOW_W) return 0;
  return watts > 0 ? 1 : -1;
}

/**
 * The dots' phase (0…1 of DOT_SPACING) after `dtMs`: continuous across value changes, because only the speed
 * changes, never the phase itself.
 */
export function advancePhase(phase: number, watts: number, dtMs: number): number {
  const step = (flowDirection(watts) * flowSpeed(watts) * dtMs) / 1000 / DOT_SPACING;
  const next = (phase + step) % 1;
  return next < 0 ? next + 1 : next;
}

/** The visible part of a line: from the rim of the node at `from` to the rim at `to` (the hub has no rim). */
export function trimmedSegment(
  from: Point,
  to: Point,
): { start: Point; end: Point; length: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const full = Math.hypot(dx, dy) || 1;
  const rim = (p: Point) => (p === HUB ? 0 : NODE_RADIUS + 2);
  const a = rim(from) / full;
  const b = rim(to) / full;
  const start = { x: from.x + dx * a, y: from.y + dy * a };
  const end = { x: to.x - dx * b, y: to.y - dy * b };
  return { start, end, length: Math.max(0, full * (1 - a - b)) };
}

/** The dots of a line at `phase`: positions every DOT_SPACING along the visible segment. */
export function dotPositions(from: Point, to: Point, phase: number): Point[] {
  const { start, end, length } = trimmedSegment(from, to);
  if (length === 0) return [];
  const count = Math.floor(length / DOT_SPACING) + 1;
  const points: Point[] = [];
  for (let k = 0; k < count; k++) {
    const d = (k + phase) * DOT_SPACING;
    if (d > length) continue;
    const t = d / length;
    points.push({ x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t });
  }
  return points;
}

/** How many dot elements a line needs (the most dots it can show at any phase). */
export function dotCount(from: Point, to: Point): number {
  return Math.floor(trimmedSegment(from, to).length / DOT_SPACING) + 1;
}
