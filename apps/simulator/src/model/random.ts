/**
 * Seeded, stateless randomness. Every random quantity of the models is a pure function of (seed, stream, index):
 * the same instant gives the same value whether the live controller or the history generator asks, and whatever
 * was asked before. No `Math.random`, no clock.
 */

/** A 32-bit hash of a string (FNV-1a), to turn text seeds and device refs into numbers. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A seed given as a number or a string, as an unsigned 32-bit integer. */
export function toSeed(seed: number | string): number {
  return typeof seed === 'number' ? seed >>> 0 : hashString(seed);
}

/** Mixes up to three integers into a well-spread unsigned 32-bit value (a murmur3-style finaliser). */
export function mix(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(c + 0x165667b1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) for (seed, stream, index). `index` may be any integer up to ±2^53. */
export function uniform(seed: number, stream: number, index: number): number {
  // Split large indices (minute numbers since 1970 exceed 2^32) into two 32-bit halves.
  const low = index >>> 0;
  const high = Math.floor(index / 4294967296) | 0;
  return mix(mix(seed, stream, high), low, stream) / 4294967296;
}

/** A standard normal number for (seed, stream, index) (Box–Muller on two uniforms). */
export function normal(seed: number, stream: number, index: number): number {
  const u1 = Math.max(uniform(seed, stream, index * 2), 1e-12);
  const u2 = uniform(seed, stream, index * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * Smooth value noise in [−1, 1]: random values at integer knots of `x`, blended with a smoothstep, so nearby
 * instants get similar values (slow load fluctuations, passing clouds).
 */
export function valueNoise(seed: number, stream: number, x: number): number {
  const k = Math.floor(x);
  const f = x - k;
  const s = f * f * (3 - 2 * f);
  const a = uniform(seed, stream, k) * 2 - 1;
  const b = uniform(seed, stream, k + 1) * 2 - 1;
  return a + (b - a) * s;
}

/** A small sequential PRNG (mulberry32) for places that draw many numbers in a row (CLI ids, tests). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
