/**
 * Agreement with the leave-one-out human consensus (seed 004 §3.2): each annotator's Kendall τ_b
 * with the mean label of the OTHER annotators on the items they labelled; each judge's τ_b with the
 * mean of all humans. Intervals come from a bootstrap over items (resampled with replacement, each
 * draw a separate unit), which also gives the interval of the judge-minus-average-human gap.
 */
import { kendallTauB } from '../stats/kendall.js';
import { mean } from '../stats/mean.js';
import { quantileSorted } from '../stats/quantile.js';
import { createRng } from '../stats/rng.js';

export interface LabelTable {
  /** per item: human annotator → numeric label */
  humans: Map<string, number>[];
  /** per item: judge → numeric label */
  judges: Map<string, number>[];
}

interface ConsensusTaus {
  annotators: Map<string, { tau: number; n: number }>;
  judges: Map<string, { tau: number; n: number }>;
  /** mean τ_b over annotators with a defined τ_b */
  humanMean: number;
}

/** The table in flat arrays with integer ids, built once for many resamples. */
interface Compiled {
  humanNames: string[];
  judgeNames: string[];
  /** per item: [annotator index, value] pairs, and the item's sum */
  hIdx: Int32Array[];
  hVal: Float64Array[];
  sum: Float64Array;
  jIdx: Int32Array[];
  jVal: Float64Array[];
}

function compile(t: LabelTable): Compiled {
  const hn = new Map<string, number>();
  const jn = new Map<string, number>();
  const id = (m: Map<string, number>, k: string) => m.get(k) ?? (m.set(k, m.size), m.size - 1);
  const hIdx = t.humans.map((h) => Int32Array.from([...h.keys()].map((k) => id(hn, k))));
  const hVal = t.humans.map((h) => Float64Array.from(h.values()));
  const jIdx = t.judges.map((j) => Int32Array.from([...j.keys()].map((k) => id(jn, k))));
  const jVal = t.judges.map((j) => Float64Array.from(j.values()));
  const sum = Float64Array.from(hVal, (v) => v.reduce((a, b) => a + b, 0));
  return { humanNames: [...hn.keys()], judgeNames: [...jn.keys()], hIdx, hVal, sum, jIdx, jVal };
}

function tausOf(c: Compiled, sample: ArrayLike<number>): ConsensusTaus {
  const H = c.humanNames.length;
  const J = c.judgeNames.length;
  const hx: number[][] = Array.from({ length: H }, () => []);
  const hy: number[][] = Array.from({ length: H }, () => []);
  const jx: number[][] = Array.from({ length: J }, () => []);
  const jy: number[][] = Array.from({ length: J }, () => []);
  for (let s = 0; s < sample.length; s++) {
    const i = sample[s] as number;
    const idx = c.hIdx[i]!;
    const val = c.hVal[i]!;
    const n = idx.length;
    if (n === 0) continue;
    const sum = c.sum[i]!;
    if (n >= 2) {
      for (let k = 0; k < n; k++) {
        const v = val[k]!;
        hx[idx[k]!]!.push(v);
        hy[idx[k]!]!.push((sum - v) / (n - 1));
      }
    }
    const ji = c.jIdx[i]!;
    const jv = c.jVal[i]!;
    for (let k = 0; k < ji.length; k++) {
      jx[ji[k]!]!.push(jv[k]!);
      jy[ji[k]!]!.push(sum / n);
    }
  }
  const tau = (x: number[], y: number[]): { tau: number; n: number } => ({ tau: x.length >= 2 ? kendallTauB(x, y).tau : NaN, n: x.length });
  const annotators = new Map<string, { tau: number; n: number }>();
  c.humanNames.forEach((name, k) => {
    if (hx[k]!.length) annotators.set(name, tau(hx[k]!, hy[k]!));
  });
  const judges = new Map<string, { tau: number; n: number }>();
  c.judgeNames.forEach((name, k) => {
    if (jx[k]!.length) judges.set(name, tau(jx[k]!, jy[k]!));
  });
  const defined = [...annotators.values()].map((a) => a.tau).filter(Number.isFinite);
  return { annotators, judges, humanMean: defined.length ? mean(defined) : NaN };
}

