import type { AnyProbe } from '../probes/manifest.js';
import { asksModel, outputOf } from '../probes/output.js';
import { BASELINE_KEY } from './conditions.js';

/**
 * The keys a run's rows are stored under, in one place: the executor writes under them, the
 * batch phase, the aggregation, the report and the viewer read them back. They are part of the
 * store's format: a run stored by an older version resumes only while these strings stay the same
 * (baseline keys are those from before conditions existed).
 *
 * The request cache's keys are not here: they are a hash of the request itself, made by the
 * request cache (src/runtime/cache.ts), and shared by every run of the store.
 */

/**
 * A cell (model × dataset × probe × condition): the key of its row in `cells` and of its item
 * measurements. Baseline cells keep the key they had before conditions existed
 * (model|dataset|probe); other conditions append |<condition key>.
 */
export const cellKey = (model: string, dataset: string, probe: string, condition: string = BASELINE_KEY): string =>
  condition === BASELINE_KEY ? `${model}|${dataset}|${probe}` : `${model}|${dataset}|${probe}|${condition}`;

/** Seed 000's shared summary of a dataset by a model, under the baseline: the base of every output key. */
export const outputKey = (model: string, dataset: string): string => `${model}|${dataset}`;

/**
 * Where a generated output is stored (resume and sharing): seed 000's summary is shared by every
 * probe that measures it (framing, primacy) under one key per model, dataset and condition; a
 * probe's own generation is keyed by its options too.
 */
export function outputStoreKey(model: string, dataset: string, probe: AnyProbe, options: Record<string, unknown>, condition: string): string {
  const output = outputOf(probe);
  const base = output.from === 'task' ? `${outputKey(model, dataset)}|${probe.name}:${output.key(options)}` : outputKey(model, dataset);
  return condition === BASELINE_KEY ? base : `${base}|${condition}`;
}

/**
 * Where a cell's per-item costs are stored: under the key of the output it measured (`outputStoreKey`:
 * shared by every probe measuring that output, so it is paid and counted once), or under the cell's
 * own key for a probe that asks the model while it measures (it has no output of its own).
 */
export const costStoreKey = (cell: string, probe: AnyProbe, output: string): string => (asksModel(probe) ? cell : output);

/** Where a record's fields are kept in the outputs table: per dataset, or per model for recorded outputs (`measure`). */
export const inputKey = (dataset: string, model?: string): string => (model === undefined ? `#input|${dataset}` : `#input|${model}|${dataset}`);

/** Where a run's Batch API batches are in the store's batch_state table: one entry per batch, under the run and output key (`''`: the run's prefix). */
export const batchStateKey = (runId: string, outputStoreKey: string): string => `openai-batch:${runId}|${outputStoreKey}`;

/**
 * The parts of a stored output's key as the annotation sources read them: model, dataset and,
 * for a probe's own generation, `probe:options` (undefined for the shared summary).
 */
export function outputKeyParts(key: string): { model: string | undefined; dataset: string | undefined; generation: string | undefined } {
  const [model, dataset, generation] = key.split('|');
  return { model, dataset, generation };
}
