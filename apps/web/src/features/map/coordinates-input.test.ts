import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coordinates } from '@ec/domain';
import {
  checkInputs,
  coordinatesInputReducer,
  initialInputState,
  inputError,
  INPUT_DEBOUNCE_MS,
  roundCoordinate,
  type CoordinatesInputAction,
  type CoordinatesInputError,
  type CoordinatesInputState,
} from './coordinates-input.ts';
import { useCoordinatesInput } from './use-coordinates-input.ts';

const run = (actions: CoordinatesInputAction[], start = initialInputState(null)) =>
  actions.reduce(coordinatesInputReducer, start);

const typed = (latitude: string, longitude: string): CoordinatesInputAction[] => [
  { type: 'typed', field: 'latitude', text: latitude },
  { type: 'typed', field: 'longitude', text: longitude },
];

describe('coordinatesInputReducer', () => {
  it('shows a value with 6 decimals and no errors', () => {
    expect(initialInputState({ latitude: 46.05, longitude: -0.0000001 })).toEqual({
      text: { latitude: '46.050000', longitude: '0.000000' },
      errors: {},
      touched: { latitude: false, longitude: false },
    });
  });

  it('checks nothing while typing; settling shows the four messages', () => {
    const typing = run(typed('abc', '200'));
    expect(typing.errors).toEqual({});
    expect(coordinatesInputReducer(typing, { type: 'settled' }).errors).toEqual({
      latitude: 'coordinates.invalid_latitude_format',
      longitude: 'coordinates.longitude_range',
    });
    expect(run([...typed('-91', '1e3'), { type: 'settled' }]).errors).toEqual({
      latitude: 'coordinates.latitude_range',
      longitude: 'coordinates.invalid_longitude_format',
    });
  });

  it('flags an empty partner as required only once the user has left it', () => {
    const settled = run([...typed('46.1', ''), { type: 'settled' }]);
    expect(settled.errors).toEqual({});
    const left = coordinatesInputReducer(settled, { type: 'left', field: 'longitude' });
    expect(left.errors).toEqual({ longitude: 'validation.required' });
  });

  it('leaving a field shows a valid pair with 6 decimals (a comma counts as the decimal point)', () => {
    const left = run([...typed('46,0569461', ' 14.5 '), { type: 'left', field: 'longitude' }]);
    expect(left.text).toEqual({ latitude: '46.056946', longitude: '14.500000' });
    expect(left.errors).toEqual({});
  });

  it('a replaced value (map click, position, clearing) resets texts, errors and touched fields', () => {
    const broken: CoordinatesInputState = run([
      ...typed('x', 'y'),
      { type: 'left', field: 'latitude' },
    ]);
    expect(broken.errors.latitude).toBe('coordinates.invalid_latitude_format');
    expect(
      coordinatesInputReducer(broken, {
        type: 'replaced',
        value: { latitude: 1.5, longitude: 2 },
      }),
    ).toEqual(initialInputState({ latitude: 1.5, longitude: 2 }));
    expect(coordinatesInputReducer(broken, { type: 'replaced', value: null })).toEqual(
      initialInputState(null),
    );
  });

  it('checkInputs gives the rounded value, null for two empty fields, undefined while invalid', () => {
    expect(checkInputs(run(typed('46.0569464', '-14.5000005'))).value).toEqual({
      latitude: 46.056946,
      longitude: -14.500001,
    });
    expect(checkInputs(run(typed(' ', ''))).value).toBeNull();
    expect(checkInputs(run(typed('90.1', '0'))).value).toBeUndefined();
    expect(roundCoordinate(-0.0000001)).toBe(0);
    expect(Object.is(roundCoordinate(-0.0000001), -0)).toBe(false);
  });

  it('inputError: the first bad input at once, with "required" for an empty partner never left', () => {
    expect(inputError(run(typed('46.1', '14.2')))).toBeNull();
    expect(inputError(run(typed(' ', '')))).toBeNull();
    expect(inputError(run(typed('91', '14')))).toEqual({
      field: 'latitude',
      key: 'coordinates.latitude_range',
    });
    expect(inputError(run(typed('north', '-181')))).toEqual({
      field: 'latitude',
      key: 'coordinates.invalid_latitude_format',
    });
    expect(inputError(run(typed('46', '-181')))).toEqual({
      field: 'longitude',
      key: 'coordinates.longitude_range',
    });
    expect(inputError(run(typed('46', '14..2')))).toEqual({
      field: 'longitude',
      key: 'coordinates.invalid_longitude_format',
    });
    // The shown errors wait for leaving the field; what the form must know does not.
    const onlyLatitude = run([...typed('46.1', ''), { type: 'settled' }]);
    expect(onlyLatitude.errors).toEqual({});
    expect(inputError(onlyLatitude)).toEqual({ field: 'longitude', key: 'validation.required' });
  });
});

