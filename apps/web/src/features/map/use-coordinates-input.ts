import { useCallback, useEffect, useRef, useState } from 'react';
import type { Coordinates } from '@ec/domain';
import {
  checkInputs,
  coordinatesInputReducer,
  initialInputState,
  inputError,
  INPUT_DEBOUNCE_MS,
  roundCoordinates,
  sameCoordinates,
  sameInputError,
  type CoordinateField,
  type CoordinatesInputError,
  type CoordinatesInputAction,
  type CoordinatesInputState,
} from './coordinates-input.ts';

/** What {@link useCoordinatesInput} needs. */
export interface UseCoordinatesInputOptions {
  /** The current value (the parent's state). */
  value: Coordinates | null;
  /** Receives every new valid value (rounded to 6 decimals), or null when cleared. */
  onChange: (value: Coordinates | null) => void;
  /** Typed coordinates became a new valid point: the map re-centres on it. */
  onTypedPoint?: (value: Coordinates) => void;
  /**
   * Receives, at once on every change, whether the typed texts are valid (null) or the first bad input: the owning
   * form refuses to save while they are not (the emitted value would not be what the user sees).
   */
  onValidityChange?: (error: CoordinatesInputError | null) => void;
}

/**
 * The manual latitude/longitude inputs (spec 000 §4, §5): typing is checked and a valid pair emitted after
 * INPUT_DEBOUNCE_MS without typing (or when the field is left); a point from the map or the current position,
 * clearing, or a new value from the parent replace the texts and reset the errors. Only changes are emitted, so
 * the parent's echo of an emitted value does not reformat what the user is typing. Validity changes are reported
 * without the pause (see {@link UseCoordinatesInputOptions.onValidityChange}).
 */
export function useCoordinatesInput({
  value,
  onChange,
  onTypedPoint,
  onValidityChange,
}: UseCoordinatesInputOptions) {
  const [state, setState] = useState<CoordinatesInputState>(() => initialInputState(value));
  // The state as of the latest event, for the debounce timer (which must not see a stale render's state).
  const current = useRef(state);
  // The value the parent has (as far as this hook knows): what was last emitted or received.
  const known = useRef<Coordinates | null>(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The validity last reported (the initial texts show a valid value or nothing).
  const reported = useRef<CoordinatesInputError | null>(null);
  const callbacks = useRef({ onChange, onTypedPoint, onValidityChange });
  useEffect(() => {
    callbacks.current = { onChange, onTypedPoint, onValidityChange };
  });

  const apply = useCallback((action: CoordinatesInputAction) => {
    const next = coordinatesInputReducer(current.current, action);
    current.current = next;
    setState(next);
    const error = inputError(next);
    if (!sameInputError(error, reported.current)) {
      reported.current = error;
      callbacks.current.onValidityChange?.(error);
    }
    return next;
  }, []);

  const stopTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const emit = useCallback((next: Coordinates | null) => {
    if (sameCoordinates(next, known.current)) return false;
    known.current = next;
    callbacks.current.onChange(next);
    return true;
  }, []);

  /** Emits what the inputs hold when it is a valid, new value; typed points re-centre the map. */
  const emitTyped = useCallback(
    (next: CoordinatesInputState) => {
      const { value: typed } = checkInputs(next);
      if (typed === undefined) return;
      if (emit(typed) && typed) callbacks.current.onTypedPoint?.(typed);
    },
    [emit],
  );

  // A new value from the parent (loaded, saved, reset) replaces the inputs; its echo of our own emission does not.
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    const incoming =
      latitude === undefined || longitude === undefined ? null : { latitude, longitude };
    if (sameCoordinates(incoming, known.current)) return;
    known.current = incoming;
    stopTimer();
    apply({ type: 'replaced', value: incoming });
  }, [latitude, longitude, apply, stopTimer]);

  useEffect(() => stopTimer, [stopTimer]);

  const type = useCallback(
    (field: CoordinateField, text: string) => {
      apply({ type: 'typed', field, text });
      stopTimer();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        emitTyped(apply({ type: 'settled' }));
      }, INPUT_DEBOUNCE_MS);
    },
    [apply, emitTyped, stopTimer],
  );

  const leave = useCallback(
    (field: CoordinateField) => {
      stopTimer();
      emitTyped(apply({ type: 'left', field }));
    },
    [apply, emitTyped, stopTimer],
  );

  /** A point chosen on the map or from the device's position: shown and emitted, errors reset. */
  const set = useCallback(
    (point: Coordinates) => {
      const rounded = roundCoordinates(point);
      stopTimer();
      apply({ type: 'replaced', value: rounded });
      emit(rounded);
      return rounded;
    },
    [apply, emit, stopTimer],
  );

  /** Empties both inputs, resets the errors and emits null. */
  const clear = useCallback(() => {
    stopTimer();
    apply({ type: 'replaced', value: null });
    emit(null);
  }, [apply, emit, stopTimer]);

  return { state, type, leave, set, clear };
}
