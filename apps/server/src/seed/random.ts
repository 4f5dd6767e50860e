/**
 * A small deterministic PRNG (mulberry32): the same seed gives the same sequence on every machine, so the demo
 * data — including the password salts — is identical on every run.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    /** A float in [0, 1). */
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** `length` pseudo-random bytes. */
    bytes(length: number): Uint8Array {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = Math.floor(next() * 256);
      return out;
    },
  };
}

/** The demo seed's fixed seed. */
export const DEMO_SEED = 20_240_601;
