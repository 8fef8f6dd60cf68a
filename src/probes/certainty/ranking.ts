/**
 * Source-certainty ranking (Belem et al., App. D.2): pairwise "which text is more certain"
 * judgements between source texts, fitted with the Bradley–Terry model with ties (Rao & Kupper
 * 1967, eqs. 3–4) by maximum likelihood (src/stats/bradley-terry.ts: MM updates that increase the
 * likelihood at every step, Hunter 2004; convergence = largest relative change of any strength and
 * of θ below the tolerance). The released fitting code uses an update that is neither Rao–Kupper
 * nor Davidson; this is the real MLE.
 *
 * Two-pass sampling:
 *  - pass 1: every item is paired with k₁ random partners; each pair judged once in each order;
 *  - pass 2: after fitting pass 1, every item (at rank r) gets k₂ partners drawn from the window
 *    r − w … r + w (without r); each pair judged `votes` times in each order (paper: 3, so 6).
 * All judgements are pooled before the final fit. The MLE exists only when the comparison graph
 * is connected (and, strictly, strongly connected in wins/ties); the result reports connectivity.
 */
import { fitBradleyTerryTies, tieKey, type BradleyTerryFit, type PairCounts } from '../../stats/bradley-terry.js';
import { createRng, sampleWithoutReplacement } from '../../stats/rng.js';
import { connectedComponents } from '../../stats/components.js';
import type { PairwiseCertaintyJudge } from '../../judges/certainty/types.js';

export interface RankingOptions {
  /** pass-1 partners per item (paper: 25 SPICED, 10 MIMIC) */
  k1?: number;
  /** pass-2 partners per item (paper: 5 SPICED, 8 MIMIC); 0 skips pass 2 */
  k2?: number;
  /** pass-2 half window in ranks; default 2·k2 */
  window?: number;
  /** pass-2 judgements per order (paper: 3) */
  votes?: number;
  /** judge temperature (paper: 0.7) */
  temperature?: number;
  seed?: number;
  /** virtual ties per compared pair for the fit (default 0 = plain MLE) */
  prior?: number;
  signal?: AbortSignal;
}

type Pair = [number, number];

const key = (i: number, j: number): string => (i < j ? `${i},${j}` : `${j},${i}`);

/** Pass 1: k random distinct partners per item, as unordered pairs without duplicates. */
export function samplePass1(n: number, k: number, rng: () => number): Pair[] {
  if (!(Number.isInteger(k) && k >= 0)) throw new RangeError(`samplePass1: k must be a non-negative integer, got ${k}`);
  const seen = new Set<string>();
  const out: Pair[] = [];
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const others = all.filter((j) => j !== i);
    for (const j of sampleWithoutReplacement(others, Math.min(k, others.length), rng)) {
      const kk = key(i, j);
      if (!seen.has(kk)) {
        seen.add(kk);
        out.push([i, j]);
      }
    }
  }
  return out;
}

/** Pass 2: for the item at each rank, k partners from the rank window ±w (pairs as item indices). */
export function samplePass2(ranking: readonly number[], k: number, w: number, rng: () => number): Pair[] {
  const seen = new Set<string>();
  const out: Pair[] = [];
  ranking.forEach((item, r) => {
    const window: number[] = [];
    for (let q = Math.max(0, r - w); q <= Math.min(ranking.length - 1, r + w); q++) if (q !== r) window.push(ranking[q]!);
    for (const j of sampleWithoutReplacement(window, Math.min(k, window.length), rng)) {
      const kk = key(item, j);
      if (!seen.has(kk)) {
        seen.add(kk);
        out.push([item, j]);
      }
    }
  });
  return out;
}

/** Connected components of the comparison graph (union–find). */
export function comparisonGraphConnected(n: number, pairs: readonly Pair[]): { connected: boolean; components: number } {
  const components = connectedComponents(n, pairs).length;
  return { connected: components <= 1, components };
}

