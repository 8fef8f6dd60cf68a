/** What the item views show: one measured item beside the texts behind it. */
import type { PairMarks, PairSpec } from './item-marks.js';

/** A stored item with whatever texts the store still has for it. */
export interface ItemInput {
  probe: string;
  labels: Record<string, string>;
  recordId: string;
  measurement: unknown;
  options: Record<string, unknown>;
  /** the record's fields as read (source, references, ...), when stored */
  fields?: Record<string, unknown>;
  /** the stored generation: a summary text, a probe's generated fields, mitigation steps, the model's reasoning and how its answer ended */
  output?: { text?: unknown; fields?: Record<string, unknown>; steps?: unknown; reasoning?: unknown; finishReason?: unknown };
  /** the item view's marks, made while the item was measured (item-marks.ts), when stored */
  marks?: PairMarks;
}

/** A row of the item list: enough to filter, search and sort without the texts. */
export interface ItemSummary {
  probe: string;
  labels: Record<string, string>;
  recordId: string;
  /** filter tags: 'changed', 'transition:positive>negative', 'primacy', 'period:pre', ... */
  tags: string[];
  /** name → formatted value */
  scores: [string, string][];
}

/** A text with marked parts (e.g. the thirds of a source) and its sentences (for the mapping). */
export interface MarkedText {
  title: string;
  text: string;
  /** [start, end, label] character ranges, e.g. the thirds b/m/e */
  parts?: [number, number, string][];
  /** sentence [start, end] ranges, indexable by the mapping */
  sentences?: [number, number][];
}

export interface ItemDetail extends ItemSummary {
  texts: MarkedText[];
  /** output sentence i → the article sentences it maps to (indices into texts[0].sentences) */
  mapping?: { sentence: number; targets: number[]; score: number }[];
  /** judge answers, reasoning, verdicts, mitigation steps */
  sections: { title: string; text: string }[];
}

export interface ItemViewer {
  summary(input: ItemInput): ItemSummary;
  detail(input: ItemInput): ItemDetail;
  /** the source × output pair the detail cuts and maps (its marks can be made ahead, item-marks.ts), if any */
  pair?(input: ItemInput): PairSpec | undefined;
}
