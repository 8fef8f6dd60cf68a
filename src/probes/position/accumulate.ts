import { CodedColumn } from '../../core/coded-column.js';
import { lazyArray } from '../../core/lazy-array.js';
import { FloatColumn } from '../../stats/float-column.js';
import { ROUGE_TYPES, type RougeScores } from '../../text/rouge.js';
import type { GroupResult, ItemAccumulator } from '../types.js';
import { goldCounts, type PositionItem } from './aggregate.js';
import type { OutputMeasurement, PositionMeasurement } from './measure.js';
import type { PositionOptions } from './schema.js';

/** The discrete part of an article: which systems summarised it (in its order) and whether it was left out, short, or over ROUGE's cap. */
interface ArticleShape {
  systems: string[];
  excluded: boolean;
  short: boolean;
  rougeOverCap: boolean;
}

const SCORES = ['precision', 'recall', 'fmeasure'] as const;
/** per system and article: its K segment counts, then ROUGE's 3 × 3 scores, its sentences and its dropped sentences */
const stride = (K: number): number => K + ROUGE_TYPES.length * SCORES.length + 2;

/**
 * Position's numbers made one article at a time (Probe.accumulate), keeping only the numbers they
 * read, in typed columns: per article its gold counts (the mean over its gold summaries, as
 * aggregate computes it) and, per system, its K counts, ROUGE scores and sentence counts, with the
 * article's shape as a code and its id. The Wasserstein bootstrap and the per-article table need
 * every article's counts, so these columns grow with the articles (8 bytes a number, about
 * (2K + 11) × 8 bytes an article for one system) but hold no measurement objects. When the group
 * is done the probe's own aggregate reads the articles from the columns through a lazy array (each
 * article rebuilt when read and dropped after), so the digits are aggregate's: the same sums in
 * the same order. aggregate itself still builds its per-article arrays and table at that point.
 */
export function accumulatePosition(options: PositionOptions, aggregate: (items: PositionItem[], options: PositionOptions) => Omit<GroupResult, 'labels'>): ItemAccumulator<PositionMeasurement> {
  const K = options.K;
  const width = stride(K);
  const ids: string[] = [];
  const shapes = new CodedColumn<ArticleShape>();
  const gold = new FloatColumn();
  const bySystem = new Map<string, FloatColumn>();
  const zeros = new Float64Array(K);

  function add(m: PositionMeasurement, recordId: string): void {
    const systems = Object.keys(m.outputs);
    for (const name of systems) if (!bySystem.has(name)) bySystem.set(name, padded(ids.length));
    ids.push(recordId);
    const s: ArticleShape = { systems, excluded: m.excluded, short: m.short, rougeOverCap: m.rougeOverCap === true };
    shapes.push(JSON.stringify(s), s);
    // an article left out has no gold counts the aggregate reads
    for (const x of m.excluded ? zeros : goldCounts(m, K)) gold.push(x);
    for (const [name, col] of bySystem) {
      const o = m.outputs[name];
      if (o === undefined) for (let j = 0; j < width; j++) col.push(NaN);
      else pushOutput(col, o);
    }
  }

  /** A system's column, first seen at article `n`: the articles before it lack it. */
  function padded(n: number): FloatColumn {
    const col = new FloatColumn();
    for (let j = 0; j < n * width; j++) col.push(NaN);
    return col;
  }

  function pushOutput(col: FloatColumn, o: OutputMeasurement): void {
    for (let j = 0; j < K; j++) col.push(o.counts[j] ?? 0);
    for (const t of ROUGE_TYPES) for (const k of SCORES) col.push(o.rouge[t][k]);
    col.push(o.sentences);
    col.push(o.dropped);
  }

  /**
   * Article i as aggregate reads it: one gold placement holding the article's gold counts (their
   * mean over one summary is themselves), each system's counts, sentences and ROUGE; the fields
   * aggregate does not read (sentences of the article and of the gold summary, mapped) are 0.
   */
  function article(i: number): PositionItem {
    const s = shapes.at(i);
    const outputs: Record<string, OutputMeasurement> = {};
    for (const name of s.systems) {
      const v = bySystem.get(name)!.values();
      const at = i * width;
      const rouge = {} as RougeScores;
      ROUGE_TYPES.forEach((t, r) => {
        const o = at + K + 3 * r;
        rouge[t] = { precision: v[o]!, recall: v[o + 1]!, fmeasure: v[o + 2]! };
      });
      const sentences = v[at + width - 2]!;
      const dropped = v[at + width - 1]!;
      outputs[name] = { counts: v.subarray(at, at + K) as unknown as number[], sentences, mapped: 0, dropped, rouge };
    }
    const counts = gold.values().subarray(i * K, (i + 1) * K) as unknown as number[];
    const m: PositionMeasurement = { articleSentences: 0, excluded: s.excluded, short: s.short, references: [{ counts, sentences: 0, mapped: 0, dropped: 0 }], outputs };
    if (s.rougeOverCap) m.rougeOverCap = true;
    return { recordId: ids[i]!, measurement: m };
  }

  return {
    add,
    // the aggregate only reads its items (a write would throw)
    aggregate: () => aggregate(lazyArray(ids.length, article) as PositionItem[], options),
  };
}
