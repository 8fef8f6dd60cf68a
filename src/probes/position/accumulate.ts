import { CodedColumn } from '../../core/coded-column.js';
import { FloatColumn } from '../../stats/float-column.js';
import { ROUGE_TYPES, type RougeType } from '../../text/rouge.js';
import type { GroupResult, ItemAccumulator } from '../types.js';
import type { OutputMeasurement, PositionMeasurement } from './measure.js';
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

/**
 * What position's numbers read of each article, in typed columns, one article added at a time (in
 * record-id order): its id, its shape as a code, its gold counts (the mean over its gold summaries)
 * and, per system, its K segment counts, ROUGE's 3 × 3 scores, its sentences and its dropped
 * sentences: about (2K + 11) × 8 bytes an article for one system, outside the garbage-collected
 * heap, and no measurement object. The aggregate (aggregate.ts) reads only these columns, so a
 * run's end builds no per-article objects.
 */
export class PositionColumns {
  /** per system and article: its K counts, then ROUGE's scores, its sentences and its dropped sentences */
  readonly width: number;
  readonly ids: string[] = [];
  private readonly shapes = new CodedColumn<ArticleShape>();
  private readonly gold = new FloatColumn();
  private readonly bySystem = new Map<string, FloatColumn>();
  private readonly zeros: Float64Array;

  constructor(readonly K: number) {
    this.width = K + ROUGE_TYPES.length * ROUGE_SCORES.length + 2;
    this.zeros = new Float64Array(K);
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
    for (const x of m.excluded ? this.zeros : goldCounts(m, this.K)) this.gold.push(x);
    for (const [name, col] of this.bySystem) {
      const o = m.outputs[name];
      if (o === undefined) for (let j = 0; j < this.width; j++) col.push(NaN);
      else this.pushOutput(col, o);
    }
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

  /** Every article's gold counts, K a row (zeros for an article left out). A view: valid until the next add. */
  goldValues(): Float64Array {
    return this.gold.values();
  }

  /** A system's rows, `width` numbers an article (NaN where the article lacks it). A view: valid until the next add. */
  systemValues(system: string): Float64Array {
    return this.bySystem.get(system)!.values();
  }

  /** Offset, within a system's row, of one ROUGE score. */
  rougeOffset(t: RougeType, k: RougeScore): number {
    return this.K + ROUGE_SCORES.length * ROUGE_TYPES.indexOf(t) + ROUGE_SCORES.indexOf(k);
  }

  /** A system's column, first seen at article `n`: the articles before it lack it. */
  private padded(n: number): FloatColumn {
    const col = new FloatColumn();
    for (let j = 0; j < n * this.width; j++) col.push(NaN);
    return col;
  }

  private pushOutput(col: FloatColumn, o: OutputMeasurement): void {
    for (let j = 0; j < this.K; j++) col.push(o.counts[j] ?? 0);
    for (const t of ROUGE_TYPES) for (const k of ROUGE_SCORES) col.push(o.rouge[t][k]);
    col.push(o.sentences);
    col.push(o.dropped);
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
