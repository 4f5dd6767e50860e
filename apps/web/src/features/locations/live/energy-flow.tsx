import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { FlowPowers } from '@ec/contract';
import type { DeviceCategory } from '@ec/domain';
import { formatDecimal, formatPower } from '../../../shared/format/energy-units.ts';
import { DEVICE_CATEGORY_ICONS } from '../../../shared/ui/device-category-icon.tsx';
import { IconHome, type Icon } from '../../../shared/ui/icons.ts';
import {
  advancePhase,
  dotCount,
  dotPositions,
  dotRadius,
  fitViewBox,
  flowDirection,
  flowEdges,
  HUB,
  layoutNodes,
  NODE_RADIUS,
  presentNodes,
  trimmedSegment,
  type FlowEdge,
  type FlowNodeId,
} from './flow-model.ts';
import classes from './energy-flow.module.css';

const NODE_ICONS: Record<FlowNodeId, Icon> = {
  grid: DEVICE_CATEGORY_ICONS.GRID,
  solar: DEVICE_CATEGORY_ICONS.SOLAR_POWER_PLANT,
  battery: DEVICE_CATEGORY_ICONS.BATTERY,
  home: IconHome,
  ev: DEVICE_CATEGORY_ICONS.EV_CHARGER,
  hvac: DEVICE_CATEGORY_ICONS.HVAC,
};

/** The theme's energy colour of a line (grid: import or export by direction). */
function edgeColor(node: FlowNodeId, watts: number): string {
  switch (node) {
    case 'grid':
      return watts < 0 ? 'var(--ec-energy-grid-export)' : 'var(--ec-energy-grid-import)';
    case 'solar':
      return 'var(--ec-energy-solar)';
    case 'battery':
      return 'var(--ec-energy-battery)';
    case 'home':
      return 'var(--ec-energy-consumption)';
    case 'ev':
      return 'var(--ec-energy-ev)';
    case 'hvac':
      return 'var(--ec-energy-hvac)';
  }
}

/** The power of a node (null: no reading). */
function nodeWatts(powers: FlowPowers, node: FlowNodeId): number | null {
  const map: Record<FlowNodeId, number | null> = {
    grid: powers.gridW,
    solar: powers.solarW,
    battery: powers.batteryW,
    home: powers.homeW,
    ev: powers.evW,
    hvac: powers.hvacW,
  };
  return map[node];
}

/** The sentence of a node for the text alternative ("Grid: importing 1.2 kW"). */
export function flowSentence(
  node: FlowNodeId,
  powers: FlowPowers,
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
): string {
  const watts = nodeWatts(powers, node);
  const name = t(`live.node.${node}`);
  if (watts === null) return t('live.flow.no_reading', { name });
  const power = formatPower(locale, Math.abs(watts));
  const direction = flowDirection(watts);
  let state: string;
  if (direction === 0) state = t('live.flow.idle', { name });
  else if (node === 'grid')
    state = t(direction > 0 ? 'live.flow.importing' : 'live.flow.exporting', { name, power });
  else if (node === 'battery')
    state = t(direction > 0 ? 'live.flow.discharging' : 'live.flow.charging', { name, power });
  else if (node === 'solar') state = t('live.flow.producing', { name, power });
  else state = t('live.flow.consuming', { name, power });
  if (node === 'battery' && powers.socPct !== null) {
    return t('live.flow.with_soc', { state, soc: formatDecimal(locale, powers.socPct, 0) });
  }
  return state;
}

export interface EnergyFlowProps {
  /** The flows to draw (W, signs as the contract's FlowPowers). */
  powers: FlowPowers;
  /** Categories of the location's devices: their nodes show even without a reading. */
  categories?: ReadonlySet<DeviceCategory>;
  /** False: the lines stand still (an offline controller; the values are not current). */
  moving?: boolean;
  /** Grey the values (offline). */
  stale?: boolean;
}

/**
 * The animated energy-flow picture: grid, solar, battery (with its state of charge), home, EV and heat pump as far
 * as the location has them, joined at a junction. Dots move along each line in the direction of the flow, faster
 * for more watts (log scale); a line without flow has no dots. The dots' phase runs on across updates (one
 * animation loop, values read from a ref), and nothing moves under prefers-reduced-motion or when `moving` is
 * false — then a chevron shows the direction. A visually hidden list says the same in words.
 */
