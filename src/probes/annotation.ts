/**
 * A probe's human labelling (`slant annotate`): what an annotator reads and answers, the attention
 * checks, how answers become numbers, and which statistics and judge cards a study gives. The data
 * lives in the probe's folder as a JSON asset (annotation.json); the code that rebuilds study items
 * from a stored run, and names the judges of a study, loads on use. A probe with an `annotation`
 * in its manifest is a study kind: nothing else names the kinds (the store has no list of them).
 */
import { UserError } from '../core/errors.js';

/** One answer on the scale. */
export interface AnnotationOption {
  /** stored value (a pair: the answer in A/B terms, negative = Text A) */
  value: string;
  label: string;
  /** keyboard shortcut */
  key: string;
  /** the number statistics use for it (agreement, τ_b with the consensus) */
  score: number;
}

export type AgreementLevel = 'nominal' | 'ordinal' | 'interval';

/** The data of a study kind: the probe's annotation.json. */
export interface AnnotationData {
  title: string;
  instructions: string[];
  question: string;
  note: string;
  options: AnnotationOption[];
  /** where the wording comes from (a paper's figure or section) */
  source: string;
  /**
   * The record fields an item shows. Two fields are a pair: shown as Text A and Text B in an order
   * drawn per annotator and item, the answer (on a scale symmetric around 0, negative = Text A)
   * turned back to "the second field is more …" before it is analysed.
   */
  fields: string[];
  /** Krippendorff's α at these levels; the first is the one judge cards report */
  agreement: AgreementLevel[];
  /**
   * Judge cards from the study: `majority`, rows the annotators' majority label (options in their
   * order); `direction`, rows the sign of the mean answer. Absent: the study makes no card.
   */
  cards?: 'majority' | 'direction';
  /** how an answer is described in an error about a file's judge or gold column (default: the values) */
  answerHint?: string;
  /** attention checks, shown to every annotator */
  attention: AttentionItem[];
  /**
   * Study columns that name a judge the way runs do: `column` prefixes followed by a judge spec
   * ("framing:offline"), and the names that stand for the offline judge.
   */
  judgeColumns?: { prefixes: string[]; offline: string[] };
}

export interface AttentionItem {
  /** the texts shown, one per field */
  content: Record<string, string>;
  /** the answers (as clicked) that pass */
  expected: string[];
}

/** Who a study's judge column is: the id and version runs use (`version` "unknown" when slant could not tell). */
export interface JudgeIdentity {
  id: string;
  version: string;
  /** items of the study that were training rows of the judge (offline judges); 0 or absent = held out */
  inTraining?: number;
}

/** A study item as a kind builds it from a run (the study store's item input). */
export interface StudyItemInput {
  id: string;
  role: 'task';
  content: Record<string, string>;
  judges: Record<string, string>;
}

/** One measured record of a run, as a kind turns it into study items. */
export interface RunItemContext {
  dataset: string;
  model: string;
  record: { id: string; fields: Record<string, unknown> };
  /** the probe's measurement of the record */
  measurement: Record<string, unknown>;
  /** what the run generated for the record: `summary` (seed 000's summary) or a probe task's name */
  output(from: string): Record<string, unknown> | undefined;
  /** the run's judges section (`llm`, `framing`, …) */
  judges: Record<string, unknown>;
  /** framing from a run: annotate the sources, the outputs, or both */
  target: 'source' | 'output' | 'both';
  /** the study item with this id: made once by `make` (and added to the study), then the same object */
  item(id: string, make: () => StudyItemInput): StudyItemInput;
  /** a judge's answer as stored on the kind's scale; undefined for none or one off the scale */
  answer(raw: unknown): string | undefined;
}

/** The code of a study kind, loaded on use. */
export interface AnnotationCode {
  /** study items from one measured record of a run (`slant annotate create --run`) */
  fromRun?(ctx: RunItemContext): void;
  /** the id and version of the judge a spec ("offline", a model id) makes, as runs record it; no request is sent */
  judge?(spec: string, items: readonly { content: Record<string, string> }[]): Promise<JudgeIdentity>;
}

