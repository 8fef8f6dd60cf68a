/**
 * Exact binomial and multinomial draws from a uniform generator, in time that does not grow with n.
 *
 * Drawing Binomial(n, p) as n categorical draws costs n uniforms: the misclassification bootstrap
 * redrew the framing card's 10,071 confusion counts that way 2,000 times (20 million uniforms,
 * about half a second). These samplers give the same distributions with a handful of uniforms:
 *
 *   - n·min(p, 1 − p) < 10: the geometric waiting-time method. The gaps between successes in a
 *     sequence of trials are geometric, G = ⌈ln U / ln(1 − p)⌉; count the successes whose
 *     waiting times fit in n trials (expected n·p + 1 uniforms).
 *   - otherwise: BTRS, transformed rejection with squeeze (Hörmann 1993, "The generation of
 *     binomial random variates", J. Statist. Comput. Simul. 46), about 2–3 uniforms per draw,
 *     accepting against the exact log-probability ratio (Stirling series with its tail tabled
 *     for k < 10), so the draws follow Binomial(n, p) exactly, not an approximation.
 *
 * Draws for p > ½ are n minus draws for 1 − p. A multinomial is drawn as conditional binomials:
 * X₁ ~ Bin(n, p₁), X₂ ~ Bin(n − X₁, p₂ / (1 − p₁)), …, the last category the rest.
 */

/** ln k! − [(k + ½) ln(k + 1) − (k + 1) + ½ ln 2π] for k = 0..9 (the Stirling series' tail). */
const STIRLING_TAIL = [
  0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.010411265261972, 0.00925546218271273, 0.00833056343336287,
];

function stirlingTail(k: number): number {
  if (k < 10) return STIRLING_TAIL[k] as number;
  const k1 = k + 1;
  const k2 = k1 * k1;
  return (1 / 12 - (1 / 360 - 1 / 1260 / k2) / k2) / k1;
}

/** A uniform in (0, 1): never 0, so its logarithm is finite. */
function openUniform(rng: () => number): number {
  let u = rng();
  while (u === 0) u = rng();
  return u;
}

function waitingTimes(n: number, p: number, rng: () => number): number {
  const log1mp = Math.log1p(-p);
  let trials = 0;
  let successes = 0;
  for (;;) {
    trials += Math.max(1, Math.ceil(Math.log(openUniform(rng)) / log1mp));
    if (trials > n) return successes;
    successes++;
  }
}

function btrs(n: number, p: number, rng: () => number): number {
  const spq = Math.sqrt(n * p * (1 - p));
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const r = p / (1 - p);
  const alpha = (2.83 + 5.1 / b) * spq;
  const m = Math.floor((n + 1) * p);
  for (;;) {
    const u = rng() - 0.5;
    let v = openUniform(rng);
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    // the squeeze: inside the box where the hat is below the density, accept at once
    if (us >= 0.07 && v <= vr) return k;
    v = Math.log((v * alpha) / (a / (us * us) + b));
    const bound =
      (m + 0.5) * Math.log((m + 1) / (r * (n - m + 1))) +
      (n + 1) * Math.log((n - m + 1) / (n - k + 1)) +
      (k + 0.5) * Math.log((r * (n - k + 1)) / (k + 1)) +
      stirlingTail(m) +
      stirlingTail(n - m) -
      stirlingTail(k) -
      stirlingTail(n - k);
    if (v <= bound) return k;
  }
}

/** One draw from Binomial(n, p): n a non-negative integer, p in [0, 1]. */
export function binomialDraw(n: number, p: number, rng: () => number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`binomialDraw: n must be a non-negative integer, got ${n}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomialDraw: p must be in [0, 1], got ${p}`);
  if (n === 0 || p === 0) return 0;
  if (p === 1) return n;
  if (p > 0.5) return n - binomialDraw(n, 1 - p, rng);
  return n * p < 10 ? waitingTimes(n, p, rng) : btrs(n, p, rng);
}

/**
 * n draws from a categorical distribution with weights p (not necessarily summing to 1), as
 * counts per category: conditional binomials, category by category.
 */
export function multinomialCounts(n: number, p: readonly number[], rng: () => number): number[] {
  const out = new Array<number>(p.length).fill(0);
  multinomialCountsInto(n, p, rng, out);
  return out;
}

/**
 * The same draw into `out` (its first p.length entries; the same uniforms in the same order): a
 * bootstrap that draws thousands of times reuses one buffer instead of making an array per draw.
 */
export function multinomialCountsInto(n: number, p: ArrayLike<number>, rng: () => number, out: number[] | Float64Array): void {
  out.fill(0, 0, p.length);
  let rest = n;
  let mass = 0;
  for (let k = 0; k < p.length; k++) mass += p[k] as number;
  // no weight anywhere: every draw lands in the last category (the cumulative search's answer)
  if (!(mass > 0)) {
    if (p.length > 0) out[p.length - 1] = n;
    return;
  }
  for (let k = 0; k < p.length && rest > 0; k++) {
    const pk = p[k] as number;
    if (k === p.length - 1 || pk >= mass) {
      out[k] = rest;
      break;
    }
    const x = binomialDraw(rest, Math.min(1, Math.max(0, pk / mass)), rng);
    out[k] = x;
    rest -= x;
    mass -= pk;
  }
}
