import type { AnyProbe } from '../probes/manifest.js';
import { outputOf } from '../probes/output.js';
import type { TaskBinding } from '../probes/types.js';
import { summarizeTask } from '../tasks/summarize-task.js';
import { BASELINE_KEY, type Condition } from './conditions.js';
import { outputKey } from './batch-phase.js';

/**
 * A cell is model × dataset × probe × condition. Baseline cells keep the key they had before
 * conditions existed (model|dataset|probe), so runs stored by older versions resume unchanged;
 * other conditions append |<condition key>.
 */
export const cellKey = (model: string, dataset: string, probe: string, condition: string = BASELINE_KEY): string =>
  condition === BASELINE_KEY ? `${model}|${dataset}|${probe}` : `${model}|${dataset}|${probe}|${condition}`;

/**
 * The one place a probe's task is chosen: the probe's own (position, certainty, fact-check,
 * WildFrame sentiment), else seed 000's summarization with the run's prompt template.
 */
export function taskFor(probe: AnyProbe, options: Record<string, unknown>, template: string | undefined): TaskBinding {
  const output = outputOf(probe);
  return output.from === 'summary' ? { task: summarizeTask, options: { template: template ?? '' } } : output.task(options);
}

/**
 * Where a generated output is stored (resume and sharing): seed 000's summary is shared by every
 * probe that measures it (framing, primacy) under one key per model, dataset and condition; a
 * probe's own generation is keyed by its options too. Baseline keys are those of older versions.
 */
export function outputStoreKey(label: string, dataset: string, probe: AnyProbe, options: Record<string, unknown>, condition: string): string {
  const output = outputOf(probe);
  const base = output.from === 'task' ? `${outputKey(label, dataset)}|${probe.name}:${output.key(options)}` : outputKey(label, dataset);
  return condition === BASELINE_KEY ? base : `${base}|${condition}`;
}

/** Seed 000's shared summary is stored as { text } (as before conditions); other tasks' outputs as { fields }. */
export const storesText = (probe: AnyProbe): boolean => outputOf(probe).from === 'summary';

/** Does the condition apply to this task at all (a mitigation names the tasks it wraps)? */
export function conditionApplies(condition: Condition, binding: TaskBinding): boolean {
  return condition.key === BASELINE_KEY || condition.mitigation.tasks.includes(binding.task.kind);
}
