/**
 * First Wasserstein (earth mover's) distance between two one-dimensional distributions,
 * computed as scipy.stats.wasserstein_distance does:
 *
 *   W1(u, v) = ∫ |U(t) − V(t)| dt,
 *
 * where U and V are the CDFs of the (optionally weighted) empirical distributions with support
 * `uValues` / `vValues`. Without weights every value has equal mass.
 *
 * For position bias (Chhabra et al.) two uses exist, both offered:
 * - `positionalWasserstein(p, q)`: the distance between distributions over the K segment
 *   positions, weighted by the segment proportions p and q. With segment centres (j − ½)/K the
 *   distance is in units of "fraction of the article": Σ_{j<K} |P_j − Q_j| / K with P, Q the
 *   cumulative proportions. This is the distance the paper describes.
 * - `releasedWasserstein(p, q)`: the released code's call `wasserstein_distance(p, q)`, which
 *   treats the K proportions as K sample *values* with equal mass. It ignores which segment each
 *   proportion belongs to (a lead-heavy and a mirrored tail-heavy distribution are at distance 0).
 */

function check(values: ArrayLike<number>, weights: ArrayLike<number> | undefined, name: string): void {
  if (values.length === 0) throw new RangeError(`wassersteinDistance: ${name} values are empty`);
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i] as number)) throw new RangeError(`wassersteinDistance: ${name} value ${i} is not finite`);
  }
  if (weights === undefined) return;
  if (weights.length !== values.length) {
    throw new RangeError(`wassersteinDistance: ${name} has ${values.length} values but ${weights.length} weights`);
  }
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    if (!Number.isFinite(w) || w < 0) throw new RangeError(`wassersteinDistance: ${name} weight ${i} must be finite and >= 0, got ${w}`);
    total += w;
  }
  if (!(total > 0)) throw new RangeError(`wassersteinDistance: ${name} weights sum to zero`);
}

/** Sorted values with the cumulative share of mass up to and including each one. */
function sortedCdf(values: ArrayLike<number>, weights: ArrayLike<number> | undefined): { xs: Float64Array; cum: Float64Array } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
  const xs = new Float64Array(n);
  const cum = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    xs[k] = values[i] as number;
    total += weights === undefined ? 1 : (weights[i] as number);
    cum[k] = total;
  }
  for (let k = 0; k < n; k++) cum[k] = (cum[k] as number) / total;
  return { xs, cum };
}

/** scipy.stats.wasserstein_distance(u_values, v_values, u_weights, v_weights). */
export function wassersteinDistance(
  uValues: ArrayLike<number>,
  vValues: ArrayLike<number>,
  uWeights?: ArrayLike<number>,
  vWeights?: ArrayLike<number>,
): number {
  check(uValues, uWeights, 'u');
  check(vValues, vWeights, 'v');
  const u = sortedCdf(uValues, uWeights);
  const v = sortedCdf(vValues, vWeights);
  const all = Float64Array.from([...u.xs, ...v.xs]).sort();
  let iu = 0;
  let iv = 0;
  let dist = 0;
  for (let k = 0; k + 1 < all.length; k++) {
    const t = all[k] as number;
    // CDF at t: mass of values <= t (searchsorted 'right')
    while (iu < u.xs.length && (u.xs[iu] as number) <= t) iu++;
    while (iv < v.xs.length && (v.xs[iv] as number) <= t) iv++;
    const U = iu === 0 ? 0 : (u.cum[iu - 1] as number);
    const V = iv === 0 ? 0 : (v.cum[iv - 1] as number);
    dist += Math.abs(U - V) * ((all[k + 1] as number) - t);
  }
  return dist;
}

function checkBins(p: ArrayLike<number>, q: ArrayLike<number>, where: string): void {
  if (p.length !== q.length) throw new RangeError(`${where}: distributions have ${p.length} and ${q.length} bins`);
  if (p.length === 0) throw new RangeError(`${where}: no bins`);
}

/**
 * Wasserstein distance between two distributions over K equally spaced segment positions
 * (centres (j − ½)/K, j = 1..K), weighted by `p` and `q` (counts or proportions; each is
 * normalised). Equals wassersteinDistance(centres, centres, p, q). Range [0, 1 − 1/K].
 */
export function positionalWasserstein(p: ArrayLike<number>, q: ArrayLike<number>): number {
  checkBins(p, q, 'positionalWasserstein');
  const K = p.length;
  let sp = 0;
  let sq = 0;
  for (let j = 0; j < K; j++) {
    const a = p[j] as number;
    const b = q[j] as number;
    if (!(a >= 0) || !(b >= 0) || !Number.isFinite(a) || !Number.isFinite(b)) {
      throw new RangeError(`positionalWasserstein: bin ${j} must hold a finite value >= 0`);
    }
    sp += a;
    sq += b;
  }
  if (!(sp > 0) || !(sq > 0)) throw new RangeError('positionalWasserstein: a distribution has no mass');
  let cp = 0;
  let cq = 0;
  let d = 0;
  for (let j = 0; j < K - 1; j++) {
    cp += (p[j] as number) / sp;
    cq += (q[j] as number) / sq;
    d += Math.abs(cp - cq);
  }
  return d / K;
}

/** The released code's distance: the K proportions passed to scipy as unweighted values. */
export function releasedWasserstein(p: ArrayLike<number>, q: ArrayLike<number>): number {
  checkBins(p, q, 'releasedWasserstein');
  const norm = (x: ArrayLike<number>): Float64Array => {
    let s = 0;
    for (let j = 0; j < x.length; j++) s += x[j] as number;
    if (!(s > 0)) throw new RangeError('releasedWasserstein: a distribution has no mass');
    return Float64Array.from(x, (v) => v / s);
  };
  return wassersteinDistance(norm(p), norm(q));
}

/**
 * Mean segment position (centre (j − ½)/K) of a distribution over K segments; the signed
 * lead/tail indicator is meanPosition(model) − meanPosition(gold): negative when the model's
 * mass sits earlier than gold's (lead), positive when later (tail). In one dimension it equals
 * ∫ (P(t) − Q(t)) dt, so |indicator| ≤ positionalWasserstein.
 */
export function meanPosition(p: ArrayLike<number>): number {
  const K = p.length;
  let s = 0;
  let m = 0;
  for (let j = 0; j < K; j++) {
    const w = p[j] as number;
    s += w;
    m += w * ((j + 0.5) / K);
  }
  return s > 0 ? m / s : NaN;
}
