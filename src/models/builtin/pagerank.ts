/**
 * Weighted PageRank by power iteration (the ranking step of TextRank, Mihalcea & Tarau 2004):
 *
 *   PR(i) = (1 - d) / N + d * ( sum_j  w_ji / W_j * PR(j)  +  sum_{j dangling} PR(j) / N )
 *
 * with W_j = sum_k w_jk the out-weight of j. A node without edges (W_j = 0) spreads its score
 * uniformly, as networkx.pagerank does, so scores stay a probability distribution (sum 1).
 * Iteration stops when the L1 change is below `tol` or after `maxIter` rounds.
 */

export interface PageRankOptions {
  /** damping factor d (default 0.85) */
  damping?: number;
  /** L1 convergence tolerance (default 1e-6) */
  tol?: number;
  /** maximum iterations (default 100) */
  maxIter?: number;
}

export interface PageRankResult {
  scores: Float64Array;
  iterations: number;
  converged: boolean;
}

/** PageRank of the graph with n x n non-negative weights `w` (row-major, w[i*n+j] = edge i->j). */
export function pageRank(w: Float64Array, n: number, opts: PageRankOptions = {}): PageRankResult {
  if (w.length !== n * n) throw new Error(`pageRank: weight matrix has ${w.length} entries, expected ${n * n}`);
  const d = opts.damping ?? 0.85;
  const tol = opts.tol ?? 1e-6;
  const maxIter = opts.maxIter ?? 100;
  if (n === 0) return { scores: new Float64Array(0), iterations: 0, converged: true };
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += w[i * n + j] as number;
    out[i] = s;
  }
  let x = new Float64Array(n).fill(1 / n);
  let next = new Float64Array(n);
  for (let it = 1; it <= maxIter; it++) {
    let dangling = 0;
    for (let j = 0; j < n; j++) if (out[j] === 0) dangling += x[j] as number;
    const base = (1 - d) / n + (d * dangling) / n;
    next.fill(base);
    for (let j = 0; j < n; j++) {
      const oj = out[j] as number;
      if (oj === 0) continue;
      const share = (d * (x[j] as number)) / oj;
      const row = j * n;
      for (let i = 0; i < n; i++) {
        const wji = w[row + i] as number;
        if (wji !== 0) next[i] = (next[i] as number) + share * wji;
      }
    }
    let err = 0;
    for (let i = 0; i < n; i++) err += Math.abs((next[i] as number) - (x[i] as number));
    [x, next] = [next, x];
    if (err < tol) return { scores: x, iterations: it, converged: true };
  }
  return { scores: x, iterations: maxIter, converged: false };
}
