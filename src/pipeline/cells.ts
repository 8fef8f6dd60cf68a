import type { AnyProbe } from '../probes/manifest.js';
import { outputOf } from '../probes/output.js';
import type { TaskBinding } from '../probes/types.js';
import { summarizeTask } from '../tasks/summarize-task.js';
import { BASELINE_KEY, type Condition } from './conditions.js';

/**
 * The one place a probe's task is chosen: the probe's own (position, certainty, fact-check,
 * WildFrame sentiment), else seed 000's summarization with the run's prompt template.
 */
export function taskFor(probe: AnyProbe, options: Record<string, unknown>, template: string | undefined): TaskBinding {
  const output = outputOf(probe);
  return output.from === 'summary' ? { task: summarizeTask, options: { template: template ?? '' } } : output.task(options);
}

/** Seed 000's shared summary is stored as { text } (as before conditions); other tasks' outputs as { fields }. */
export const storesText = (probe: AnyProbe): boolean => outputOf(probe).from === 'summary';

/** Does the condition apply to this task at all (a mitigation names the tasks it wraps)? */
export function conditionApplies(condition: Condition, binding: TaskBinding): boolean {
  return condition.key === BASELINE_KEY || condition.mitigation.tasks.includes(binding.task.kind);
}
