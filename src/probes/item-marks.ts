/**
 * An item view's marks: where a source's thirds and sentences and an output's sentences are, and
 * which source sentences each output sentence maps to. Cutting and mapping a 2,000-word source
 * takes a few milliseconds, which for the few hundred details a report embeds was most of the end
 * of a run; so a run makes them while its records are measured and stores them (the CLI's report
 * thread, src/report/items/item-marks-ahead.ts), and the report reads them back beside the texts.
 *
 * Stored compactly: offsets as differences from the previous offset, the mapping as flat numbers.
 * A pair's marks are found by a hash of everything they are computed from (the two texts, the
 * thirds' unit, the mapping's top k), so marks never meet texts they were not made for.
 */
import { createHash } from 'node:crypto';
import type { ItemDetail, MarkedText } from './item-view.js';
import { MARKS_CELL_PREFIX } from '../runtime/store-sql.js';
import type { ThirdsUnit } from '../text/thirds.js';

/** The two texts an item view sets side by side, and how its source is cut and mapped. */
export interface PairSpec {
  source: string | undefined;
  output: string | undefined;
  unit: ThirdsUnit;
  topK: number;
}

/** A pair's view: its marked texts (the source first, when there is one) and the mapping. */
export interface PairView {
  texts: MarkedText[];
  mapping?: NonNullable<ItemDetail['mapping']>;
  /** why the mapping is not drawn */
  unmapped?: string;
}

/** What is stored of a pair's view (see the file comment). */
export interface PairMarks {
  /** the source's thirds: start, end per part (named beginning, middle, end in order) */
  p?: number[];
  /** the source's sentences: start, end per sentence, each as its difference from the number before */
  s?: number[];
  /** the output's sentences, coded as `s` */
  o?: number[];
  /** the mapping: per output sentence, its index, its number of targets, the targets, the score */
  m?: number[];
  /** why the mapping is not drawn */
  u?: string;
}

const PART_NAMES = ['beginning', 'middle', 'end'];

/** Where a pair's marks are kept in the outputs table (under the item's record id). */
export function pairMarksKey(spec: PairSpec): string {
  const h = createHash('sha256');
  h.update(`${spec.unit}\u0000${spec.topK}\u0000`);
  h.update(spec.source === undefined ? '\u0001' : `\u0002${spec.source.length}\u0000${spec.source}`);
  h.update(spec.output === undefined ? '\u0001' : `\u0002${spec.output.length}\u0000${spec.output}`);
  return `${MARKS_CELL_PREFIX}${h.digest('base64url').slice(0, 32)}`;
}

const deltas = (spans: readonly [number, number][]): number[] => {
  const out: number[] = [];
  let at = 0;
  for (const [s, e] of spans) {
    out.push(s - at, e - s);
    at = e;
  }
  return out;
};

const spans = (coded: readonly number[]): [number, number][] => {
  const out: [number, number][] = [];
  let at = 0;
  for (let i = 0; i + 1 < coded.length; i += 2) {
    const s = at + (coded[i] as number);
    at = s + (coded[i + 1] as number);
    out.push([s, at]);
  }
  return out;
};

/** The marks of a view made by item-view-common.ts (its source text, if any, first). */
export function marksOfView(view: PairView, spec: PairSpec): PairMarks {
  const marks: PairMarks = {};
  let t = 0;
  if (spec.source !== undefined) {
    const src = view.texts[t++] as MarkedText;
    marks.p = (src.parts ?? []).flatMap(([s, e]) => [s, e]);
    marks.s = deltas(src.sentences ?? []);
  }
  if (spec.output !== undefined) marks.o = deltas(view.texts[t]?.sentences ?? []);
  if (view.mapping !== undefined) marks.m = view.mapping.flatMap((m) => [m.sentence, m.targets.length, ...m.targets, m.score]);
  if (view.unmapped !== undefined) marks.u = view.unmapped;
  return marks;
}

/** The view of a pair from its stored marks, as item-view-common.ts would have made it; undefined when the marks cannot be read. */
export function viewOfMarks(spec: PairSpec, marks: PairMarks): PairView | undefined {
  if (typeof marks !== 'object' || marks === null) return undefined;
  const nums = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
  const texts: MarkedText[] = [];
  if (spec.source !== undefined) {
    if (!nums(marks.p) || !nums(marks.s)) return undefined;
    const parts: [number, number, string][] = [];
    for (let i = 0; i + 1 < marks.p.length; i += 2) parts.push([marks.p[i] as number, marks.p[i + 1] as number, PART_NAMES[i / 2] as string]);
    texts.push({ title: 'source', text: spec.source, parts, sentences: spans(marks.s) });
  }
  if (spec.output !== undefined) {
    if (!nums(marks.o)) return undefined;
    texts.push({ title: 'output', text: spec.output, sentences: spans(marks.o) });
  }
  const view: PairView = { texts };
  if (marks.m !== undefined) {
    if (!nums(marks.m)) return undefined;
    const mapping: NonNullable<PairView['mapping']> = [];
    for (let i = 0; i < marks.m.length; ) {
      const sentence = marks.m[i] as number;
      const k = marks.m[i + 1] as number;
      if (!Number.isInteger(k) || k < 0) return undefined;
      mapping.push({ sentence, targets: marks.m.slice(i + 2, i + 2 + k), score: marks.m[i + 2 + k] as number });
      i += 3 + k;
    }
    view.mapping = mapping;
  }
  if (typeof marks.u === 'string') view.unmapped = marks.u;
  return view;
}
