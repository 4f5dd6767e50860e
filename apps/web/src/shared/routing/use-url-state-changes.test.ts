import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUrlStateChanges } from './use-url-state-changes.ts';

interface Filters {
  types: string[];
  q: string;
}

const key = (state: Filters) => `${state.types.join(',')}?${state.q}`;

function setup(initial: Filters) {
  const write = vi.fn<(next: Filters) => void>();
  const hook = renderHook(({ shown }) => useUrlStateChanges(shown, write, key), {
    initialProps: { shown: initial },
  });
  return { write, hook };
}

describe('useUrlStateChanges', () => {
  it('starts a second change from the first one before the URL is rendered again', () => {
    const { write, hook } = setup({ types: ['users', 'locations', 'devices'], q: '' });
    const drop = (kind: string) => (current: Filters) => ({
      ...current,
      types: current.types.filter((t) => t !== kind),
    });
    act(() => {
      hook.result.current(drop('users'));
      hook.result.current(drop('devices'));
    });
    expect(write.mock.calls.map(([next]) => next.types)).toEqual([
      ['locations', 'devices'],
      ['locations'],
    ]);
  });

  it('keeps the pending state through a render of the old URL', () => {
    const initial = { types: ['users', 'locations'], q: '' };
    const { write, hook } = setup(initial);
    act(() => hook.result.current((current) => ({ ...current, q: 'Zupan' })));
    // The same object: the navigation has not been rendered yet.
    hook.rerender({ shown: initial });
    act(() => hook.result.current((current) => ({ ...current, types: ['users'] })));
    expect(write.mock.lastCall?.[0]).toEqual({ types: ['users'], q: 'Zupan' });
  });

  it('keeps the later changes when the URL of an earlier one is rendered', () => {
    const { write, hook } = setup({ types: ['users', 'locations', 'devices'], q: '' });
    act(() => hook.result.current((current) => ({ ...current, types: ['locations', 'devices'] })));
    act(() => hook.result.current((current) => ({ ...current, q: 'Bled' })));
    // The first change's URL is rendered while the second one's waits.
    hook.rerender({ shown: { types: ['locations', 'devices'], q: '' } });
    act(() => hook.result.current((current) => ({ ...current, types: ['locations'] })));
    expect(write.mock.lastCall?.[0]).toEqual({ types: ['locations'], q: 'Bled' });
    // Once the last change is rendered, a later one starts from there.
    hook.rerender({ shown: { types: ['locations'], q: 'Bled' } });
    act(() => hook.result.current((current) => ({ ...current, q: `${current.q}!` })));
    expect(write.mock.lastCall?.[0]).toEqual({ types: ['locations'], q: 'Bled!' });
  });

  it('takes a new state from the URL (Back, a link) as it is', () => {
    const { write, hook } = setup({ types: ['users'], q: 'a' });
    act(() => hook.result.current((current) => ({ ...current, q: 'ab' })));
    hook.rerender({ shown: { types: ['locations'], q: '' } });
    act(() => hook.result.current((current) => ({ ...current, q: `${current.q}x` })));
    expect(write.mock.lastCall?.[0]).toEqual({ types: ['locations'], q: 'x' });
  });

  it('writes with the latest writer', () => {
    const first = vi.fn();
    const second = vi.fn();
    const state = { q: '' };
    const hook = renderHook(({ write }) => useUrlStateChanges(state, write, (s) => s.q), {
      initialProps: { write: first as (next: { q: string }) => void },
    });
    hook.rerender({ write: second });
    act(() => hook.result.current(() => ({ q: 'x' })));
    expect([first.mock.calls.length, second.mock.calls]).toEqual([0, [[{ q: 'x' }]]]);
  });
});
