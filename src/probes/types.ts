import type { z } from 'zod';
import type { GroupResult, InstrumentId, Metric } from '../core/types.js';
import type { JudgeCard } from '../judges/card.js';
import type { Embedder, FramingJudge } from '../judges/types.js';
import type { LanguageModel } from '../models/types.js';
import type { MitigationResult } from '../mitigations/types.js';
import type { Task, TaskRecord } from '../tasks/task.js';
export type { GenerationDefaults } from '../tasks/task.js';
import type { Presentation } from '../results/presentation.js';
import type { ItemValueKind } from '../stats/paired-comparison.js';
import type { GroupResultJson } from '../results/schema.js';

export type { GroupResult, ResultTable } from '../core/types.js';

/** The instruments a probe may use; the runner builds them from config. */
export interface ProbeJudges {
  framing?: FramingJudge;
  embedder?: Embedder;
  /** an LLM judge (certainty, wildframe evaluation, verdicts) */
  llm?: LanguageModel;
  /** certainty (App. D.1): the model that reviews order-inconsistent judgements (options.moderator) */
  moderator?: LanguageModel;
  /** ask a judge once more, for the label alone, when its answer states none (judges.reask; off by default) */
  reask?: boolean;
  /** the stored accuracy card of a judge (LLM judges validated with `slant validate … --save-card`) */
  cardFor?: (task: JudgeCard['task'], judge: string, version: string) => JudgeCard | undefined;
}

/** A judge as recorded in results: id, version and its accuracy card when it has one. */
export interface CardedInstrument extends InstrumentId {
  card?: JudgeCard;
}

export interface ProbeContext<O> {
  judges: ProbeJudges;
  options: O;
  signal?: AbortSignal;
  /**
   * `slant run`, probes that ask the model under test: put one question to it through the cell's
   * condition (the probe's task, under the cell's mitigation or the baseline). Absent in
   * `slant measure`, where the probe asks judges.llm itself.
   */
  ask?: (record: TaskRecord) => Promise<MitigationResult>;
}

/** The task a probe's model output comes from, with its options (Probe.task). */
export interface TaskBinding {
  task: Task;
  options: unknown;
}


/**
 * Where the text a probe measures comes from in `slant run`: one answer, so a probe cannot say two
 * contradicting things. Absent means the summary. Mitigations wrap the task named here.
 * - `summary`: seed 000's summarization of `source` into `output`, with the run's prompt template,
 *   shared by every probe that measures it (framing, primacy);
 * - `task`: the probe's own task fills `produces` before the probe measures (position's summaries,
 *   certainty's rewrites); `key(options)` tells apart generations with different options (the
 *   stored-output key);
 * - `asks-model`: the probe questions the model under test itself while measuring (hallucination's
 *   fact-checking, WildFrame's sentiment): each configured model is passed as `judges.llm`, and
 *   `ctx.ask` puts the task's question through the cell's condition.
 */
export type ProbeOutput<O> =
  | { from: 'summary' }
  | { from: 'task'; task(options: O): TaskBinding; produces: string[]; key(options: O): string }
  | { from: 'asks-model'; task(options: O): TaskBinding };

/**
 * A canonical field a record must or may carry, for binding datasets, docs and error messages;
 * `sentences: true` when the field may also be an array of sentences (pre-split text), which the
 * data layer then accepts.
 */
export interface ProbeField {
  name: string;
  required: boolean;
  description: string;
  sentences?: boolean;
}

/**
 * One bias measurement: record schema + per-item measure + aggregate.
 * R: canonical record (after field mapping), M: per-item measurement (JSON-serialisable), O: options.
 */
export interface Probe<R extends { id: string }, M, O> {
  name: string;
  description: string;
  /**
   * The record fields, when the probe is given as the probe object alone (a plugin's): a probe's
   * manifest says them (`ProbeManifest.fields`), and the built-in probes say them only there.
   */
  fields?: readonly ProbeField[];
  recordSchema: z.ZodType<R>;
  optionsSchema: z.ZodType<O>;
  /** which judges this probe needs with these options */
  needs(options: O): (keyof ProbeJudges)[];
  measure(record: R, ctx: ProbeContext<O>): Promise<M>;
  /** aggregate the items of one group */
  aggregate(items: { recordId: string; measurement: M }[], options: O): Omit<GroupResult, 'labels'>;
  /**
   * The same numbers as `aggregate` and `corrected`, made in one pass over a group's items (given
   * in record-id order): a run aggregates with this when the probe has it, holding a page of items
   * at a time instead of the group, so that its memory does not grow with the run.
   */
  accumulate?(options: O): ItemAccumulator<M>;
  /**
   * Item-level values of the headline metrics (e.g. { phi_frame: 1 } for a changed item), used for
   * the run summary: the mean of the per-(model, dataset) means with a bootstrap interval.
   */
  itemValues?(measurement: M, options: O): Record<string, number>;
  /**
   * The declared kind (and range) of every item value itemValues can return, by name: it picks the
   * paired test and interval of a comparison (stats/paired-comparison.ts), never the values. Every
   * probe with itemValues declares them; a value without a declaration is refused when compared.
   */
  itemKinds?: Readonly<Record<string, ItemValueKind>>;
  /**
   * A probe that needs all of a dataset's records before it measures any (certainty's source
   * ranking, App. D.2) returns fields to add to each record, by id; undefined when these options
   * need no such pass. Runs once per dataset and invocation (its model calls go through the cache).
   */
  prepare?(records: { id: string; fields: Record<string, unknown> }[], ctx: ProbeContext<O>): Promise<Map<string, Record<string, unknown>> | undefined>;
  /**
   * Whether `prepare` has work for these options (default: yes). When it has none, the dataset's
   * records are not read up front for it: holding every record of a large dataset for a pass that
   * returns nothing made a run's memory grow with its size.
   */
  prepares?(options: O): boolean;
  /** what the report shows for one group (typed tables and figures; renderers read only this) */
  present?(group: GroupResultJson, options: O): Presentation;
  /** where the text it measures comes from in `slant run` (default: seed 000's summary) */
  output?: ProbeOutput<O>;
  /**
   * Rates corrected for the judge's error (docs/judges/correction.md), as `<name>_corrected`
   * metrics beside the raw ones, and the judges (with their cards) that labelled the items.
   * No card, no corrected metrics.
   */
  corrected?(items: { recordId: string; measurement: M }[], options: O, judges: ProbeJudges): { metrics: Metric[]; judges: CardedInstrument[] };
  /**
   * Instruments the probe ran itself (not from `judges`), read off its measurements, e.g. the
   * certainty probe's offline comparator: results name them with the judges.
   */
  instruments?(measurements: readonly M[], options: O): InstrumentId[];
}

/** A group's numbers made one item at a time (Probe.accumulate). */
export interface ItemAccumulator<M> {
  /** the next item, in record-id order (its id for numbers that name their items, as position's per-article table) */
  add(measurement: M, recordId: string): void;
  aggregate(): Omit<GroupResult, 'labels'>;
  corrected?(judges: ProbeJudges): { metrics: Metric[]; judges: CardedInstrument[] };
  /** the same as Probe.instruments over the items added */
  instruments?(): InstrumentId[];
}

/** Instruments recorded in results. */
export function instrumentIds(judges: ProbeJudges): CardedInstrument[] {
  const out: CardedInstrument[] = [];
  for (const j of [judges.framing, judges.embedder, judges.llm, judges.moderator]) if (j) out.push({ id: j.id, version: j.version });
  return out;
}
