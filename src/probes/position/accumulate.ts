import { CodedColumn } from '../../core/coded-column.js';
import { StringColumn } from '../../core/string-column.js';
import { FloatColumn } from '../../stats/float-column.js';
import { ROUGE_TYPES, type RougeType } from '../../text/rouge.js';
import type { GroupResult, ItemAccumulator } from '../types.js';
import type { OutputMeasurement, PositionMeasurement } from './measure.js';
import { SparseRows } from './sparse-rows.js';
import type { PositionOptions } from './schema.js';

/** The discrete part of an article: which systems summarised it (in its order) and whether it was left out, short, or over ROUGE's cap. */
interface ArticleShape {
  systems: string[];
  excluded: boolean;
  short: boolean;
  rougeOverCap: boolean;
}

export const ROUGE_SCORES = ['precision', 'recall', 'fmeasure'] as const;
type RougeScore = (typeof ROUGE_SCORES)[number];

/** Gold counts of one article: the mean over its gold summaries of their segment counts. */
export function goldCounts(m: PositionMeasurement, K: number): Float64Array {
  const acc = new Float64Array(K);
  const w = 1 / m.references.length;
  for (const r of m.references) for (let j = 0; j < K; j++) acc[j] = (acc[j] as number) + w * ((r.counts[j] as number | undefined) ?? 0);
  return acc;
}

/** A system's numbers: its articles' segment counts, ROUGE's scores where they count, its sentences. */
interface SystemColumns {
  /** per article, its K segment counts (an empty row where the article lacks the system) */
  counts: SparseRows;
  /** per ROUGE type and score, in ROUGE_TYPES × ROUGE_SCORES order, over the articles with the system whose ROUGE was computed */
  rouge: FloatColumn[];
  /** summary sentences and dropped ones, over the articles with the system not left out */
  sentences: number;
  dropped: number;
}

/**
 * What position's numbers read of each article, one article added at a time (in record-id order):
 * its id, its shape as a code, its gold counts (the mean over its gold summaries) and, per system,
 * its segment counts, ROUGE's 3 × 3 scores and the sums of its sentences and dropped sentences. The
 * counts are kept by their non-zero entries (sparse-rows.ts: a few entries an article where K
 * numbers were), the scores in typed columns, outside the garbage-collected heap: about 9 × 8
 * bytes and a few count entries an article for one system, and no measurement object. The
 * aggregate (aggregate.ts) reads only these, so a run's end builds no per-article objects.
 */
export class PositionColumns {
  private readonly ids = new StringColumn();
  private readonly shapes = new CodedColumn<ArticleShape>();
  private readonly gold: SparseRows;
  private readonly bySystem = new Map<string, SystemColumns>();

  constructor(readonly K: number) {
    this.gold = new SparseRows(K);
  }

  get length(): number {
    return this.ids.length;
  }

  add(m: PositionMeasurement, recordId: string): void {
    const systems = Object.keys(m.outputs);
    for (const name of systems) if (!this.bySystem.has(name)) this.bySystem.set(name, this.padded(this.ids.length));
    this.ids.push(recordId);
    const s: ArticleShape = { systems, excluded: m.excluded, short: m.short, rougeOverCap: m.rougeOverCap === true };
    this.shapes.push(JSON.stringify(s), s);
    // an article left out has no gold counts the aggregate reads
    if (m.excluded) this.gold.pushEmpty();
    else this.gold.push(goldCounts(m, this.K));
    for (const [name, col] of this.bySystem) {
      const o = m.outputs[name];
      if (o === undefined) col.counts.pushEmpty();
      else this.pushOutput(col, o, s);
    }
  }

  /** Article i's record id. */
  id(i: number): string {
    return this.ids.at(i);
  }

  /** The systems, in the order first seen. */
  systems(): string[] {
    return [...this.bySystem.keys()];
  }

  excluded(i: number): boolean {
    return this.shapes.at(i).excluded;
  }

  short(i: number): boolean {
    return this.shapes.at(i).short;
  }

  rougeOverCap(i: number): boolean {
    return this.shapes.at(i).rougeOverCap;
  }

  /** Whether article i has an output of `system`. */
  has(i: number, system: string): boolean {
    return this.shapes.at(i).systems.includes(system);
  }

  /** Every article's gold counts (an empty row for an article left out). */
  goldRows(): SparseRows {
    return this.gold;
  }

  /** A system's segment counts, an article a row (empty where the article lacks it). */
  systemRows(system: string): SparseRows {
    return this.system(system).counts;
  }

  /**
   * One ROUGE score of a system over the articles that have it and whose ROUGE was computed, in
   * order, as the blocks the column keeps them in (views: valid until the next add). Not joined:
   * nine joined copies were as large again as the columns while a group was aggregated.
   */
  rougeScores(system: string, t: RougeType, k: RougeScore): Float64Array[] {
    return this.system(system).rouge[ROUGE_SCORES.length * ROUGE_TYPES.indexOf(t) + ROUGE_SCORES.indexOf(k)]!.chunks();
  }

  /** A system's summary sentences and dropped sentences, summed over the articles that have it and were not left out. */
  sentenceSums(system: string): { sentences: number; dropped: number } {
    const { sentences, dropped } = this.system(system);
    return { sentences, dropped };
  }

  private system(name: string): SystemColumns {
    const col = this.bySystem.get(name);
    if (col === undefined) throw new RangeError(`PositionColumns: no system ${name}`);
    return col;
  }

  /** A system's columns, first seen at article `n`: the articles before it lack it. */
  private padded(n: number): SystemColumns {
    const col: SystemColumns = { counts: new SparseRows(this.K), rouge: ROUGE_TYPES.flatMap(() => ROUGE_SCORES.map(() => new FloatColumn())), sentences: 0, dropped: 0 };
    for (let i = 0; i < n; i++) col.counts.pushEmpty();
    return col;
  }

  private pushOutput(col: SystemColumns, o: OutputMeasurement, s: ArticleShape): void {
    col.counts.push(o.counts);
    if (!s.rougeOverCap) {
      let r = 0;
      for (const t of ROUGE_TYPES) for (const k of ROUGE_SCORES) col.rouge[r++]!.push(o.rouge[t][k]);
    }
    // in article order, as a sum over the articles would add them
    if (!s.excluded) {
      col.sentences += o.sentences;
      col.dropped += o.dropped;
    }
  }
}

/**
 * Position's numbers made one article at a time (Probe.accumulate): the articles go into typed
 * columns and, when the group is done, `group` computes its numbers from them. The whole-array
 * aggregate fills the same columns from its items, so the formulas exist once.
 */
export function accumulatePosition(options: PositionOptions, group: (columns: PositionColumns, options: PositionOptions) => Omit<GroupResult, 'labels'>): ItemAccumulator<PositionMeasurement> {
  const columns = new PositionColumns(options.K);
  return {
    add: (m, recordId) => columns.add(m, recordId),
    aggregate: () => group(columns, options),
  };
}
