import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedText } from './use-debounced-text.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial = '') {
  const commit = vi.fn<(text: string) => void>();
  const hook = renderHook(({ value }) => useDebouncedText(value, commit), {
    initialProps: { value: initial },
  });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const wait = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };
  return { ...hook, commit, type, wait };
}

describe('useDebouncedText', () => {
  it('commits the typed text once typing pauses, the last text only', () => {
    const { result, commit, type, wait } = setup();
    type('so');
    wait(SEARCH_DEBOUNCE_MS - 1);
    type('solar');
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(commit).not.toHaveBeenCalled();
    expect(result.current[0]).toBe('solar');
    wait(1);
    expect(commit).toHaveBeenCalledExactlyOnceWith('solar');
  });

  it('does not commit a change of surrounding spaces only', () => {
    const { commit, type, wait } = setup('solar');
    type(' solar ');
    wait(SEARCH_DEBOUNCE_MS);
    expect(commit).not.toHaveBeenCalled();
  });

  it('refills the box when the value changes from elsewhere, without committing it again', () => {
    const { result, commit, rerender, type, wait } = setup('solar');
    rerender({ value: '' });
    expect(result.current[0]).toBe('');
    wait(SEARCH_DEBOUNCE_MS);
    expect(commit).not.toHaveBeenCalled();
    // Its own commit coming back as the value leaves the box alone.
    type('bat');
    wait(SEARCH_DEBOUNCE_MS);
    rerender({ value: 'bat' });
    expect(result.current[0]).toBe('bat');
    expect(commit).toHaveBeenCalledExactlyOnceWith('bat');
  });

  it('calls the latest commit', () => {
    const first = vi.fn<(text: string) => void>();
    const second = vi.fn<(text: string) => void>();
    const { result, rerender } = renderHook(({ commit }) => useDebouncedText('', commit), {
      initialProps: { commit: first },
    });
    act(() => result.current[1]('x'));
    rerender({ commit: second });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith('x');
  });
});
