import { Component, lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import IconCurrentLocation from '@tabler/icons-react/dist/esm/icons/IconCurrentLocation.mjs';
import type { Coordinates } from '@ec/domain';
import { withChunkTimeout } from '../../../shared/lazy/chunk-load.ts';
import { IconAlertTriangle, IconX } from '../../../shared/ui/icons.ts';
import { wrappingButtonClassNames } from '../../../shared/ui/wrapping-button.ts';
import type { CoordinateField, CoordinatesInputError } from '../coordinates-input.ts';
import { GEOLOCATION_OPTIONS, MAP_DEFAULTS, type MapFocus } from '../map-view.ts';
import { useCoordinatesInput } from '../use-coordinates-input.ts';
import classes from './coordinates-selector.module.css';

// Leaflet and its CSS load with this chunk, only when a selector is shown (never in the first load).
const LeafletMap = lazy(
  withChunkTimeout(() =>
    import('./leaflet-map.tsx').then((module) => ({ default: module.LeafletMap })),
  ),
);

/** Props of {@link CoordinatesSelector}. */
export interface CoordinatesSelectorProps {
  /** The location's coordinates, or null when it has none. */
  value: Coordinates | null;
  /** Receives each new valid value (6 decimals), or null when cleared. */
  onChange: (value: Coordinates | null) => void;
  /** Leaflet tile URL template (site info `map.tileUrl`). */
  tileUrl: string;
  /** Plain-text attribution of the tiles (site info `map.attribution`). */
  attribution: string;
  disabled?: boolean;
  /**
   * Receives at once whether the typed coordinates are valid (null) or the first bad input and its message key
   * (the same messages the inputs show): the owning form refuses to save while they are not valid.
   */
  onValidityChange?: (error: CoordinatesInputError | null) => void;
  /**
   * An error the owning form shows on one input (its check on Save, or the server's answer), with a message key
   * whose `{{field}}` is the input's label; the input's own message, when it has one, comes first.
   */
  error?: { field: CoordinateField; key: string } | null;
}

/** Shows a message instead of the map when its chunk cannot load; the inputs keep working. */
class MapBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // Not an app error: the coordinates can still be typed. Logged for whoever looks.
    console.info('the map could not be loaded', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Coordinates selector (spec 000 §4, §5, §9): a Leaflet map (400 px, centred near 46° N 21° E at zoom 2, zoom
 * 2–18) where a click sets the point; "use my position" (zoom 16); latitude and longitude inputs that emit a valid
 * pair after 500 ms without typing and re-centre the map (zoom 10 or closer). Values show with 6 decimals; a map
 * click, the current position or clearing resets the errors; a geolocation failure is only logged. Leaflet loads
 * lazily with the map; when tiles cannot load the map still takes clicks and a note says so. The owning form learns
 * about invalid typed text through `onValidityChange` and can put its own error on an input with `error`.
 */
export function CoordinatesSelector({
  value,
  onChange,
  tileUrl,
  attribution,
  disabled = false,
  onValidityChange,
  error = null,
}: CoordinatesSelectorProps) {
  const { t } = useTranslation();
  const focusKey = useRef(0);
  const [focus, setFocus] = useState<MapFocus | null>(() =>
    value
      ? { ...value, mode: 'at-least', zoom: MAP_DEFAULTS.typedZoomAtLeast, key: focusKey.current }
      : null,
  );
  const focusOn = useCallback((point: Coordinates, mode: MapFocus['mode'], zoom: number) => {
    focusKey.current += 1;
    setFocus({ ...point, mode, zoom, key: focusKey.current });
  }, []);
  const input = useCoordinatesInput({
    value,
    onChange,
    onTypedPoint: (point) => focusOn(point, 'at-least', MAP_DEFAULTS.typedZoomAtLeast),
    onValidityChange,
  });
  const [locating, setLocating] = useState(false);
  const [tilesFailing, setTilesFailing] = useState(false);
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;

  const locate = () => {
    if (!geolocation || locating) return;
    setLocating(true);
    geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const point = input.set({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        });
        focusOn(point, 'exact', MAP_DEFAULTS.positionZoom);
      },
      (error) => {
        setLocating(false);
        // Spec 000 §8: a geolocation failure is only logged (denied, unavailable or timed out).
        console.info('geolocation failed', error.code, error.message);
      },
      GEOLOCATION_OPTIONS,
    );
  };

  const { text, errors } = input.state;
  const fieldLabel = (field: CoordinateField) => t(`map.${field}`);
  const errorText = (field: CoordinateField) => {
    const key = errors[field] ?? (error?.field === field ? error.key : undefined);
    return key ? t(key, { field: fieldLabel(field) }) : undefined;
  };
  const field = (name: CoordinateField) => (
    <TextInput
      label={fieldLabel(name)}
      value={text[name]}
      onChange={(event) => input.type(name, event.currentTarget.value)}
      onBlur={() => input.leave(name)}
      // Enter submits the form: what was typed is checked and emitted first, not after the pause.
      onKeyDown={(event) => {
        if (event.key === 'Enter') input.leave(name);
      }}
      error={errorText(name)}
      classNames={{
        root: classes.fieldRoot,
        wrapper: classes.fieldWrapper,
        error: classes.fieldError,
      }}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      placeholder={name === 'latitude' ? '46.056946' : '14.505751'}
    />
  );

  return (
    <Stack gap="sm" className={classes.root}>
      <div className={classes.fields}>
        {field('latitude')}
        {field('longitude')}
      </div>
      <Group gap="xs">
        <Button
          variant="light"
          size="sm"
          leftSection={<IconCurrentLocation size={18} aria-hidden />}
          onClick={locate}
          loading={locating}
          disabled={disabled || !geolocation}
          classNames={wrappingButtonClassNames}
        >
          {t('map.use_my_position')}
        </Button>
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconX size={18} aria-hidden />}
          onClick={input.clear}
          disabled={disabled || (text.latitude === '' && text.longitude === '' && value === null)}
          classNames={wrappingButtonClassNames}
        >
          {t('map.clear')}
        </Button>
      </Group>
      <div className={classes.mapBox}>
        <MapBoundary
          fallback={
            <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} className={classes.fill}>
              {t('map.map_failed')}
            </Alert>
          }
        >
          <Suspense
            fallback={
              <Group gap="sm" role="status" className={classes.fill} justify="center">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('map.loading_map')}</Text>
              </Group>
            }
          >
            <LeafletMap
              value={value}
              focus={focus}
              tileUrl={tileUrl}
              attribution={attribution}
              disabled={disabled}
              label={t('map.map_label')}
              onPick={(point) => {
                input.set(point);
              }}
              onTilesFailing={setTilesFailing}
            />
          </Suspense>
        </MapBoundary>
      </div>
      {tilesFailing && (
        <Text size="xs" c="dimmed" role="status">
          {t('map.tiles_unavailable')}
        </Text>
      )}
    </Stack>
  );
}
