import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@ec/domain';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-load.ts';

describe('withChunkTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when it loads in time', async () => {
    const module = { Component: () => null };
    const load = withChunkTimeout(() => Promise.resolve(module));
    await expect(load()).resolves.toBe(module);
  });

  it('rejects with a timeout ChunkLoadError when the chunk has not loaded after 120000 ms', async () => {
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    const result = load();
    const settled = vi.fn();
    result.catch(settled);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = settled.mock.calls[0]?.[0];
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('turns an import failure into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const load = withChunkTimeout(() => Promise.reject(cause));
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('failed');
    expect((error as ChunkLoadError).cause).toBe(cause);
  });

  it('does not fire the timeout after a successful load', async () => {
    const load = withChunkTimeout(() => Promise.resolve('ok'), 50);
    await expect(load()).resolves.toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
  });
});