export interface RankingResult {
  fit: BradleyTerryFit;
  /** strength per id (λ, the paper's form) */
  lambda: Record<string, number>;
  /** ids, most certain first */
  ranking: string[];
  pass1Pairs: number;
  pass2Pairs: number;
  judgements: number;
  /** unreadable judgements (not counted) */
  invalid: number;
  connected: boolean;
  components: number;
  counts: PairCounts[];
}

async function judgePairs(
  items: readonly { id: string; text: string }[],
  pairs: readonly Pair[],
  judge: PairwiseCertaintyJudge,
  votes: number,
  counts: Map<string, PairCounts>,
  opts: RankingOptions,
): Promise<{ judgements: number; invalid: number }> {
  let judgements = 0;
  let invalid = 0;
  for (const [i, j] of pairs) {
    const a = items[i]!;
    const b = items[j]!;
    const kk = key(i, j);
    let c = counts.get(kk);
    if (!c) {
      c = i < j ? { a: a.id, b: b.id, aWins: 0, bWins: 0, ties: 0 } : { a: b.id, b: a.id, aWins: 0, bWins: 0, ties: 0 };
      counts.set(kk, c);
    }
    for (let v = 0; v < votes; v++) {
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const o: { signal?: AbortSignal; temperature?: number; sample?: number } = { temperature: opts.temperature ?? 0.7, sample: v };
        if (opts.signal) o.signal = opts.signal;
        const r = await judge.judgeOrdered(x.text, y.text, o);
        judgements++;
        if (r.score === null) {
          invalid++;
          continue;
        }
        const winner = r.score < 0 ? x.id : r.score > 0 ? y.id : null;
        if (winner === null) c.ties++;
        else if (winner === c.a) c.aWins++;
        else c.bWins++;
      }
    }
  }
  return { judgements, invalid };
}

export async function rankSourceCertainty(items: readonly { id: string; text: string }[], judge: PairwiseCertaintyJudge, opts: RankingOptions = {}): Promise<RankingResult> {
  const n = items.length;
  if (n < 2) throw new RangeError('rankSourceCertainty: need at least 2 items');
  const ids = new Set(items.map((i) => i.id));
  if (ids.size !== n) throw new RangeError('rankSourceCertainty: item ids must be unique');
  const k1 = opts.k1 ?? Math.max(1, Math.ceil(Math.log(n)));
  const k2 = opts.k2 ?? 0;
  const rng = createRng(opts.seed ?? 42);
  const counts = new Map<string, PairCounts>();
  const fitOpts = opts.prior !== undefined ? { prior: opts.prior } : {};
  const p1 = samplePass1(n, k1, rng);
  const s1 = await judgePairs(items, p1, judge, 1, counts, opts);
  let p2: Pair[] = [];
  let s2 = { judgements: 0, invalid: 0 };
  if (k2 > 0) {
    const first = fitBradleyTerryTies([...counts.values()], fitOpts);
    const pos = new Map(items.map((it, i) => [it.id, i]));
    const ranking = first.ranking.map((id) => pos.get(id)!);
    for (let i = 0; i < n; i++) if (!first.items.includes(items[i]!.id)) ranking.push(i);
    p2 = samplePass2(ranking, k2, opts.window ?? 2 * k2, rng);
    s2 = await judgePairs(items, p2, judge, opts.votes ?? 3, counts, opts);
  }
  const all = [...counts.values()];
  const fitted = fitBradleyTerryTies(all, fitOpts);
  // tied strengths are listed in the texts' given order (the fit lists them in first-judged order)
  const at = new Map(items.map((it, i) => [it.id, i]));
  const fit = { ...fitted, ranking: [...fitted.ranking].sort((x, y) => tieKey(fitted.strength[y]!) - tieKey(fitted.strength[x]!) || at.get(x)! - at.get(y)!) };
  const conn = comparisonGraphConnected(n, [...p1, ...p2]);
  return {
    fit,
    lambda: fit.lambda,
    ranking: fit.ranking,
    pass1Pairs: p1.length,
    pass2Pairs: p2.length,
    judgements: s1.judgements + s2.judgements,
    invalid: s1.invalid + s2.invalid,
    connected: conn.connected,
    components: conn.components,
    counts: all,
  };
}
