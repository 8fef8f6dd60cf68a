/**
 * Bradley–Terry model with ties (Rao & Kupper 1967), fitted by maximum likelihood with the
 * minorization–maximization updates of Hunter (2004, "MM algorithms for generalized Bradley–Terry
 * models", §4). Used by the certainty probe to turn pairwise "which text is more certain" judgments
 * into a global ranking (Belem et al., appendix D.2).
 *
 * Model, with strengths π_i > 0 and tie threshold θ ≥ 1:
 *   P(i ≻ j) = π_i / (π_i + θ π_j)
 *   P(i ~ j) = (θ² − 1) π_i π_j / ((π_i + θ π_j)(θ π_i + π_j))
 * The paper writes the same model with λ_i = π_i²: P(i ≻ j) = λ_i / (λ_i + θ √(λ_i λ_j)). (Its tie
 * formula, eq. 4, drops a factor √(λ_i λ_j) in the numerator — without it the three probabilities do
 * not sum to 1 — so we follow Rao & Kupper.) We report both π (`strength`) and λ = π² (`lambda`);
 * the ranking is the same.
 *
 * Writing s_ij = wins of i over j + ties between i and j, S_i = Σ_j s_ij and T = total ties, the
 * log-likelihood is ℓ = Σ_i S_i log π_i − Σ_{i≠j} s_ij log(π_i + θ π_j) + T log(θ² − 1), and
 *   π_i ← S_i / Σ_{j≠i} [ s_ij / (π_i + θ π_j) + θ s_ji / (π_j + θ π_i) ]
 *   θ   ← 1/(2C) + sqrt(1 + 1/(4C²)),  C = Σ_{i≠j} s_ij π_j / (π_i + θ π_j) / (2T)
 * With no ties θ = 1 and this is Zermelo's/standard Bradley–Terry. Strengths are scaled to a
 * geometric mean of 1.
 *
 * The MLE exists only if the comparison graph is strongly connected (Ford 1957): an item that never
 * wins or ties drifts to strength 0, one that never loses (or ties) to infinity. Then `converged` is
 * false after `maxIterations` (an item with no wins and no ties gets strength 0 at once; `converged`
 * is then false too). A comparison graph in several components (no pair links them) is reported in
 * `components` and is never `converged`: the order across components is not identified. `logLikelihood` includes the prior's virtual ties. `prior` adds that many virtual ties between every compared pair
 * (a mild regulariser that guarantees a finite estimate when θ > 1 or wins exist both ways).
 */

import { connectedComponents } from './components.js';

/**
 * A strength as compared for ranking: rounded to 10 significant digits, so strengths that differ
 * only by an iterative fit's rounding noise (1.0000000000000004 and 0.9999999999999971 for a fully
 * tied set) are ties, broken by a stated rule instead of by that noise.
 */
export function tieKey(v: number): number {
  return Number.isFinite(v) ? Number(v.toPrecision(10)) : v;
}

export interface PairCounts {
  a: string;
  b: string;
  aWins: number;
  bWins: number;
  ties: number;
}

export interface BradleyTerryOptions {
  maxIterations?: number;
  /** stop when the largest relative change of any strength and of θ is below this; default 1e-10 */
  tolerance?: number;
  /** virtual ties added to every compared pair; default 0 */
  prior?: number;
}

export interface BradleyTerryFit {
  /** items in first-seen order */
  items: string[];
  /** π_i (Rao–Kupper form), geometric mean 1 */
  strength: Record<string, number>;
  /** λ_i = π_i² (the paper's form) */
  lambda: Record<string, number>;
  theta: number;
  /** items sorted by decreasing strength (ties in strength keep first-seen order) */
  ranking: string[];
  logLikelihood: number;
  iterations: number;
  /** false when the comparison graph is disconnected (see `components`) or the fit hit a boundary */
  converged: boolean;
  /**
   * Connected components of the comparison graph, each in first-seen order. With more than one,
   * strengths are comparable only within a component (each is scaled on its own to a geometric
   * mean of 1) and `ranking` across components means nothing: the fit is not converged.
   */
  components: string[][];
}

