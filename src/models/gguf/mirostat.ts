/**
 * Mirostat: feedback control of the surprise of the sampled tokens.
 *
 * - mode 1 and 2 are Basu et al. (2021, arXiv:2007.14966) as llama.cpp implements them
 *   (src/llama-sampling.cpp, llama_sampler_mirostat[_v2]_apply). Surprise is in bits; μ starts at
 *   2τ. v2: drop tokens whose surprise −log2 p exceeds μ (keep at least the best), renormalise,
 *   draw, s = −log2 p'(x) under the renormalised distribution, μ ← μ − η(s − τ).
 *   v1: estimate the Zipf exponent ŝ from the top m = 100 tokens, ε̂ = ŝ − 1,
 *   k = (ε̂·2^μ / (1 − N^(−ε̂)))^(1/ŝ), sample from the top k, same μ update.
 * - 'table-a5' is the variant Alessa et al. describe in Table A5 (Mirostat Decoding, μ* = 2.0,
 *   η = 0.1): after each token s_t = −ln p_t (nats, p_t under the distribution it was drawn from),
 *   μ_{t+1} = μ_t − η(s_t − μ*), next temperature T = exp(μ_{t+1}), next distribution softmax(z/T).
 *   The paper gives no μ_0; we start at μ_0 = 0 (T = 1, the model's own distribution) unless told.
 */
import type { Rng } from '../../stats/rng.js';
import type { MirostatSpec, MirostatTrace } from '../stepwise.js';
import { draw, softmax, sortedTokens, topTokens, type Scored } from './sampler.js';

export type { MirostatSpec, MirostatTrace } from '../stepwise.js';

/** The paper's hyper-parameters for Table A5's Mirostat Decoding. */
export const TABLE_A5_MIROSTAT: MirostatSpec = { mode: 'table-a5', target: 2.0, eta: 0.1 };

export class Mirostat {
  private mu: number;
  constructor(
    readonly spec: MirostatSpec,
    /** temperature applied before modes 1/2 (llama.cpp's chain: temp → mirostat) */
    private readonly temperature = 1,
  ) {
    if (!(spec.eta >= 0)) throw new RangeError('mirostat eta must be ≥ 0');
    this.mu = spec.mode === 'table-a5' ? (spec.mu0 ?? 0) : 2 * spec.tau;
  }

  get currentMu(): number {
    return this.mu;
  }

  pick(z: ArrayLike<number>, rng: Rng): { token: number; trace: MirostatTrace } {
    const s = this.spec;
    if (s.mode === 'table-a5') {
      const temperature = Math.exp(this.mu);
      const p = softmax(z, temperature);
      const cands = sortedTokens(z);
      const token = draw(cands, cands.map((c) => p[c.token] as number), rng);
      const surprise = -Math.log(p[token] as number);
      return this.update(token, surprise, s.target, s.eta, { temperature, kept: cands.length });
    }
    const t = this.temperature;
    const zt = Float64Array.from({ length: z.length }, (_, i) => (z[i] as number) / t);
    let cands: Scored[];
    if (s.mode === 2) {
      const p = softmax(zt);
      const sorted = sortedTokens(zt);
      let n = sorted.findIndex((c) => -Math.log2(p[c.token] as number) > this.mu);
      if (n === -1) n = sorted.length;
      cands = sorted.slice(0, Math.max(1, n));
    } else {
      cands = topTokens(zt, mirostatV1K(zt, this.mu, s.m ?? 100));
    }
    if (cands.length === 0) throw new Error('gguf sampler: every token is forbidden');
    const top = (cands[0] as Scored).logit;
    const w = cands.map((c) => Math.exp(c.logit - top));
    const total = w.reduce((a, b) => a + b, 0);
    const token = draw(cands, w, rng);
    const idx = cands.findIndex((c) => c.token === token);
    const surprise = -Math.log2((w[idx] as number) / total);
    return this.update(token, surprise, s.tau, s.eta, { kept: cands.length });
  }

  private update(token: number, surprise: number, target: number, eta: number, extra: { temperature?: number; kept: number }): { token: number; trace: MirostatTrace } {
    const mu = this.mu;
    this.mu = mu - eta * (surprise - target);
    return { token, trace: { mu, surprise, nextMu: this.mu, ...extra } };
  }
}

/** Mirostat v1's k from the top-m Zipf fit (llama.cpp's formula; the ε̂ → 0 limit is 2^μ / ln N). */
export function mirostatV1K(z: ArrayLike<number>, mu: number, m: number): number {
  const p = softmax(z);
  const sorted = sortedTokens(z);
  let sumTiBi = 0;
  let sumTiSq = 0;
  for (let i = 0; i < m - 1 && i < sorted.length - 1; i++) {
    const ti = Math.log((i + 2) / (i + 1));
    const bi = Math.log((p[(sorted[i] as Scored).token] as number) / (p[(sorted[i + 1] as Scored).token] as number));
    if (!Number.isFinite(bi)) break;
    sumTiBi += ti * bi;
    sumTiSq += ti * ti;
  }
  const n = sorted.length;
  if (sumTiSq === 0) return n;
  const sHat = sumTiBi / sumTiSq;
  const eps = sHat - 1;
  const k = Math.abs(eps) < 1e-9 ? 2 ** mu / Math.log(n) : ((eps * 2 ** mu) / (1 - n ** -eps)) ** (1 / sHat);
  if (!Number.isFinite(k)) return n;
  return Math.min(n, Math.max(1, Math.floor(k)));
}
