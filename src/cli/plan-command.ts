/** `slant plan` and `slant run --plan`: the cost plan of the run these flags describe; no model is called. */
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { SlantConfig } from '../config/schema.js';
import { planCost, type CostPlan } from '../pipeline/cost-plan/estimate.js';
import { globalOptions } from './main-options.js';
import { planSummary, renderPlan } from './plan-output.js';
import { prepareRunConfig, resumeTarget } from './run-spec.js';
import { configuredStore, storeLocation } from './workspace-config.js';
import type { RunFlags } from './commands/run.js';

export async function planAction(opts: RunFlags, cmd: Command): Promise<CostPlan> {
  const global = globalOptions(cmd);
  let config: SlantConfig;
  let baseDir: string;
  let resumeRunId: string | undefined;
  if (opts.resume !== undefined) {
    const { id, spec } = await resumeTarget(opts.store ?? (await configuredStore(opts.config)), opts.resume);
    if (spec.kind !== 'run') throw new UserError(`run ${id} was made by \`slant ${spec.kind}\`: the plan is of \`slant run\` runs`);
    config = spec.config;
    baseDir = spec.baseDir;
    resumeRunId = id;
  } else {
    try {
      config = await prepareRunConfig(opts);
    } catch (err) {
      const { ConfigKeyError } = await import('../config/config-key-error.js');
      throw err instanceof ConfigKeyError ? err.inFile(opts.config) : err;
    }
    baseDir = dirname(resolve(opts.config));
  }
  const plan = await planCost(config, {
    baseDir,
    storePath: storeLocation(baseDir, config.store),
    ...(resumeRunId !== undefined ? { resumeRunId } : {}),
    batch: opts.batch === true,
    noCache: opts.cache === false,
  });
  // -q: the totals in one line
  process.stdout.write(global.json ? `${JSON.stringify(plan)}\n` : global.quiet ? `plan: ${planSummary(plan)}\n` : `${renderPlan(plan)}\n`);
  return plan;
}
