import type { z } from 'zod';
import type { InstrumentId, Metric } from '../core/types.js';
import type { Embedder, FramingJudge } from '../judges/types.js';
import type { LanguageModel, Warning } from '../models/types.js';

/** A small table a probe reports beside its metrics (e.g. the 3x3 framing transition matrix). */
export interface ResultTable {
  name: string;
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}

/** Metrics (and tables) for one group: one model x dataset cell, or one model inside a multi-model file. */
export interface GroupResult {
  /** e.g. { model: 'builtin:lead-3', dataset: 'demo-reviews' } */
  labels: Record<string, string>;
  metrics: Metric[];
  tables?: ResultTable[];
  /** probe-specific extra data (e.g. positional distributions), JSON-serialisable */
  extra?: Record<string, unknown>;
}

/** The instruments a probe may use; the runner builds them from config. */
export interface ProbeJudges {
  framing?: FramingJudge;
  embedder?: Embedder;
  /** an LLM judge (certainty, wildframe evaluation, verdicts) */
  llm?: LanguageModel;
}

export interface ProbeContext<O> {
  judges: ProbeJudges;
  options: O;
  signal?: AbortSignal;
}

/** Generation defaults of a run (config `generation`), which a probe's task may use or override. */
export interface GenerationDefaults {
  temperature: number;
  maxTokens: number;
  seed: number;
}

/**
 * How `slant run` makes a probe's model output, when it is not seed 000's summarization of
 * `source` into `output` (the default). The probe owns its prompts and the parsing of answers.
 */
export interface ProbeGeneration<O> {
  /** canonical fields the generation fills (they are not required in the dataset) */
  produces: string[];
  /** distinguishes generations of the same probe with different options (stored-output key) */
  key(options: O): string;
  generate(
    model: LanguageModel,
    record: { id: string; fields: Record<string, unknown> },
    options: O,
    ctx: { defaults: GenerationDefaults; signal?: AbortSignal },
  ): Promise<{ fields: Record<string, unknown>; warnings: Warning[]; cached: boolean }>;
}

/**
 * One bias measurement: record schema + per-item measure + aggregate.
 * R: canonical record (after field mapping), M: per-item measurement (JSON-serialisable), O: options.
 */
export interface Probe<R extends { id: string }, M, O> {
  name: string;
  description: string;
  /**
   * canonical fields a record must/may carry, for docs and error messages; `sentences: true` when
   * the field may also be an array of sentences (pre-split text), which the data layer then accepts
   */
  fields: { name: string; required: boolean; description: string; sentences?: boolean }[];
  recordSchema: z.ZodType<R>;
  optionsSchema: z.ZodType<O>;
  /** which judges this probe needs with these options */
  needs(options: O): (keyof ProbeJudges)[];
  measure(record: R, ctx: ProbeContext<O>): Promise<M>;
  /** aggregate the items of one group */
  aggregate(items: { recordId: string; measurement: M }[], options: O): Omit<GroupResult, 'labels'>;
  /**
   * Item-level values of the headline metrics (e.g. { phi_frame: 1 } for a changed item), used for
   * the run summary: the mean of the per-(model, dataset) means with a bootstrap interval.
   */
  itemValues?(measurement: M, options: O): Record<string, number>;
  /** the probe's own generation task for `slant run` (default: summarize `source` into `output`) */
  generation?: ProbeGeneration<O>;
  /**
   * The probe asks the model under test itself while measuring (fact-checking, sentiment of a
   * framed statement): in `slant run` each configured model is passed as `judges.llm`.
   */
  asksModel?: boolean;
  /**
   * Instruments the probe ran itself (not from `judges`), read off its measurements, e.g. the
   * certainty probe's offline comparator: results name them with the judges.
   */
  instruments?(measurements: readonly M[], options: O): InstrumentId[];
}

/** Instruments recorded in results. */
export function instrumentIds(judges: ProbeJudges): InstrumentId[] {
  const out: InstrumentId[] = [];
  for (const j of [judges.framing, judges.embedder, judges.llm]) if (j) out.push({ id: j.id, version: j.version });
  return out;
}