describe('useCoordinatesInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(initial: Coordinates | null = null) {
    const onChange = vi.fn<(value: Coordinates | null) => void>();
    const onTypedPoint = vi.fn<(value: Coordinates) => void>();
    const onValidityChange = vi.fn<(error: CoordinatesInputError | null) => void>();
    const hook = renderHook(
      ({ value }: { value: Coordinates | null }) =>
        useCoordinatesInput({ value, onChange, onTypedPoint, onValidityChange }),
      { initialProps: { value: initial } },
    );
    return { ...hook, onChange, onTypedPoint, onValidityChange };
  }

  it('reports invalid typed text at once (no pause), each change once, and valid text as null', () => {
    const { result, onValidityChange } = setup({ latitude: 1, longitude: 2 });
    expect(onValidityChange).not.toHaveBeenCalled();
    act(() => result.current.type('latitude', '9'));
    expect(onValidityChange).not.toHaveBeenCalled();
    act(() => result.current.type('latitude', '91'));
    expect(onValidityChange).toHaveBeenLastCalledWith({
      field: 'latitude',
      key: 'coordinates.latitude_range',
    });
    // The same problem is not reported again; a different one is.
    act(() => result.current.type('latitude', '911'));
    expect(onValidityChange).toHaveBeenCalledOnce();
    act(() => result.current.type('latitude', '91x'));
    expect(onValidityChange).toHaveBeenLastCalledWith({
      field: 'latitude',
      key: 'coordinates.invalid_latitude_format',
    });
    act(() => result.current.type('longitude', ''));
    act(() => result.current.type('latitude', '45'));
    expect(onValidityChange).toHaveBeenLastCalledWith({
      field: 'longitude',
      key: 'validation.required',
    });
    act(() => result.current.type('longitude', '15'));
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    expect(onValidityChange).toHaveBeenCalledTimes(4);
  });

  it('set(), clear() and a new value from the parent report the inputs valid again', () => {
    const { result, rerender, onValidityChange } = setup();
    const invalid = () => {
      act(() => result.current.type('latitude', 'x'));
      expect(onValidityChange).toHaveBeenLastCalledWith({
        field: 'latitude',
        key: 'coordinates.invalid_latitude_format',
      });
    };
    invalid();
    act(() => {
      result.current.set({ latitude: 3, longitude: 4 });
    });
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    invalid();
    act(() => result.current.clear());
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    invalid();
    rerender({ value: { latitude: 5, longitude: 6 } });
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    expect(onValidityChange).toHaveBeenCalledTimes(6);
  });

  it('emits a valid typed pair 500 ms after the last keystroke, not before, and re-centres on it', () => {
    const { result, onChange, onTypedPoint } = setup();
    act(() => result.current.type('latitude', '46.05'));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    act(() => result.current.type('longitude', '14.5'));
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 1);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 46.05, longitude: 14.5 });
    expect(onTypedPoint).toHaveBeenCalledExactlyOnceWith({ latitude: 46.05, longitude: 14.5 });
    // The text stays as typed while the user may still be at it.
    expect(result.current.state.text).toEqual({ latitude: '46.05', longitude: '14.5' });
  });

  it('emits nothing for invalid text and shows its error after the pause', () => {
    const { result, onChange } = setup({ latitude: 1, longitude: 2 });
    act(() => result.current.type('latitude', '95'));
    expect(result.current.state.errors).toEqual({});
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(result.current.state.errors).toEqual({ latitude: 'coordinates.latitude_range' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('emits on leaving the field at once (e.g. before Save), and only once', () => {
    const { result, onChange } = setup();
    act(() => {
      result.current.type('latitude', '10');
      result.current.type('longitude', '20');
    });
    act(() => result.current.leave('longitude'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 10, longitude: 20 });
    expect(result.current.state.text).toEqual({ latitude: '10.000000', longitude: '20.000000' });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS * 2);
    });
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('emits null when both fields are emptied, without errors', () => {
    const { result, onChange } = setup({ latitude: 1, longitude: 2 });
    act(() => {
      result.current.type('latitude', '');
      result.current.type('longitude', '');
    });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(result.current.state.errors).toEqual({});
  });

  it('set() (map click, position) shows the rounded point, resets errors, cancels pending typing', () => {
    const { result, onChange, onTypedPoint } = setup();
    act(() => result.current.type('latitude', 'oops'));
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(result.current.state.errors.latitude).toBe('coordinates.invalid_latitude_format');
    act(() => result.current.type('longitude', '5'));
    act(() => {
      result.current.set({ latitude: 45.12345678, longitude: 13.98765432 });
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 45.123457, longitude: 13.987654 });
    expect(result.current.state).toEqual(
      initialInputState({ latitude: 45.123457, longitude: 13.987654 }),
    );
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenCalledOnce();
    expect(onTypedPoint).not.toHaveBeenCalled();
  });

  it('clear() empties the fields, resets the errors and emits null', () => {
    const { result, onChange } = setup({ latitude: 1, longitude: 2 });
    act(() => result.current.type('latitude', '-'));
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(result.current.state.errors).not.toEqual({});
    act(() => result.current.clear());
    expect(result.current.state).toEqual(initialInputState(null));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
  });

  it("takes a new value from the parent, but not the echo of its own emission (the user's text stays)", () => {
    const { result, rerender, onChange } = setup();
    act(() => {
      result.current.type('latitude', '46.05');
      result.current.type('longitude', '14.5');
    });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    rerender({ value: { latitude: 46.05, longitude: 14.5 } });
    expect(result.current.state.text).toEqual({ latitude: '46.05', longitude: '14.5' });
    // A different value (e.g. the saved location reloaded) replaces the inputs.
    act(() => result.current.type('latitude', 'x'));
    rerender({ value: { latitude: 1, longitude: 2 } });
    expect(result.current.state).toEqual(initialInputState({ latitude: 1, longitude: 2 }));
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(result.current.state.errors).toEqual({});
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('does not emit a typed value equal to the current one', () => {
    const { result, onChange } = setup({ latitude: 46.05, longitude: 14.5 });
    act(() => result.current.type('latitude', '46.050'));
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(onChange).not.toHaveBeenCalled();
  });
});
