import { UserError } from '../core/errors.js';
import type { LanguageModel } from '../models/types.js';
import type { ExecutionPlan } from '../pipeline/execute.js';
import { planRun } from '../pipeline/plan.js';
import { applyMaxConcurrency } from './run-spec.js';
import { parseStoredSpec } from './stored-spec.js';

/**
 * A distributed run's plan on a worker: rebuilt from the config the run stored, as `slant run
 * --resume` does (datasets are read from the same paths: a shared file system, or the same
 * checkout on each machine; API keys from this machine's environment).
 */
export async function workerPlan(configJson: string, wrap: (m: LanguageModel) => LanguageModel, maxConcurrency?: number): Promise<ExecutionPlan> {
  const parsed = await parseStoredSpec(configJson, 'being worked on');
  if (!parsed.success || parsed.data.kind !== 'run') throw new UserError('this run cannot be worked on by `slant worker` (stored by another slant version, or not a `slant run`)');
  const config = parsed.data.config;
  if (maxConcurrency !== undefined) applyMaxConcurrency(config, maxConcurrency);
  return planRun(config, { baseDir: parsed.data.baseDir, wrap, batch: false });
}
