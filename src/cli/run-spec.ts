/**
 * What `slant run`, `slant demo` and `slant measure` do once their flags are read. Loaded by their
 * actions only (it imports the pipeline, zod schemas and the store), so `--help` and other commands
 * stay light.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../core/errors.js';
import { roleModelIds } from '../config/roles.js';
import type { SlantConfig } from '../config/schema.js';
import { planMeasure, planRun } from '../pipeline/plan.js';
import { retryLine, retryNotice } from './retry-notice.js';
import { RunActivity } from './run-activity.js';
import { progressStream } from './terminal-guard.js';
import type { RetryInfo } from '../runtime/scheduler.js';
import { openRunStore } from '../runtime/open-store.js';
import { isPostgresUrl } from '../runtime/store-url.js';
import { isLocalProvider } from '../models/providers.js';
import { executeRun } from './execute-run.js';
import { globalOptions } from './main-options.js';
import { loadConfig, storeLocation } from './workspace-config.js';
import type { StoredSpec } from './stored-spec.js';
import { resultsOutputFormat } from './results-output.js';
import { failOnConditions } from './fail-on.js';
import { refuseOutputOverInput, type ReadFile } from './output-over-input.js';
import type { BudgetLimits } from '../runtime/budget.js';
import { beginCostPlan, type BegunCostPlan, type CostPlan } from '../pipeline/cost-plan/estimate.js';
import { DEFAULT_CONFIRM_ABOVE_USD, askToGoOn, needsConfirmation } from './confirm-run.js';
import { setModerator } from './commands/run.js';

/**
 * `-o/--output FILE` of run, demo and measure, its extension checked before any work is done, and
 * refused when it names a file the run reads (a dataset, the run store).
 */
function outputPath(cmd: Command, spec: StoredSpec): string | undefined {
  const out = cmd.opts<{ output?: string }>().output;
  if (out === undefined) return undefined;
  resultsOutputFormat(out);
  refuseOutputOverInput(out, filesRead(spec));
  return resolve(out);
}

/** The files a run reads: its datasets (and WildFrame's annotations) and a SQLite store. */
function filesRead(spec: StoredSpec): ReadFile[] {
  const datasets = spec.kind === 'run' ? spec.config.datasets : [spec.dataset];
  const store = spec.kind === 'run' ? spec.config.store : spec.store;
  const files: ReadFile[] = [];
  for (const d of datasets) {
    if (d.path !== undefined) files.push({ path: resolve(spec.baseDir, d.path), what: 'input' });
    if (d.humans !== undefined) files.push({ path: resolve(spec.baseDir, d.humans), what: 'input' });
  }
  if (!isPostgresUrl(store)) files.push({ path: resolve(spec.baseDir, store), what: 'run store' });
  return files;
}

