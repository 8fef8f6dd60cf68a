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

export interface ConsensusTaus {
  annotators: Map<string, { tau: number; n: number }>;
  judges: Map<string, { tau: number; n: number }>;
  /** mean τ_b over annotators with a defined τ_b */
  humanMean: number;
}

/** τ_b of every annotator and judge with the consensus, on the items listed (indices into the table; repeats allowed). */
export function consensusTaus(t: LabelTable, sample: readonly number[]): ConsensusTaus {
  const hx = new Map<string, number[]>();
  const hy = new Map<string, number[]>();
  const jx = new Map<string, number[]>();
  const jy = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string, v: number): void => {
    const a = m.get(k);
    if (a) a.push(v);
    else m.set(k, [v]);
  };
  for (const i of sample) {
    const h = t.humans[i]!;
    let s = 0;
    for (const v of h.values()) s += v;
    const c = h.size;
    if (c >= 2) {
      for (const [who, v] of h) {
        push(hx, who, v);
        push(hy, who, (s - v) / (c - 1));
      }
    }
    if (c >= 1) {
      for (const [j, v] of t.judges[i]!) {
        push(jx, j, v);
        push(jy, j, s / c);
      }
    }
  }
  const tau = (x: number[], y: number[]): { tau: number; n: number } => ({ tau: x.length >= 2 ? kendallTauB(x, y).tau : NaN, n: x.length });
  const annotators = new Map([...hx].map(([k, x]) => [k, tau(x, hy.get(k)!)]));
  const judges = new Map([...jx].map(([k, x]) => [k, tau(x, jy.get(k)!)]));
  const defined = [...annotators.values()].map((a) => a.tau).filter(Number.isFinite);
  return { annotators, judges, humanMean: defined.length ? mean(defined) : NaN };
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

export interface ConsensusBootstrap {
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
  const point = consensusTaus(t, all);
  const rng = createRng(opts.seed ?? 42);
  const ann = new Map<string, number[]>([...point.annotators.keys()].map((k) => [k, []]));
  const jud = new Map<string, number[]>([...point.judges.keys()].map((k) => [k, []]));
  const gap = new Map<string, number[]>([...point.judges.keys()].map((k) => [k, []]));
  const hm: number[] = [];
  const sample = new Array<number>(n);
  for (let b = 0; b < B && n > 0; b++) {
    for (let i = 0; i < n; i++) sample[i] = Math.floor(rng() * n);
    const r = consensusTaus(t, sample);
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
