import type { Budget } from '../runtime/budget.js';
import type { InstrumentId } from '../core/types.js';
import type { GenerateRequest, LanguageModel, Warning } from '../models/types.js';
import { cleanSummary } from '../tasks/summarize.js';
import { summarizeTask } from '../tasks/summarize-task.js';
import type { LoadedRecord } from './datasets.js';
import type { GenerationDefaults } from '../probes/types.js';

/** Where the output a probe measures comes from: a model that generates it, or the record itself. */
export interface OutputProducer extends InstrumentId {
  /** group label in results (the model id, its configured label, or the record's model field) */
  label(record: LoadedRecord): string;
  /** true when outputs cost something to make and must be stored for resume */
  generates: boolean;
  produce(record: LoadedRecord, signal?: AbortSignal): Promise<{ text: string; warnings: Warning[]; cached: boolean }>;
  /** the model under test (generating producers), for probes with their own task or that ask it */
  model?: LanguageModel;
  defaults?: GenerationDefaults;
  /** for batch mode: the request `produce` would send, the unwrapped model, and how to read its answer */
  batch?: {
    model: LanguageModel;
    request(record: LoadedRecord): GenerateRequest;
    toOutput(text: string): string;
    /** the run's budget: each generation is priced (at batch prices) and reserved before the batch is submitted */
    budget?: Budget;
  };
}

interface GenerationSettings {
  template: string;
  temperature: number;
  maxTokens: number;
  seed: number;
}

/**
 * Seed 000's summarization task (Appendix A.2: near-greedy, at most 500 new tokens, fixed seed).
 * `raw` is the model without the run's wrappers, for the Batch API.
 */
export function modelProducer(model: LanguageModel, label: string, gen: GenerationSettings, raw?: LanguageModel): OutputProducer {
  const defaults = { temperature: gen.temperature, maxTokens: gen.maxTokens, seed: gen.seed };
  const request = (record: LoadedRecord): GenerateRequest => summarizeTask.render({ id: record.id, fields: record.fields }, { template: gen.template }, defaults);
  return {
    id: model.id,
    version: model.version,
    generates: true,
    label: () => label,
    model,
    defaults,
    async produce(record, signal) {
      const res = await model.generate({ ...request(record), signal });
      return { text: cleanSummary(res.text), warnings: res.warnings, cached: res.cached };
    },
    ...(raw ? { batch: { model: raw, request, toOutput: cleanSummary } } : {}),
  };
}

/**
 * Recorded outputs (`slant measure`): the output, if the probe uses one, is a field of the record
 * (the probe's record schema checks it); an optional `model` field groups records.
 */
export function recordedProducer(defaultLabel: string): OutputProducer {
  return {
    id: 'recorded',
    version: '1',
    generates: false,
    label: (r) => (typeof r.fields.model === 'string' && r.fields.model.trim() ? r.fields.model.trim() : defaultLabel),
    async produce(record) {
      const out = record.fields.output;
      return { text: typeof out === 'string' ? out : '', warnings: [], cached: false };
    },
  };
}