/** Run a stored or fresh spec end to end. */
export async function runSpec(spec: StoredSpec, command: string, cmd: Command, resumeRunId?: string): Promise<void> {
  const global = globalOptions(cmd);
  const noCache = cmd.opts<{ cache?: boolean }>().cache === false;
  let batch = cmd.opts<{ batch?: boolean }>().batch === true;
  if (!batch && resumeRunId !== undefined && spec.kind === 'run') {
    // a run killed in batch mode has batches in flight: finish them, never send their requests live as well
    const { hasPendingBatches } = await import('../pipeline/batch-phase.js');
    const store = await openRunStore(storeLocation(spec.baseDir, spec.config.store));
    try {
      batch = await hasPendingBatches(store, resumeRunId);
    } finally {
      await store.close();
    }
    if (batch && !global.quiet && !global.json) process.stderr.write(`run ${resumeRunId} has batches in flight: resuming in batch mode (--batch)\n`);
  }
  const failOn = failOnConditions(cmd);
  const preflight = cmd.opts<{ preflight?: boolean }>().preflight !== false;
  const waitForLease = cmd.opts<{ wait?: boolean }>().wait === true;
  const distributed = cmd.opts<{ workers?: boolean; unitSize?: number }>();
  const workers = distributed.workers === true ? { ...(distributed.unitSize ? { unitSize: distributed.unitSize } : {}) } : undefined;
  if (spec.kind === 'run') {
    const config = spec.config;
    const flags = cmd.opts<{ maxCost?: number; maxTokens?: number; yes?: boolean }>();
    const { confirmAbove, ...limits } = config.budget ?? {};
    const budget: BudgetLimits = { ...limits, ...(flags.maxCost !== undefined ? { usd: flags.maxCost } : {}), ...(flags.maxTokens !== undefined ? { tokens: flags.maxTokens } : {}) };
    const hasBudget = budget.usd !== undefined || budget.tokens !== undefined || Object.keys(budget.models ?? {}).length > 0;
    // the plan is made for every run that may pay for a model (no model is called): the results
    // show it beside the actual spend, and a budget holds each item's judge calls with its generation
    // -o checked first: a plan begun is let go by the run
    const resultsPath = outputPath(cmd, spec);
    let planned: CostPlan | undefined;
    let planLater: BegunCostPlan | undefined;
    const storePath = storeLocation(spec.baseDir, config.store);
    const mayAsk = !hasBudget && flags.yes !== true && !global.json && !global.quiet && process.stdin.isTTY === true && process.stderr.isTTY === true;
    if (paysForModels(config)) {
      try {
        const begun = await beginCostPlan(config, { baseDir: spec.baseDir, storePath, ...(resumeRunId !== undefined ? { resumeRunId } : {}), batch, noCache });
        // made before the run when the run needs its totals first (a budget, the question whether
        // to go on) or reads a shared store (the plan reads it as it is, not a copy); else made
        // while the run waits on its models (its copy of the store is taken now)
        if (hasBudget || mayAsk || isPostgresUrl(storePath)) planned = await begun.make();
        else planLater = begun;
      } catch (err) {
        // a plan slant cannot make here says why; the run itself goes on (its own errors are its own)
        if (!global.quiet && !global.json) process.stderr.write(`note: no plan before the run (${err instanceof Error ? err.message : String(err)}): the results show no estimate beside the spend${hasBudget ? ', and the budget holds no judge calls ahead' : ''}\n`);
      }
    }
    if (planned !== undefined && mayAsk) {
      const threshold = confirmAbove ?? DEFAULT_CONFIRM_ABOVE_USD;
      if (needsConfirmation(planned, threshold) && !(await askToGoOn(planned, threshold, { input: process.stdin, output: process.stderr }))) {
        process.stderr.write('not started\n');
        return;
      }
    }
    // retries and waits: live in the progress line when one is drawn, else a line on stderr now and then
    const activity = new RunActivity();
    const notice = retryNotice((line) => activity.log(line));
    const bar = progressStream().isTTY === true;
    const onRetry = (info: RetryInfo): void => {
      activity.retry(info);
      // --verbose logs every retry beside the requests; otherwise a line now and then when no bar shows them
      if (global.verbose === true) activity.log(`retry ${info.attempt}: ${retryLine(info)}`);
      else if (!bar) notice(info);
    };
    await executeRun({
      command,
      activity,
      makePlan: (wrap) => planRun(config, { baseDir: spec.baseDir, wrap, batch, ...(global.quiet || global.json ? {} : { onRetry }) }),
      prices: config.prices,
      noCache,
      storePath,
      reportsDir: resolve(spec.baseDir, config.reports),
      config: spec,
      resumeRunId,
      global,
      failOn,
      waitForLease,
      preflight,
      batch,
      ...(hasBudget ? { budget } : {}),
      ...(planned !== undefined ? { planned } : {}),
      ...(planLater !== undefined ? { planLater } : {}),
      ...(workers ? { workers } : {}),
      ...(resultsPath ? { resultsPath } : {}),
    });
  } else {
    await executeRun({
      command,
      makePlan: (wrap) => planMeasure({ probes: spec.probes, dataset: spec.dataset, judges: spec.judges, concurrency: spec.concurrency, baseDir: spec.baseDir, wrap, label: spec.label }),
      noCache,
      storePath: storeLocation(spec.baseDir, spec.store),
      reportsDir: resolve(spec.baseDir, spec.reports),
      config: spec,
      resumeRunId,
      global,
      failOn,
      waitForLease,
      preflight,
      resultsPath: outputPath(cmd, spec) ?? (spec.output ? resolve(spec.baseDir, spec.output) : undefined),
    });
  }
}