export function fitBradleyTerryTies(pairs: PairCounts[], opts: BradleyTerryOptions = {}): BradleyTerryFit {
  const maxIterations = opts.maxIterations ?? 10000;
  const tolerance = opts.tolerance ?? 1e-10;
  const prior = opts.prior ?? 0;
  if (!(prior >= 0)) throw new RangeError(`fitBradleyTerryTies: prior must be ≥ 0, got ${prior}`);
  const index = new Map<string, number>();
  const items: string[] = [];
  const id = (name: string): number => {
    let k = index.get(name);
    if (k === undefined) {
      k = items.length;
      index.set(name, k);
      items.push(name);
    }
    return k;
  };
  pairs.forEach((p, r) => {
    for (const key of ['aWins', 'bWins', 'ties'] as const) {
      const v = p[key];
      if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`fitBradleyTerryTies: pair ${r} (${p.a} vs ${p.b}): ${key} = ${v} is not a count`);
    }
    if (p.a === p.b) throw new RangeError(`fitBradleyTerryTies: pair ${r} compares '${p.a}' with itself`);
    id(p.a);
    id(p.b);
  });
  const n = items.length;
  // Sparse over compared pairs: for each unordered pair (i < j), s_ij = wins of i + ties, s_ji likewise.
  const pairIndex = new Map<number, number>();
  const pi0: number[] = [];
  const pj0: number[] = [];
  const sIJ: number[] = [];
  const sJI: number[] = [];
  let totalTies = 0;
  for (const p of pairs) {
    let i = index.get(p.a)!;
    let j = index.get(p.b)!;
    let wi = p.aWins;
    let wj = p.bWins;
    if (i > j) {
      [i, j] = [j, i];
      [wi, wj] = [wj, wi];
    }
    const key = i * n + j;
    let k = pairIndex.get(key);
    if (k === undefined) {
      k = sIJ.length;
      pairIndex.set(key, k);
      pi0.push(i);
      pj0.push(j);
      sIJ.push(prior);
      sJI.push(prior);
      totalTies += prior;
    }
    sIJ[k]! += wi + p.ties;
    sJI[k]! += wj + p.ties;
    totalTies += p.ties;
  }
  const m = sIJ.length;
  const S = new Float64Array(n);
  for (let k = 0; k < m; k++) {
    S[pi0[k]!]! += sIJ[k]!;
    S[pj0[k]!]! += sJI[k]!;
  }
  let pi = new Float64Array(n).fill(1);
  let theta = totalTies > 0 ? 1.5 : 1;
  let iterations = 0;
  let converged = n === 0;
  const denom = new Float64Array(n);
  while (!converged && iterations < maxIterations) {
    iterations++;
    denom.fill(0);
    for (let k = 0; k < m; k++) {
      const i = pi0[k]!;
      const j = pj0[k]!;
      const a = sIJ[k]! / (pi[i]! + theta * pi[j]!); // s_ij / (π_i + θπ_j)
      const b = sJI[k]! / (pi[j]! + theta * pi[i]!); // s_ji / (π_j + θπ_i)
      denom[i]! += a + theta * b;
      denom[j]! += b + theta * a;
    }
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) next[i] = denom[i] === 0 ? pi[i]! : S[i]! / denom[i]!;
    // Scale to geometric mean 1 (only over positive strengths, so a zero does not poison the scale).
    let logSum = 0;
    let positive = 0;
    for (const v of next) {
      if (v > 0 && Number.isFinite(v)) {
        logSum += Math.log(v);
        positive++;
      }
    }
    const scale = positive > 0 ? Math.exp(-logSum / positive) : 1;
    for (let i = 0; i < n; i++) next[i] = next[i]! * scale;
    let nextTheta = theta;
    if (totalTies > 0) {
      let c = 0;
      for (let k = 0; k < m; k++) {
        const i = pi0[k]!;
        const j = pj0[k]!;
        c += (sIJ[k]! * next[j]!) / (next[i]! + theta * next[j]!) + (sJI[k]! * next[i]!) / (next[j]! + theta * next[i]!);
      }
      c /= 2 * totalTies;
      nextTheta = 1 / (2 * c) + Math.sqrt(1 + 1 / (4 * c * c));
    }
    let change = Math.abs(nextTheta - theta) / theta;
    for (let i = 0; i < n; i++) {
      const d = Math.abs(next[i]! - pi[i]!) / Math.max(pi[i]!, 1e-300);
      if (d > change) change = d;
    }
    pi = next;
    theta = nextTheta;
    if (!(change >= tolerance)) converged = Number.isFinite(change);
  }
  // A boundary solution (some strength 0 or infinite) is not an MLE.
  if (pi.some((v) => !(v > 0 && Number.isFinite(v)))) converged = false;
  // Components of the comparison graph: across them the likelihood does not tie strengths together.
  const componentIdx = connectedComponents(n, pi0.map((i, k) => [i, pj0[k]!] as const));
  if (componentIdx.length > 1) {
    converged = false;
    // the joint scale is arbitrary across components: give each its own geometric mean of 1
    for (const comp of componentIdx) {
      const pos = comp.filter((i) => pi[i]! > 0 && Number.isFinite(pi[i]!));
      if (pos.length === 0) continue;
      const sc = Math.exp(-pos.reduce((a, i) => a + Math.log(pi[i]!), 0) / pos.length);
      for (const i of comp) pi[i] = pi[i]! * sc;
    }
  }
  let logLikelihood = totalTies > 0 ? totalTies * Math.log(theta * theta - 1) : 0;
  for (let k = 0; k < m; k++) {
    const i = pi0[k]!;
    const j = pj0[k]!;
    if (sIJ[k]! > 0) logLikelihood += sIJ[k]! * (Math.log(pi[i]!) - Math.log(pi[i]! + theta * pi[j]!));
    if (sJI[k]! > 0) logLikelihood += sJI[k]! * (Math.log(pi[j]!) - Math.log(pi[j]! + theta * pi[i]!));
  }
  const strength: Record<string, number> = {};
  const lambda: Record<string, number> = {};
  items.forEach((name, i) => {
    strength[name] = pi[i]!;
    lambda[name] = pi[i]! * pi[i]!;
  });
  // strengths equal but for the fit's rounding noise are ties, listed in the items' order
  const ranking = items
    .map((name, i) => ({ name, i, v: tieKey(pi[i]!) }))
    .sort((x, y) => y.v - x.v || x.i - y.i)
    .map((x) => x.name);
  return {
    items,
    strength,
    lambda,
    theta,
    ranking,
    logLikelihood,
    iterations,
    converged,
    components: componentIdx.map((c) => c.map((i) => items[i]!)),
  };
}
