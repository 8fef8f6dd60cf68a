/**
 * A small seeded PRNG (mulberry32) for sampling. Written here instead of depending on a package:
 * it is 10 lines, and sampling must be reproducible from the seed on every platform, which a
 * JS-side generator guarantees (llama.cpp's own RNG would tie outputs to the native build).
 */
export type Rng = () => number;

/** Uniform numbers in [0, 1) from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let a = Math.trunc(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for runs that did not ask for one. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 4294967296);
}