export async function resumeTarget(storePath: string, requested: string | true): Promise<{ id: string; spec: StoredSpec }> {
  const store = await openRunStore(storePath);
  try {
    const run = requested === true ? await store.latestRun({ status: ['running', 'interrupted', 'failed'] }) : await store.getRun(requested);
    if (!run) {
      throw new UserError(requested === true ? `no unfinished run in ${storePath} to resume` : `no run "${requested}" in ${storePath}`, { hint: 'list runs with `slant runs`' });
    }
    // the stored spec's schema holds the whole config schema: built only for a resume, which reads one
    const { parseStoredSpec } = await import('./stored-spec.js');
    const parsed = await parseStoredSpec(run.configJson, run.id);
    if (!parsed.success) throw new UserError(`run ${run.id} was stored by an incompatible slant version and cannot be resumed`);
    return { id: run.id, spec: parsed.data };
  } finally {
    await store.close();
  }
}

/** Whether a run asks a model that is not free (not local): only then is its plan worth making. */
function paysForModels(config: SlantConfig): boolean {
  return roleModelIds(config).some((id) => !isLocalProvider(id.slice(0, id.indexOf(':'))));
}

/** `--max-concurrency n`: every provider the run's models and judges use gets n slots (a model's own limit is replaced too). */
export function applyMaxConcurrency(config: SlantConfig, n: number): void {
  const providers = { ...(config.providers ?? {}) };
  for (const id of roleModelIds(config)) {
    const p = id.slice(0, id.indexOf(':'));
    providers[p] = { ...(providers[p] ?? {}), maxConcurrency: n };
  }
  config.providers = providers;
  for (const m of config.models) if (m.maxConcurrency !== undefined) m.maxConcurrency = n;
  config.concurrency = Math.max(config.concurrency ?? 4, n);
}



/** The config `slant run` (and `slant plan`) runs: the file with the command line's overrides. */
export async function prepareRunConfig(opts: { config: string; store?: string; maxConcurrency?: number; concurrency?: number; moderator?: string; allowEmpty?: boolean; maxRecordBytes?: number; label?: string }): Promise<SlantConfig> {
  const config = await loadConfig(opts.config);
  if (opts.store !== undefined) config.store = opts.store.includes('://') ? opts.store : resolve(opts.store);
  if (opts.maxConcurrency !== undefined) applyMaxConcurrency(config, opts.maxConcurrency);
  if (opts.concurrency) config.concurrency = opts.concurrency;
  if (opts.moderator !== undefined) {
    setModerator(config.probes, opts.moderator);
    // the flag replaces the moderator role too, so the stored config names one moderator
    if (config.roles?.moderator !== undefined) config.roles = { ...config.roles, moderator: opts.moderator };
  }
  if (opts.allowEmpty) config.datasets = config.datasets.map((d) => ({ ...d, allowEmpty: true }));
  const maxRecordBytes = opts.maxRecordBytes;
  if (maxRecordBytes) config.datasets = config.datasets.map((d) => ({ ...d, maxRecordBytes }));
  if (opts.label !== undefined) {
    if (opts.label.trim() === '') throw new UserError('--label: give the run a name (without --label it has the config\'s runs.label, if any)');
    config.runs = { ...config.runs, label: opts.label.trim() };
  }
  return config;
}
