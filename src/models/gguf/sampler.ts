/**
 * Next-token selection over a full vector of logits, in JS so that every step can be inspected
 * and steered (src/models/gguf/stepwise.ts) and so that sampling is reproducible from the seed.
 *
 * Order of operations (as in Hugging Face transformers): logit bias → temperature → top-k →
 * top-p → draw. Temperature 0 is greedy (argmax, ties to the lowest token id). Mirostat replaces
 * temperature/top-k/top-p; see mirostat.ts.
 */
import type { Rng } from '../../stats/rng.js';

/** A token with its (unnormalised) score. */
export interface Scored {
  token: number;
  logit: number;
}

/** log Σ exp(z) over the finite entries, computed stably. */
export function logSumExp(z: ArrayLike<number>): number {
  let max = -Infinity;
  for (let i = 0; i < z.length; i++) if ((z[i] as number) > max) max = z[i] as number;
  if (max === -Infinity) return -Infinity;
  let s = 0;
  for (let i = 0; i < z.length; i++) s += Math.exp((z[i] as number) - max);
  return max + Math.log(s);
}

/** softmax(z / t) */
export function softmax(z: ArrayLike<number>, t = 1): Float64Array {
  const scaled = Float64Array.from({ length: z.length }, (_, i) => (z[i] as number) / t);
  const lse = logSumExp(scaled);
  return scaled.map((v) => Math.exp(v - lse));
}

/** Index of the largest value (ties: lowest index). */
export function argmax(z: ArrayLike<number>): number {
  let best = -1;
  let bestV = -Infinity;
  for (let i = 0; i < z.length; i++) {
    if ((z[i] as number) > bestV) {
      bestV = z[i] as number;
      best = i;
    }
  }
  return best;
}

/** The k highest-scoring tokens, best first (ties: lowest id first). O(n·k) worst case, O(n) typical. */
export function topTokens(z: ArrayLike<number>, k: number): Scored[] {
  const out: Scored[] = [];
  if (k <= 0) return out;
  for (let i = 0; i < z.length; i++) {
    const v = z[i] as number;
    if (v === -Infinity || Number.isNaN(v)) continue;
    if (out.length === k && v <= (out[k - 1] as Scored).logit) continue;
    let j = out.length < k ? out.length : k - 1;
    if (out.length < k) out.push({ token: i, logit: v });
    while (j > 0 && (out[j - 1] as Scored).logit < v) {
      out[j] = out[j - 1] as Scored;
      j--;
    }
    out[j] = { token: i, logit: v };
  }
  return out;
}

/** Tokens sorted by score, best first, finite scores only (ties: lowest id first). */
export function sortedTokens(z: ArrayLike<number>): Scored[] {
  const out: Scored[] = [];
  for (let i = 0; i < z.length; i++) {
    const v = z[i] as number;
    if (v !== -Infinity && !Number.isNaN(v)) out.push({ token: i, logit: v });
  }
  return out.sort((a, b) => b.logit - a.logit || a.token - b.token);
}

/**
 * Draw from candidates with the given (unnormalised, non-negative) weights in their listed order.
 * One uniform number per draw, so a seed fixes the whole sequence.
 */
export function draw(cands: readonly Scored[], weights: readonly number[], rng: Rng): number {
  let total = 0;
  for (const w of weights) total += w;
  if (!(total > 0)) throw new Error('gguf sampler: no token left to sample (every candidate has zero probability)');
  const u = rng() * total;
  let acc = 0;
  for (let i = 0; i < cands.length; i++) {
    acc += weights[i] as number;
    if (u < acc) return (cands[i] as Scored).token;
  }
  return (cands[cands.length - 1] as Scored).token;
}

interface PlainSampling {
  temperature: number;
  topK?: number;
  topP?: number;
}

/**
 * Pick the next token from logits z (bias already added): greedy when temperature is 0, otherwise
 * softmax(z/T) truncated to the top k and then to the smallest set whose probability reaches top-p,
 * renormalised, drawn with rng.
 */
export function samplePlain(z: ArrayLike<number>, s: PlainSampling, rng: Rng): number {
  if (s.temperature <= 0) {
    const t = argmax(z);
    if (t < 0) throw new Error('gguf sampler: every token is forbidden');
    return t;
  }
  let cands = s.topK !== undefined && s.topK > 0 ? topTokens(z, s.topK) : sortedTokens(z);
  if (cands.length === 0) throw new Error('gguf sampler: every token is forbidden');
  const top = (cands[0] as Scored).logit;
  let w = cands.map((c) => Math.exp((c.logit - top) / s.temperature));
  if (s.topP !== undefined && s.topP < 1) {
    const total = w.reduce((a, b) => a + b, 0);
    let acc = 0;
    let keep = 0;
    while (keep < w.length) {
      acc += w[keep] as number;
      keep++;
      if (acc / total >= s.topP) break;
    }
    cands = cands.slice(0, keep);
    w = w.slice(0, keep);
  }
  return draw(cands, w, rng);
}
