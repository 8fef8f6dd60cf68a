/**
 * The contract of tasks: a Task turns a record into a model request and the model's answer back
 * into the fields a probe measures. Mitigations (src/mitigations/) wrap a task; probes name theirs.
 */
import type { GenerateRequest, Warning } from '../models/types.js';

/** Generation defaults of a run (config `generation`), which a probe's task may use or override. */
export interface GenerationDefaults {
  temperature: number;
  maxTokens: number;
  seed: number;
}

/** The tasks slant runs, one per probe family; a plugin probe may bring a task of its own kind. */
export type TaskKind = 'summarize' | 'position-summary' | 'certainty-rewrite' | 'fact-check' | 'wildframe-sentiment' | (string & {});

export interface TaskRecord {
  id: string;
  fields: Record<string, unknown>;
}

/** What a mitigation may change when it asks the task for a request. */
export interface RenderOverrides {
  /** the document to work on instead of the record's (a chunk, a re-ordered text) */
  document?: string;
  /** replace the task's instruction (a Table A7 prompt); must contain {{document}} where the document goes */
  template?: string;
  /**
   * a named variant of the task's own instruction, for tasks whose prompt is not a {{document}}
   * template: a Table A7 fact-check strategy (calibration, boundary, epistemic) or a seed 004 C.2
   * certainty intervention (preserve-semantics, do-not-hallucinate, preserve-certainty)
   */
  variant?: string;
  /** extra messages placed before the task's own (e.g. a draft and a critique) */
  prefix?: GenerateRequest['messages'];
  /** decoding settings merged over the task's */
  params?: GenerateRequest['params'];
}

export interface Task<O = unknown> {
  kind: TaskKind;
  /** the text the task works on (the document to summarize, the claim to check) */
  document(record: TaskRecord): string;
  render(record: TaskRecord, options: O, defaults: GenerationDefaults, overrides?: RenderOverrides): GenerateRequest;
  /** the fields the probe measures, read from the model's answer (e.g. { output }) */
  parse(text: string, record: TaskRecord, options: O): { fields: Record<string, unknown>; warnings: Warning[] };
}

