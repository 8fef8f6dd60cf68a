import { splitSentencesWithOffsets } from '../text/sentences.js';
import { thirdsOffsets, type ThirdsUnit } from '../text/thirds.js';
import { readSentences } from '../text/sentence-tokens.js';
import { tfidfSimilaritiesOfTerms } from './position/similarity.js';
import { topIndices } from './position/mapping.js';
import type { ItemDetail, ItemInput, ItemSummary, MarkedText } from './item-view.js';
import { marksOfView, viewOfMarks, type PairMarks, type PairSpec, type PairView } from './item-marks.js';

export const fmt = (v: unknown): string => (typeof v === 'number' ? (Number.isFinite(v) ? (Number.isInteger(v) ? String(v) : v.toFixed(3)) : '—') : v === null || v === undefined ? '—' : String(v));

export function summaryOf(input: ItemInput, tags: string[], scores: [string, string][]): ItemSummary {
  const t = [...tags];
  if (input.labels.condition) t.push(`condition:${input.labels.condition}`);
  return { probe: input.probe, labels: input.labels, recordId: input.recordId, tags: t, scores };
}

export const asText = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(' ') : undefined);

/** The output text of an item: the stored generation, else the record's own output field. */
export function outputText(input: ItemInput, field = 'output'): string | undefined {
  return asText(input.output?.text) ?? asText(input.output?.fields?.[field]) ?? asText(input.fields?.[field]);
}

/** A source with its thirds marked (as primacy cuts it) and its sentences. */
function sourceText(title: string, text: string, unit: ThirdsUnit = 'words'): MarkedText {
  // the view marks the thirds' offsets: the tokenisation primacy's TF-IDF would read is not made
  const sentences = splitSentencesWithOffsets(text);
  const thirds = thirdsOffsets(text, { unit }, sentences);
  const names = ['beginning', 'middle', 'end'];
  return {
    title,
    text,
    parts: thirds.map((p, i) => [p.start, p.end, names[i] as string]),
    sentences: sentences.map((s) => [s.start, s.end]),
  };
}

export function plainText(title: string, text: string): MarkedText {
  return { title, text, sentences: splitSentencesWithOffsets(text).map((s) => [s.start, s.end]) };
}

/**
 * The most source × output sentence pairs an item view maps: the mapping compares every pair, so
 * a larger item is shown without it (a section says why) rather than stalling the report.
 */
export const MAX_MAPPED_SENTENCE_PAIRS = 4_000_000;

/** Sentence terms made, by marked text: a source's views (pairView) share its MarkedText, so its terms are made once for all its outputs. */
const termsMade = new WeakMap<MarkedText, string[][]>();

/**
 * The TF-IDF terms of a marked text's sentences, cut from the text's one tokenisation
 * (sentence-tokens.ts; the same terms as tokenising each sentence alone): a 2,000-word source was
 * scanned again sentence by sentence after its thirds had split it into pieces, and an article of
 * several summaries once per summary.
 */
function sentenceTerms(t: MarkedText): string[][] {
  let terms = termsMade.get(t);
  if (terms === undefined) {
    const spans = (t.sentences ?? []).map(([start, end]) => ({ text: t.text.slice(start, end), start, end }));
    terms = readSentences({ text: t.text, spans }, { terms: true }).terms ?? [];
    termsMade.set(t, terms);
  }
  return terms;
}

/**
 * Each output sentence mapped to its `topK` most similar source sentences (TF-IDF cosine fitted on
 * the two texts, the position probe's default mapper; `topK` as the probe's option, default 1);
 * sentences with no shared term map to nothing.
 */
function mapSentences(source: MarkedText, output: MarkedText, topK = 1): NonNullable<ItemDetail['mapping']> {
  if (!source.sentences?.length || !output.sentences?.length) return [];
  const [sims] = tfidfSimilaritiesOfTerms(sentenceTerms(source), [sentenceTerms(output)], 'per-summary');
  return (sims ?? []).map((row, i) => {
    const targets = topIndices(row, topK);
    return { sentence: i, targets, score: targets.length ? (row[targets[0] as number] as number) : 0 };
  });
}

/**
 * What is stored beside the output, as sections: the model's reasoning (kept apart from the
 * answer, never measured), a cut-off answer's mark, and mitigation steps ({ name, text?, data? }[]).
 */
export function outputSections(input: ItemInput): { title: string; text: string }[] {
  const out: { title: string; text: string }[] = [];
  if (input.output?.finishReason === 'length') out.push({ title: 'answer cut at the token limit', text: 'the model stopped at generation.maxTokens; the measured output is the text it had written' });
  if (typeof input.output?.reasoning === 'string' && input.output.reasoning !== '') out.push({ title: "model's reasoning (not measured)", text: input.output.reasoning });
  const steps = input.output?.steps ?? input.output?.fields?.steps;
  if (!Array.isArray(steps)) return out;
  return out.concat(steps.map((s: unknown, i) => {
    const st = (s ?? {}) as { name?: unknown; text?: unknown; data?: unknown };
    const text = typeof st.text === 'string' ? st.text : '';
    const data = st.data === undefined ? '' : `${text ? '\n' : ''}${JSON.stringify(st.data, null, 2)}`;
    return { title: `mitigation step ${i + 1}: ${String(st.name ?? '')}`, text: text + data };
  }));
}