/** A probe's study kind: its data, and its code on use. */
export interface AnnotationKind extends AnnotationData {
  load?(): Promise<AnnotationCode>;
}

/** What `answer` returns for a value off the scale. */
export const INVALID_ANSWER = '\u0000invalid';

/** True when the kind shows a pair of texts (Text A / Text B in a drawn order). */
export const isPair = (kind: AnnotationData): boolean => kind.fields.length === 2;

/** A scale whose values are all numbers: "+1", "1.0" and "1" are the same answer. */
const numericScale = (kind: AnnotationData): boolean => kind.options.every((o) => Number.isFinite(Number(o.value)));

/** A judge's or gold answer on the kind's scale, or undefined for "no usable answer" (empty, inconsistent, invalid). */
export function scaleAnswer(kind: AnnotationData, raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const s = String(raw).trim().toLowerCase();
  if (s === '' || s === 'inconsistent' || s === 'invalid') return undefined;
  const v = numericScale(kind) && Number.isFinite(Number(s)) ? String(Number(s)) : s;
  return kind.options.some((o) => o.value === v) ? v : INVALID_ANSWER;
}

const LEVELS: readonly AgreementLevel[] = ['nominal', 'ordinal', 'interval'];

/**
 * A plugin probe's study kind is checked when it is registered: a scale, one or two fields,
 * agreement levels, attention checks that show every field and pass on a value of the scale, and
 * for a pair a numeric scale symmetric around 0 (the A/B order is undone by negating the answer).
 */
export function checkAnnotation(kind: AnnotationKind, probe: string, from: string): void {
  const bad = (what: string): never => {
    throw new UserError(`${from}: probe "${probe}": annotation ${what} (docs/extending.md, "Human labelling")`);
  };
  for (const key of ['title', 'question'] as const) if (typeof kind[key] !== 'string' || kind[key] === '') bad(`needs a ${key}`);
  if (!Array.isArray(kind.instructions) || kind.instructions.some((p) => typeof p !== 'string')) bad('instructions must be a list of paragraphs');
  if (!Array.isArray(kind.options) || kind.options.length < 2) bad('needs at least two options');
  const values = new Set<string>();
  for (const o of kind.options) {
    if (typeof o?.value !== 'string' || typeof o.label !== 'string' || typeof o.key !== 'string' || typeof o.score !== 'number' || !Number.isFinite(o.score)) bad(`option ${JSON.stringify(o)} needs value, label, key (strings) and a numeric score`);
    if (values.has(o.value)) bad(`option "${o.value}" is listed twice`);
    values.add(o.value);
  }
  if (!Array.isArray(kind.fields) || kind.fields.length < 1 || kind.fields.length > 2 || kind.fields.some((f) => typeof f !== 'string')) bad('fields must name one field (a text) or two (a pair)');
  if (isPair(kind) && !kind.options.every((o) => Number(o.value) === o.score && values.has(String(-o.score === 0 ? 0 : -o.score)))) bad('of a pair needs numeric values, each its own score, symmetric around 0 (negative = Text A)');
  if (!Array.isArray(kind.agreement) || kind.agreement.length === 0 || kind.agreement.some((l) => !LEVELS.includes(l))) bad(`agreement must list levels among ${LEVELS.join(', ')}`);
  if (kind.cards !== undefined && kind.cards !== 'majority' && kind.cards !== 'direction') bad('cards must be "majority" or "direction"');
  if (!Array.isArray(kind.attention)) bad('attention must be a list (it may be empty)');
  for (const a of kind.attention) {
    if (kind.fields.some((f) => typeof a?.content?.[f] !== 'string')) bad(`attention item ${JSON.stringify(a)} needs content with ${kind.fields.join(' and ')}`);
    if (!Array.isArray(a.expected) || a.expected.length === 0 || a.expected.some((e) => !values.has(e))) bad(`attention item ${JSON.stringify(a)}: expected must list values of the scale`);
  }
  if (kind.load !== undefined && typeof kind.load !== 'function') bad('load must be a function returning its code');
}
