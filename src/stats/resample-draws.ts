/**
 * The indices a seeded bootstrap draws, made once and shared. A bootstrap over n items with seed s
 * and B resamples draws `Math.floor(rng() * n)` B × n times from `createRng(s)`: the same indices
 * for every statistic bootstrapped over the same number of items with the same seed, and a run
 * bootstraps many (the position probe: three intervals per system over the same articles, 16
 * systems on SummEval). Reading them from here gives every interval the numbers it had when each
 * drew its own, without the draws.
 *
 * Only small draw sets are kept (`MAX_INDICES`, the most recent `KEPT` of them): a bootstrap over
 * many items draws its indices itself (`null`), so memory stays bounded.
 */
import { createRng } from './rng.js';

/** 4 MB of indices at most per draw set */
const MAX_INDICES = 1 << 20;
const KEPT = 2;
const kept = new Map<string, Int32Array>();

/**
 * Resample b's draw i is `draws[b * n + i]`, as `createRng(seed)` gives them in that order; null
 * when B × n is over the size kept (draw them from `createRng(seed)` then).
 */
export function resampleDraws(seed: number, n: number, B: number): Int32Array | null {
  if (n * B > MAX_INDICES) return null;
  const key = `${seed}|${n}|${B}`;
  let draws = kept.get(key);
  if (draws === undefined) {
    const rng = createRng(seed);
    draws = new Int32Array(n * B);
    for (let p = 0; p < draws.length; p++) draws[p] = Math.floor(rng() * n);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  } else kept.delete(key);
  kept.set(key, draws);
  return draws;
}