/** What sourceOutputDetail is told about an item's texts. */
interface PairOptions {
  unit?: ThirdsUnit;
  sourceField?: string;
  outputField?: string;
  topK?: number;
}

/** The pair an item's view shows: its source field beside its output (ItemViewer.pair). */
export function pairSpec(input: ItemInput, opts: PairOptions = {}): PairSpec {
  return { source: asText(input.fields?.[opts.sourceField ?? 'source']), output: outputText(input, opts.outputField), unit: opts.unit ?? 'words', topK: opts.topK ?? 1 };
}

/**
 * Views made recently, by source (with its thirds' unit) then by output and options: a record's
 * items (framing and primacy of one summary, several summaries of one source) share their texts,
 * thirds and sentence mapping, which were computed once per item (most of a report's end-of-run
 * time). Emptied when it holds MAX_PAIR_VIEWS (a report embeds a few hundred details) and by
 * `forgetPairViews`. Keyed by the texts themselves, map within map: a key joined from a long
 * text and its options was a new string to hash at every look-up, where a text read once is
 * hashed once.
 */
const pairViews = new Map<string, Map<string | undefined, { source: MarkedText | undefined; outputs: Map<number, Map<string | undefined, PairView>> }>>();
let pairViewCount = 0;
const MAX_PAIR_VIEWS = 1000;

/** Let go of the remembered pair views (the report that needed them is written). */
export function forgetPairViews(): void {
  pairViews.clear();
  pairViewCount = 0;
}

function pairView(spec: PairSpec, marks?: PairMarks): PairView {
  const { source: src, output: out, unit, topK } = spec;
  let bySource = pairViews.get(unit)?.get(src);
  const hit = bySource?.outputs.get(topK)?.get(out);
  if (hit !== undefined) return hit;
  if (pairViewCount >= MAX_PAIR_VIEWS) {
    forgetPairViews();
    bySource = undefined;
  }
  // marks made while the item was measured (item-marks.ts) replace the cutting and mapping
  const made = marks === undefined ? undefined : viewOfMarks(spec, marks);
  if (bySource === undefined) {
    bySource = { source: src === undefined ? undefined : (made?.texts[0] ?? sourceText('source', src, unit)), outputs: new Map() };
    let byUnit = pairViews.get(unit);
    if (byUnit === undefined) pairViews.set(unit, (byUnit = new Map()));
    byUnit.set(src, bySource);
  }
  const view = made ?? computedView(bySource.source, out, topK);
  let byTopK = bySource.outputs.get(topK);
  if (byTopK === undefined) bySource.outputs.set(topK, (byTopK = new Map()));
  byTopK.set(out, view);
  pairViewCount++;
  return view;
}

function computedView(source: MarkedText | undefined, out: string | undefined, topK: number): PairView {
  const texts: MarkedText[] = [];
  if (source !== undefined) texts.push(source);
  if (out !== undefined) texts.push(plainText('output', out));
  const view: PairView = { texts };
  if (texts.length === 2) {
    const pairs = (texts[0]?.sentences?.length ?? 0) * (texts[1]?.sentences?.length ?? 0);
    if (pairs <= MAX_MAPPED_SENTENCE_PAIRS) view.mapping = mapSentences(texts[0] as MarkedText, texts[1] as MarkedText, topK);
    else view.unmapped = `not drawn: ${texts[0]?.sentences?.length} source sentences × ${texts[1]?.sentences?.length} output sentences is over the ${MAX_MAPPED_SENTENCE_PAIRS} pairs an item view maps`;
  }
  return view;
}

/** A pair's view computed from its texts, as compact marks to store (item-marks.ts): what a report's item detail would compute at the end. */
export function pairMarks(spec: PairSpec): PairMarks {
  const source = spec.source === undefined ? undefined : sourceText('source', spec.source, spec.unit);
  return marksOfView(computedView(source, spec.output, spec.topK), spec);
}

/** Source beside output with the thirds, the sentence mapping and any mitigation steps. */
export function sourceOutputDetail(input: ItemInput, summary: ItemSummary, opts: PairOptions & { more?: MarkedText[] } = {}): ItemDetail {
  const view = pairView(pairSpec(input, opts), input.marks);
  const detail: ItemDetail = { ...summary, texts: [...view.texts, ...(opts.more ?? [])], sections: outputSections(input) };
  if (view.mapping !== undefined) detail.mapping = view.mapping;
  if (view.unmapped !== undefined) detail.sections.unshift({ title: 'sentence mapping', text: view.unmapped });
  return detail;
}