export function EnergyFlow({ powers, categories, moving = true, stale = false }: EnergyFlowProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const reduced = useReducedMotion(true, { getInitialValueInEffect: false });
  const animate = moving && !reduced;
  const nodes = presentNodes(powers, categories);
  const at = layoutNodes(nodes);
  const edges = flowEdges(powers, at);
  const box = fitViewBox([HUB, ...nodes.map((n) => at[n] ?? HUB)]);

  // The animation loop reads the newest lines from here, so an update changes speeds without a restart.
  const edgesRef = useRef<FlowEdge[]>(edges);
  const phases = useRef(new Map<FlowNodeId, number>());
  const dots = useRef(new Map<string, SVGCircleElement>());
  useLayoutEffect(() => {
    edgesRef.current = edges;
  });

  useEffect(() => {
    if (!animate) return undefined;
    let last: number | null = null;
    let frame = 0;
    const tick = (now: number) => {
      const dt = last === null ? 0 : Math.min(now - last, 100);
      last = now;
      for (const edge of edgesRef.current) {
        const phase = advancePhase(phases.current.get(edge.node) ?? 0, edge.watts, dt);
        phases.current.set(edge.node, phase);
        const points = dotPositions(edge.from, edge.to, phase);
        const slots = dotCount(edge.from, edge.to);
        for (let i = 0; i < slots; i++) {
          const dot = dots.current.get(`${edge.node}:${i}`);
          const point = points[i];
          if (!dot) continue;
          if (point) {
            dot.setAttribute('cx', point.x.toFixed(1));
            dot.setAttribute('cy', point.y.toFixed(1));
            dot.style.visibility = 'visible';
          } else {
            dot.style.visibility = 'hidden';
          }
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  const locale = i18n.language;
  return (
    <figure className={classes.figure} data-moving={animate} data-stale={stale}>
      <svg
        className={classes.svg}
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{t('live.flow.picture')}</title>
        {edges.map((edge) => {
          const { start, end } = trimmedSegment(edge.from, edge.to);
          const direction = flowDirection(edge.watts);
          const color = edgeColor(edge.node, edge.watts);
          const phase = phases.current.get(edge.node) ?? 0;
          const points = dotPositions(edge.from, edge.to, animate ? phase : 0.5);
          const slots = dotCount(edge.from, edge.to);
          const mid = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
          const angle =
            (Math.atan2(end.y - start.y, end.x - start.x) * 180) / Math.PI +
            (direction < 0 ? 180 : 0);
          return (
            <g key={edge.node} data-flow={edge.node} data-direction={direction}>
              <line
                x1={start.x}
                y1={start.y}
                x2={end.x}
                y2={end.y}
                className={classes.line}
                stroke={direction === 0 ? undefined : color}
              />
              {direction !== 0 &&
                animate &&
                Array.from({ length: slots }, (_, i) => (
                  <circle
                    key={i}
                    ref={(el) => {
                      if (el) dots.current.set(`${edge.node}:${i}`, el);
                      else dots.current.delete(`${edge.node}:${i}`);
                    }}
                    data-dot=""
                    r={dotRadius(edge.watts)}
                    cx={points[i]?.x ?? start.x}
                    cy={points[i]?.y ?? start.y}
                    fill={color}
                    style={{ visibility: points[i] ? 'visible' : 'hidden' }}
                  />
                ))}
              {direction !== 0 && !animate && (
                <path
                  data-arrow=""
                  d="M -5 -6 L 3 0 L -5 6"
                  transform={`translate(${mid.x} ${mid.y}) rotate(${angle})`}
                  className={classes.arrow}
                  stroke={color}
                />
              )}
            </g>
          );
        })}
        <circle cx={HUB.x} cy={HUB.y} r={4} className={classes.hub} />
        {nodes.map((node) => {
          const point = at[node] ?? HUB;
          const NodeIcon = NODE_ICONS[node];
          const watts = nodeWatts(powers, node);
          const color = edgeColor(node, watts ?? 0);
          const soc = node === 'battery' ? powers.socPct : null;
          const ring = 2 * Math.PI * (NODE_RADIUS + 5);
          const value = watts === null ? '–' : formatPower(locale, Math.abs(watts));
          // Solar's line leaves downwards: its label goes above it.
          const above = node === 'solar';
          return (
            <g key={node} transform={`translate(${point.x} ${point.y})`} data-node={node}>
              <circle r={NODE_RADIUS} className={classes.node} stroke={color} />
              {soc !== null && (
                <>
                  <circle r={NODE_RADIUS + 5} className={classes.socTrack} />
                  <circle
                    r={NODE_RADIUS + 5}
                    className={classes.soc}
                    stroke={color}
                    strokeDasharray={`${(ring * Math.min(100, Math.max(0, soc))) / 100} ${ring}`}
                    transform="rotate(-90)"
                    data-soc={soc}
                  />
                </>
              )}
              <NodeIcon x={-13} y={-13} width={26} height={26} color={color} aria-hidden />
              <text
                y={above ? -NODE_RADIUS - 26 : NODE_RADIUS + 22}
                className={classes.value}
                textAnchor="middle"
              >
                {soc !== null ? `${value} · ${formatDecimal(locale, soc, 0)} %` : value}
              </text>
              <text
                y={above ? -NODE_RADIUS - 10 : NODE_RADIUS + 38}
                className={classes.name}
                textAnchor="middle"
              >
                {t(`live.node.${node}`)}
              </text>
            </g>
          );
        })}
      </svg>
      <VisuallyHidden component="ul" aria-label={t('live.flow.list')}>
        {nodes.map((node) => (
          <li key={node}>{flowSentence(node, powers, t, locale)}</li>
        ))}
      </VisuallyHidden>
    </figure>
  );
}
