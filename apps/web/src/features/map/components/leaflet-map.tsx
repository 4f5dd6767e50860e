import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Coordinates } from '@ec/domain';
import { MAP_DEFAULTS, type MapFocus } from '../map-view.ts';
import classes from './coordinates-selector.module.css';

/** Props of the Leaflet map (loaded lazily with Leaflet itself). */
export interface LeafletMapProps {
  /** The chosen point, shown as a marker. */
  value: Coordinates | null;
  /** A view to move to; applied whenever its `key` changes. */
  focus: MapFocus | null;
  tileUrl: string;
  /** Plain text (escaped before Leaflet, which writes attributions as HTML). */
  attribution: string;
  disabled: boolean;
  /** Accessible name with the keyboard instructions. */
  label: string;
  /** A click (or Enter on the focused map) chose this point. */
  onPick: (point: Coordinates) => void;
  /** Tiles fail to load (true) or load again (false). */
  onTilesFailing: (failing: boolean) => void;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for Leaflet's attribution control, which sets it as innerHTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const pointOf = (latlng: L.LatLng): Coordinates => ({
  latitude: latlng.lat,
  longitude: L.Util.wrapNum(latlng.lng, [-180, 180], true),
});

/**
 * The Leaflet map of the coordinates selector: tiles from `tileUrl`, a circle marker at the value (no marker
 * PNGs), click or Enter (at the centre) to pick a point, keyboard panning and zooming from Leaflet. The map keeps
 * working when tiles fail; the parent shows a note.
 */
export function LeafletMap({
  value,
  focus,
  tileUrl,
  attribution,
  disabled,
  label,
  onPick,
  onTilesFailing,
}: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  // Latest props for Leaflet's handlers, which are bound once.
  const latest = useRef({ disabled, onPick, onTilesFailing });
  useEffect(() => {
    latest.current = { disabled, onPick, onTilesFailing };
  });

  // The map: created once per container; the view starts at the value, or the default overview.
  const initial = useRef({ value, focus });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = initial.current.focus ?? null;
    const map = L.map(container, {
      center: start
        ? [start.latitude, start.longitude]
        : [MAP_DEFAULTS.center.latitude, MAP_DEFAULTS.center.longitude],
      zoom: start ? start.zoom : MAP_DEFAULTS.zoom,
      minZoom: MAP_DEFAULTS.minZoom,
      maxZoom: MAP_DEFAULTS.maxZoom,
      keyboard: true,
      worldCopyJump: true,
    });
    mapRef.current = map;
    map.on('click', (event: L.LeafletMouseEvent) => {
      if (!latest.current.disabled) latest.current.onPick(pointOf(event.latlng));
    });
    // Keyboard users pick the point under the crosshair in the middle of the focused map.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== container || latest.current.disabled) return;
      event.preventDefault();
      latest.current.onPick(pointOf(map.getCenter()));
    };
    container.addEventListener('keydown', onKeyDown);
    // The parent's box may change size (sidebar, 375 px layouts): keep Leaflet's idea of it current.
    const resize =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      container.removeEventListener('keydown', onKeyDown);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  // Tiles: a new layer when the source changes.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layer = L.tileLayer(tileUrl, {
      attribution: escapeHtml(attribution),
      minZoom: MAP_DEFAULTS.minZoom,
      maxZoom: MAP_DEFAULTS.maxZoom,
      crossOrigin: false,
    });
    layer.on('tileerror', () => latest.current.onTilesFailing(true));
    layer.on('tileload', () => latest.current.onTilesFailing(false));
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [tileUrl, attribution]);

  // The marker follows the value.
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (markerRef.current) {
      markerRef.current.setLatLng([latitude, longitude]);
    } else {
      markerRef.current = L.circleMarker([latitude, longitude], {
        radius: 9,
        weight: 3,
        fillOpacity: 0.35,
        className: classes.marker,
        interactive: false,
      }).addTo(map);
    }
  }, [latitude, longitude]);

  // Moving the view on request (typed coordinates, the current position).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus) return;
    const zoom = focus.mode === 'at-least' ? Math.max(map.getZoom(), focus.zoom) : focus.zoom;
    map.setView([focus.latitude, focus.longitude], zoom);
  }, [focus]);

  // Disabled: the view still moves (to look), but nothing picks a point.
  useEffect(() => {
    containerRef.current?.setAttribute('aria-disabled', String(disabled));
  }, [disabled]);

  return (
    <div className={classes.mapFrame}>
      <div ref={containerRef} className={classes.map} aria-label={label} role="application" />
      <span className={classes.crosshair} aria-hidden />
    </div>
  );
}
