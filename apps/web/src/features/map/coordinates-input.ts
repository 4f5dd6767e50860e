import {
  COORDINATE_DECIMALS,
  COORDINATE_ERRORS,
  formatCoordinate,
  parseCoordinates,
  type CoordinateErrorKey,
  type Coordinates,
} from '@ec/domain';

/** Quiet time after the last keystroke before typed coordinates are checked and emitted (spec 000 §9). */
export const INPUT_DEBOUNCE_MS = 500;

/** The two inputs. */
export type CoordinateField = 'latitude' | 'longitude';

/** What the manual inputs hold: the typed text, the shown errors (message keys), which fields were left. */
export interface CoordinatesInputState {
  readonly text: Readonly<Record<CoordinateField, string>>;
  readonly errors: Readonly<Partial<Record<CoordinateField, CoordinateErrorKey>>>;
  /** Fields the user has left (blurred): only they may show "required" when the other one is set. */
  readonly touched: Readonly<Record<CoordinateField, boolean>>;
}

/** Events of the manual inputs. */
export type CoordinatesInputAction =
  /** A keystroke: the text changes, nothing is checked yet. */
  | { type: 'typed'; field: CoordinateField; text: string }
  /** INPUT_DEBOUNCE_MS without typing: check the texts and show their errors. */
  | { type: 'settled' }
  /** The user left a field: valid text is shown with 6 decimals. */
  | { type: 'left'; field: CoordinateField }
  /** A value from elsewhere (map click, current position, the parent): shown as is, errors reset. */
  | { type: 'replaced'; value: Coordinates | null };

/** Inputs showing `value` (6 decimals) or empty, without errors. */
export function initialInputState(value: Coordinates | null): CoordinatesInputState {
  return {
    text: textOf(value),
    errors: {},
    touched: { latitude: false, longitude: false },
  };
}

function textOf(value: Coordinates | null): Record<CoordinateField, string> {
  return value
    ? { latitude: formatCoordinate(value.latitude), longitude: formatCoordinate(value.longitude) }
    : { latitude: '', longitude: '' };
}

/** A coordinate rounded to the precision the app keeps and shows (6 decimals, about 0.1 m). */
export function roundCoordinate(value: number): number {
  return Number(value.toFixed(COORDINATE_DECIMALS)) + 0;
}

/** Both coordinates rounded with {@link roundCoordinate}. */
export function roundCoordinates(value: Coordinates): Coordinates {
  return { latitude: roundCoordinate(value.latitude), longitude: roundCoordinate(value.longitude) };
}

/** Whether two values are the same point (or both empty). */
export function sameCoordinates(a: Coordinates | null, b: Coordinates | null): boolean {
  if (a === null || b === null) return a === b;
  return a.latitude === b.latitude && a.longitude === b.longitude;
}

/**
 * The typed texts checked by the domain's {@link parseCoordinates} (the server's own rule): the value to emit
 * (rounded; null = both empty) or undefined while something is wrong, and the errors to show. "Required" for an
 * empty field is shown only once the user has left it, so typing the latitude first does not flag the longitude.
 */
export function checkInputs(state: CoordinatesInputState): {
  value: Coordinates | null | undefined;
  errors: Partial<Record<CoordinateField, CoordinateErrorKey>>;
} {
  const result = parseCoordinates(state.text);
  if (result.ok) {
    return { value: result.value ? roundCoordinates(result.value) : null, errors: {} };
  }
  const errors: Partial<Record<CoordinateField, CoordinateErrorKey>> = {};
  for (const field of ['latitude', 'longitude'] as const) {
    const error = result.errors[field];
    if (error && (error !== COORDINATE_ERRORS.required || state.touched[field])) {
      errors[field] = error;
    }
  }
  return { value: undefined, errors };
}

/** What is wrong with the typed coordinates: the first bad input (latitude first) and its message key. */
export interface CoordinatesInputError {
  readonly field: CoordinateField;
  readonly key: CoordinateErrorKey;
}

/**
 * Whether the typed texts could be saved: null when they are valid (or both empty), else the first bad input.
 * Unlike {@link checkInputs} this counts an empty partner as "required" before the user has left it and does not
 * wait for the typing pause: it is what the owning form must know before it saves.
 */
export function inputError(state: CoordinatesInputState): CoordinatesInputError | null {
  const result = parseCoordinates(state.text);
  if (result.ok) return null;
  for (const field of ['latitude', 'longitude'] as const) {
    const key = result.errors[field];
    if (key) return { field, key };
  }
  return null;
}

/** Whether two {@link inputError} results are the same. */
export function sameInputError(
  a: CoordinatesInputError | null,
  b: CoordinatesInputError | null,
): boolean {
  return a === null || b === null ? a === b : a.field === b.field && a.key === b.key;
}

/** The manual inputs' reducer (pure; the debounce timer lives in the hook). */
export function coordinatesInputReducer(
  state: CoordinatesInputState,
  action: CoordinatesInputAction,
): CoordinatesInputState {
  switch (action.type) {
    case 'typed':
      if (state.text[action.field] === action.text) return state;
      return { ...state, text: { ...state.text, [action.field]: action.text } };
    case 'settled': {
      const { errors } = checkInputs(state);
      return { ...state, errors };
    }
    case 'left': {
      // Leaving a field means the user is done with it: check now, and show a valid pair with 6 decimals.
      const next = { ...state, touched: { ...state.touched, [action.field]: true } };
      const { value, errors } = checkInputs(next);
      return { ...next, text: value ? textOf(value) : next.text, errors };
    }
    case 'replaced':
      return initialInputState(action.value);
  }
}