/** τ_b of every annotator and judge with the consensus, on the items listed (indices into the table; repeats allowed). */
export function consensusTaus(t: LabelTable, sample: readonly number[]): ConsensusTaus {
  return tausOf(compile(t), sample);
}

export interface BootInterval {
  low: number;
  high: number;
  /** resamples on which the statistic was defined */
  defined: number;
}

function interval(values: number[], level: number): BootInterval {
  const ok = Float64Array.from(values.filter(Number.isFinite)).sort();
  if (ok.length === 0) return { low: NaN, high: NaN, defined: 0 };
  const a = (1 - level) / 2;
  return { low: quantileSorted(ok, a), high: quantileSorted(ok, 1 - a), defined: ok.length };
}

interface ConsensusBootstrap {
  point: ConsensusTaus;
  annotators: Map<string, BootInterval>;
  judges: Map<string, BootInterval>;
  humanMean: BootInterval;
  /** judge → τ_judge − mean human τ, with its interval */
  gaps: Map<string, { value: number } & BootInterval>;
  resamples: number;
}

export function bootstrapConsensus(t: LabelTable, opts: { resamples?: number; seed?: number; level?: number } = {}): ConsensusBootstrap {
  const n = t.humans.length;
  const B = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const all = Array.from({ length: n }, (_, i) => i);
  const compiled = compile(t);
  const point = tausOf(compiled, all);
  const rng = createRng(opts.seed ?? 42);
  const ann = new Map<string, number[]>([...point.annotators.keys()].map((k) => [k, []]));
  const jud = new Map<string, number[]>([...point.judges.keys()].map((k) => [k, []]));
  const gap = new Map<string, number[]>([...point.judges.keys()].map((k) => [k, []]));
  const hm: number[] = [];
  const sample = new Int32Array(n);
  for (let b = 0; b < B && n > 0; b++) {
    for (let i = 0; i < n; i++) sample[i] = Math.floor(rng() * n);
    const r = tausOf(compiled, sample);
    for (const [k, arr] of ann) arr.push(r.annotators.get(k)?.tau ?? NaN);
    for (const [k, arr] of jud) {
      const j = r.judges.get(k)?.tau ?? NaN;
      arr.push(j);
      gap.get(k)!.push(j - r.humanMean);
    }
    hm.push(r.humanMean);
  }
  return {
    point,
    annotators: new Map([...ann].map(([k, v]) => [k, interval(v, level)])),
    judges: new Map([...jud].map(([k, v]) => [k, interval(v, level)])),
    humanMean: interval(hm, level),
    gaps: new Map([...gap].map(([k, v]) => [k, { value: (point.judges.get(k)?.tau ?? NaN) - point.humanMean, ...interval(v, level) }])),
    resamples: B,
  };
}

/**
 * A random annotator as reference (seed 004 Fig. 2's "random baseline"): labels drawn uniformly
 * from the scale on every item that has human labels, τ_b with the mean of all humans; mean and
 * 95% range over `draws` such annotators.
 */
export function randomBaseline(t: LabelTable, scale: readonly number[], opts: { draws?: number; seed?: number } = {}): { mean: number; low: number; high: number; draws: number } {
  const rng = createRng(opts.seed ?? 7);
  const items = t.humans.filter((h) => h.size >= 1);
  const ys = items.map((h) => [...h.values()].reduce((a, b) => a + b, 0) / h.size);
  const taus: number[] = [];
  const D = opts.draws ?? 500;
  for (let d = 0; d < D; d++) {
    const xs = items.map(() => scale[Math.floor(rng() * scale.length)] as number);
    if (xs.length >= 2) taus.push(kendallTauB(xs, ys).tau);
  }
  const iv = interval(taus, 0.95);
  const ok = taus.filter(Number.isFinite);
  return { mean: ok.length ? mean(ok) : NaN, low: iv.low, high: iv.high, draws: ok.length };
}
