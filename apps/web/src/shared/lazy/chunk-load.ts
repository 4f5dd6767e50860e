import { CHUNK_LOAD_TIMEOUT_MS } from '@ec/domain';

/** A lazily loaded part of the app (a route module) failed to load or did not arrive in time (spec 001 §8). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly reason: 'failed' | 'timeout';

  constructor(reason: 'failed' | 'timeout', options?: { cause?: unknown }) {
    super(reason === 'timeout' ? 'chunk load timed out' : 'chunk load failed', options);
    this.reason = reason;
  }
}

/** Whether an error means a chunk could not be loaded. */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Wraps a dynamic import so that a failure (network error, deleted chunk after a deploy) or a load slower than
 * `timeoutMs` rejects with ChunkLoadError, which the route error element turns into a message with a Reload
 * button. Use it for every route `lazy`.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('failed', { cause: error }));
        },
      );
    });
}
