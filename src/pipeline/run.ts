import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../core/errors.js';
import type { Store } from '../runtime/store.js';
import { RESULTS_SCHEMA_ID, type Results } from '../probes/results.js';
import { SLANT_VERSION } from '../version.js';
import { renderHtmlReport } from '../report/html.js';
import { resultsJsonText } from '../report/results-json.js';
import { aggregateRun } from './aggregate.js';
import { executePlan, type ExecutionPlan } from './execute.js';
import { WarningLog } from './warnings.js';
import { costReport, DEFAULT_PRICES, mergePrices } from '../runtime/cost.js';
import type { ModelUsage } from '../runtime/usage.js';

export interface RunArgs {
  command: string;
  plan: ExecutionPlan;
  store: Store;
  /** an existing run to continue (resume), else a new one is created from configJson */
  resumeRunId?: string;
  configJson: string;
  configHash: string;
  reportsDir: string;
  signal?: AbortSignal;
  onItem?: () => void;
  /** also write results.json here (e.g. `slant measure --output`) */
  resultsPath?: string;
  /** token usage per model, read when the run ends (for the cost table) */
  usage?: () => Record<string, ModelUsage>;
  /** price overrides (config `prices:`) */
  prices?: Record<string, unknown>;
  /** record usage of answers that did not pass through the wrapped models (batch results) */
  onBatchResult?: (modelId: string, r: { usage?: { inputTokens: number; outputTokens: number }; cached: boolean }) => void;
  log?: (line: string) => void;
}

export interface RunSummary {
  runId: string;
  results: Results;
  reportDir: string;
  measured: number;
  reused: number;
  generated: number;
  cacheHits: number;
  interrupted: boolean;
}

/** Execute (or resume) a run, aggregate it, write results.json and report.html. */
export async function runAndReport(args: RunArgs): Promise<RunSummary> {
  const { store, plan } = args;
  let runId: string;
  let createdAt: string;
  if (args.resumeRunId) {
    const run = store.getRun(args.resumeRunId);
    if (!run) throw new UserError(`no run "${args.resumeRunId}" in the store`, { hint: 'list runs with `slant runs`' });
    runId = run.id;
    createdAt = run.createdAt;
    store.setRunStatus(runId, 'running');
  } else {
    const run = store.createRun({ configJson: args.configJson, configHash: args.configHash, label: args.command });
    runId = run.id;
    createdAt = run.createdAt;
  }
  const warnings = new WarningLog();
  let outcome;
  try {
    outcome = await executePlan(plan, store, runId, { signal: args.signal, onItem: args.onItem, warnings, onBatchResult: args.onBatchResult, log: args.log });
  } catch (err) {
    store.setRunStatus(runId, args.signal?.aborted ? 'interrupted' : 'failed');
    throw err;
  }
  const probes = aggregateRun(plan, store, runId, outcome.cells);
  const status = outcome.interrupted ? 'interrupted' : 'completed';
  const results: Results = {
    schema: RESULTS_SCHEMA_ID,
    slant: { version: SLANT_VERSION },
    run: { id: runId, command: args.command, createdAt, finishedAt: new Date().toISOString(), status },
    models: plan.producers.map((p) => ({ id: p.id, version: p.version })),
    datasets: outcome.datasets,
    probes,
    warnings: warnings.list(),
  };
  const usage = args.usage?.() ?? {};
  // batch mode: generations are billed at batch prices (judges, if LLMs, are billed live: see docs)
  if (Object.keys(usage).length > 0) results.usage = costReport(usage, mergePrices(DEFAULT_PRICES, args.prices), { batch: plan.batch === true });
  store.setRunStatus(runId, status, { measured: outcome.measured, reused: outcome.reused });
  const reportDir = join(args.reportsDir, runId);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, 'results.json'), resultsJsonText(results));
  writeFileSync(join(reportDir, 'report.html'), renderHtmlReport(results));
  if (args.resultsPath) {
    mkdirSync(dirname(args.resultsPath), { recursive: true });
    writeFileSync(args.resultsPath, resultsJsonText(results));
  }
  return { runId, results, reportDir, measured: outcome.measured, reused: outcome.reused, generated: outcome.generated, cacheHits: outcome.cacheHits, interrupted: outcome.interrupted };
}
