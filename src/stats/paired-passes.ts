/**
 * One item value's paired comparison (comparePaired) made from passes over its pairs, for a reader
 * that can read the pairs again but should not hold them: `slant compare` of two large runs. A
 * mean's comparison held two columns of paired values, eight bytes a value each, which grew with
 * the runs (20 MB of a 100,000-document comparison's peak).
 *
 * A rate needs one pass: its four paired counts. A mean or count needs the numbers comparePaired
 * computes from its columns, and those are not one-pass sums: mean() adds a correction pass to the
 * sum, and variance() sums squares around that corrected mean. So, with d = y − x:
 *
 *   pass 1  Σx, Σy, Σd                           (each m₀ = Σ / n)
 *   pass 2  Σ(x − m₀x), Σ(y − m₀y), Σ(d − m₀d)   (each mean = m₀ + Σ(· − m₀) / n, as mean())
 *   pass 3  Σ(d − mean d)², Σ(d − mean d)        (variance(d), as variance(): n ≥ 2 pairs only)
 *
 * Each sum is taken in the order of the pairs, with the same operations as mean() and variance()
 * over the columns, so the digits are the same, provided every pass sees the same pairs in the
 * same order (`another` refuses a pass that saw a different number of pairs).
 */
import { compareMeanMoments, compareRateCounts, notARate, type ItemValueKind, type PairedComparison } from './paired-comparison.js';
import type { PairedCounts } from './paired.js';

/** A later pass saw a different number of pairs than the first (the items changed between passes). */
export class PairsChanged extends Error {}

export class PairedPasses {
  /** the pass being read: 0, 1 or 2 */
  private pass = 0;
  /** pairs of the first pass */
  private n = 0;
  /** pairs of the pass being read */
  private seen = 0;
  private readonly rate = new RatePairs();
  /** per pass: the sums of x, y and d (pass 0), then of their residuals (pass 1) */
  private sx = 0;
  private sy = 0;
  private sd = 0;
  private firstDifference = 0;
  /** each side's and the differences' mean: m₀ after pass 0, the corrected mean after pass 1 */
  private mx = 0;
  private my = 0;
  private md = 0;
  /** pass 2: Σ(d − mean d)² and Σ(d − mean d) */
  private ss = 0;
  private comp = 0;

  constructor(readonly spec: ItemValueKind) {}

  /** The next pair (x: baseline, y: other) of the pass being read. */
  add(x: number, y: number): void {
    this.seen++;
    if (this.spec.kind === 'rate') return this.rate.add(x, y);
    const d = y - x;
    if (this.pass === 0) {
      if (this.seen === 1) this.firstDifference = d;
      this.sx += x;
      this.sy += y;
      this.sd += d;
    } else if (this.pass === 1) {
      this.sx += x - this.mx;
      this.sy += y - this.my;
      this.sd += d - this.md;
    } else {
      const r = d - this.md;
      this.ss += r * r;
      this.comp += r;
    }
  }

  /**
   * After a pass: whether the comparison needs another pass over the same pairs in the same order
   * (then `add` reads that pass). PairsChanged when this pass saw a different number of pairs.
   */
  another(): boolean {
    if (this.pass === 0) this.n = this.seen;
    else if (this.seen !== this.n) throw new PairsChanged(`a pass over the pairs saw ${this.seen} pairs, the first ${this.n}`);
    const n = this.n;
    this.seen = 0;
    if (this.spec.kind === 'rate' || n === 0) return false;
    if (this.pass === 0) {
      this.mx = this.sx / n;
      this.my = this.sy / n;
      this.md = this.sd / n;
    } else if (this.pass === 1) {
      this.mx += this.sx / n;
      this.my += this.sy / n;
      this.md += this.sd / n;
      if (n < 2) return false;
    } else {
      return false;
    }
    this.sx = this.sy = this.sd = 0;
    this.pass++;
    return true;
  }

  /** The comparison, once `another` has said no more passes are needed. */
  compare(): PairedComparison {
    if (this.spec.kind === 'rate') return this.rate.compare();
    const n = this.n;
    return compareMeanMoments(this.spec, { n, baseline: this.mx, other: this.my, firstDifference: this.firstDifference, meanDifference: this.md, varianceDifference: n < 2 ? NaN : (this.ss - (this.comp * this.comp) / n) / (n - 1) });
  }
}

/** A rate's pairs read one at a time: their four paired counts, each value checked to be 0 or 1. */
export class RatePairs {
  private readonly counts: PairedCounts = { a: 0, b: 0, c: 0, d: 0 };
  private n = 0;
  /** the first value of each side that is not 0 or 1, with its pair (counted from 1) */
  private readonly bad: [side: 'baseline' | 'other', value: number, pair: number][] = [];

  add(x: number, y: number): void {
    this.n++;
    for (const [side, v] of [['baseline', x], ['other', y]] as const) if (v !== 0 && v !== 1 && !this.bad.some((b) => b[0] === side)) this.bad.push([side, v, this.n]);
    const u = x === 1;
    const v = y === 1;
    if (u && v) this.counts.a++;
    else if (u) this.counts.b++;
    else if (v) this.counts.c++;
    else this.counts.d++;
  }

  /** comparePaired of the pairs read, or its error for a value other than 0 or 1. */
  compare(): PairedComparison {
    // comparePaired checks the baseline's values first, then the other's
    const bad = this.bad.find((b) => b[0] === 'baseline') ?? this.bad[0];
    if (bad) throw notARate(...bad);
    return compareRateCounts(this.counts);
  }
}
