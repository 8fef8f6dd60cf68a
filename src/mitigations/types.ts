/**
 * The contract of mitigations (seed 000 Table A5, seed 004 C.2). A Mitigation wraps a task
 * (src/tasks/task.ts): it may change the prompt (prompt/), split the input and merge
 * (chunk/), re-order the input (rerank/) or steer decoding token by token (decode/). `baseline`
 * is the task alone. Each mitigation is one file in its folder plus a line in the registry.
 */
import type { z } from 'zod';
import type { Capabilities, LanguageModel, Warning } from '../models/types.js';
import type { GenerationDefaults, RenderOverrides, Task, TaskKind, TaskRecord } from '../tasks/task.js';

/** An intermediate product a report can show (a draft, partial summaries, a permutation, a decoding trace summary). */
export interface MitigationStep {
  name: string;
  text?: string;
  data?: unknown;
}

export interface MitigationResult {
  /** the task's output fields, as Task.parse returns them */
  fields: Record<string, unknown>;
  steps: MitigationStep[];
  warnings: Warning[];
  /** model calls made (a cached answer counts as a call: it is the cost of the strategy) */
  calls: number;
  usage: { inputTokens: number; outputTokens: number };
  /** every call was served from the request cache */
  cached: boolean;
  /** how many of `calls` were served from the request cache (absent: all when `cached`, else none) */
  cachedCalls?: number;
  /** what this backend could only approximate, recorded on the cell and in the report */
  approximations?: string[];
  /** wall time of the whole strategy in ms (filled by the runner when the mitigation leaves it out) */
  wallMs?: number;
  /** the model's reasoning over the strategy's calls: stored beside the output, never measured */
  reasoning?: string;
  /** how many of the strategy's answers were cut at the token limit (the run decides whether such an output is measured) */
  truncated?: number;
}

export type Applicability = { ok: true; approximations?: string[] } | { ok: false; reason: string };

export interface MitigationContext<O> {
  model: LanguageModel;
  task: Task;
  taskOptions: unknown;
  record: TaskRecord;
  options: O;
  defaults: GenerationDefaults;
  signal?: AbortSignal;
}

export interface Mitigation<O = Record<string, unknown>> {
  /** registry id, e.g. 'weighted-token-decoding' */
  id: string;
  /** `measure`: a measurement variant on the baseline's outputs (see `probeOptions`), not a change to generation */
  kind: 'prompt' | 'chunk' | 'rerank' | 'decode' | 'measure';
  title: string;
  /** where it is defined, e.g. 'Alessa et al., Table A5' */
  source: string;
  tasks: TaskKind[];
  /** capabilities a model must have to run it exactly */
  requires: (keyof Capabilities)[];
  optionsSchema: z.ZodType<O>;
  /** can this model run it, exactly, approximately (say what), or not at all (say why) */
  applicable(model: LanguageModel, options: O): Applicability;
  run(ctx: MitigationContext<O>): Promise<MitigationResult>;
  /**
   * A measurement variant (kind `measure`): the probe options its cells measure with, merged over
   * the probe's. Its cells read the baseline's stored outputs instead of generating their own, so
   * the condition differs from the baseline by the measurement alone.
   */
  probeOptions?(options: O): Record<string, unknown>;
  /**
   * A prompt mitigation that is the task with another instruction and nothing else (one call, the
   * task's own reader): the overrides it renders with. Such a mitigation can come first in a chain
   * (src/mitigations/chain.ts), its instruction passed to the strategy after it.
   */
  instruction?: RenderOverrides;
}

/**
 * Thrown by a mitigation that finds, only once it runs, that this model cannot run it (e.g. the
 * self-debias prefix is 30+ tokens of this model's vocabulary). The pipeline reports the cell as
 * "not applicable on this model" with the reason and goes on; it never runs it as the baseline.
 */
export class MitigationNotApplicableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MitigationNotApplicableError';
  }
}
