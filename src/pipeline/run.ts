import type { ItemsAhead } from './items-ahead.js';
import { settleSignals, stoppableStage } from '../core/stoppable.js';
import { phase } from '../core/phases.js';
import { join } from 'node:path';
import { writeFileAtomic, writeFileAtomicStream } from '../runtime/write-atomic.js';
import { crashPoint } from '../runtime/crash-point.js';
import { RunLease, RunLeaseHeldError, RunLeaseLostError } from '../runtime/run-lease.js';
import { withSendFence } from '../runtime/send-fence.js';
import { storeProblem } from '../runtime/store-errors.js';
import { UserError } from '../core/errors.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { RunStore } from '../runtime/run-store.js';
import { RESULTS_SCHEMA_ID, type Results } from '../results/schema.js';
import { SLANT_VERSION } from '../version.js';
import { resultsJsonText, writtenResults } from '../results/json-text.js';
import { writeResultsJson, type StoredItems } from '../results/streamed-items.js';
import { aggregateRun, itemSources } from './aggregate.js';
import { executePlan, type ExecutionOutcome, type ExecutionPlan } from './execute.js';
import { WarningLog } from './warnings.js';
import { BUDGET_SPENT_ON_REASONING } from '../models/answer.js';
import { costReport, priceTable } from '../runtime/cost.js';
import { UsageTracker, type ModelUsage } from '../runtime/usage.js';

export interface RunArgs {
  command: string;
  plan: ExecutionPlan;
  store: AnyStore;
  /** an existing run to continue (resume), else a new one is created from configJson */
  resumeRunId?: string;
  configJson: string;
  configHash: string;
  reportsDir: string;
  signal?: AbortSignal;
  onItem?: () => void;
  /** work for the report made while items are measured (src/pipeline/items-ahead.ts) */
  ahead?: ItemsAhead;
  /** called once when the run's first answer is back (src/pipeline/execute.ts: onWaiting) */
  onWaiting?: () => void;
  /** also write results.json here (e.g. `slant measure --output`) */
  resultsPath?: string;
  /** token usage per model, read when the run ends (for the cost table) */
  usage?: () => Record<string, ModelUsage>;
  /** start no new work once aborted (the budget is reached; src/runtime/budget.ts) */
  stop?: AbortSignal;
  /** results.json's `spend` (per model and condition, the budget), read when the run ends */
  spend?: () => Results['spend'] | Promise<Results['spend']>;
  /** price overrides (config `prices:`) */
  prices?: Record<string, unknown>;
  /** `--no-cache` (the batch phase, which stores answers itself, reads and writes the cache unless this is set) */
  noCache?: boolean;
  /** record usage of answers that did not pass through the wrapped models (batch results) */
  onBatchResult?: (modelId: string, r: { usage?: { inputTokens: number; outputTokens: number }; cached: boolean }) => void;
  log?: (line: string) => void;
  /** another process holds the run: wait for it instead of failing (`--wait`) */
  waitForLease?: boolean;
  /**
   * The report step (the CLI passes src/report/write.ts: report.html). The pipeline does not render
   * reports; it calls this after results.json is written and before the run is marked finished, so
   * a crash never leaves a "completed" run without its report. Given the results as written (JSON).
   */
  report?: (results: Results, reportDir: string) => Promise<void>;
  /** the run's results are complete (the object the summary returns), before results.json and the report are written */
  onResults?: (results: Results) => void;
  /** every item is measured and stored (the run's end begins: aggregation, results, report) */
  onMeasured?: () => void;
  /**
   * The execution step in place of executePlan in this process: a distributed run (`slant run
   * --workers`) enqueues its units and waits for the workers (src/pipeline/distributed/coordinate.ts).
   */
  execute?: (store: RunStore, runId: string, warnings: WarningLog) => Promise<ExecutionOutcome>;
}

export interface RunSummary {
  runId: string;
  results: Results;
  reportDir: string;
  measured: number;
  reused: number;
  generated: number;
  cacheHits: number;
  /** model outputs recorded as invalid in this invocation */
  invalid: number;
  interrupted: boolean;
  /**
   * Where the items of `results` are (runAndReport): their `items` are left empty in memory and
   * written into results.json from the store (src/results/streamed-items.ts), so a run's memory
   * does not grow with its items. Absent: the items are in `results`.
   */
  items?: StoredItems;
}

/** Execute (or resume) a run, aggregate it, write results.json and report.html. */
export async function runAndReport(args: RunArgs): Promise<RunSummary> {
  return run(args, async (results, runId, items) => {
    const reportDir = join(args.reportsDir, runId);
    const written = await writeReports(results, reportDir, args.resultsPath, items);
    crashPoint('between-reports');
    await args.report?.(written, reportDir);
    return reportDir;
  }, { streamItems: true });
}

/** Execute (or resume) a run and aggregate it into the results object, stored; writes no files (the library's `audit`). */
export async function runToResults(args: Omit<RunArgs, 'reportsDir' | 'resultsPath'>): Promise<Omit<RunSummary, 'reportDir'>> {
  const { reportDir: _none, ...summary } = await run({ ...args, reportsDir: '' }, () => Promise.resolve(''));
  return summary;
}

/** Lease, execute, aggregate, store the results, `write` them (returns the report folder), mark the run ended. */
async function run(args: RunArgs, write: (results: Results, runId: string, items?: RunSummary['items']) => Promise<string>, opts: { streamItems?: boolean } = {}): Promise<RunSummary> {
  const store = asRunStore(args.store);
  let runId: string;
  let createdAt: string;
  if (args.resumeRunId) {
    const run = await store.getRun(args.resumeRunId);
    if (!run) throw new UserError(`no run "${args.resumeRunId}" in the store`, { hint: 'list runs with `slant runs`' });
    runId = run.id;
    createdAt = run.createdAt;
  } else {
    const run = await store.createRun({ configJson: args.configJson, configHash: args.configHash, label: args.command });
    runId = run.id;
    createdAt = run.createdAt;
  }
  // one process per run: a second one gets a clear error naming the holder (or waits); a new run
  // on SQLite also while another process runs the same config (nothing there claims requests)
  let lease: RunLease;
  try {
    lease = await RunLease.acquire(store, runId, {
      wait: args.waitForLease === true,
      sameConfig: !args.resumeRunId && store.kind === 'sqlite',
      ...(args.signal ? { signal: args.signal } : {}),
      onWait: (h) => args.log?.(h.runId === runId ? `waiting for run ${runId}: pid ${h.pid} on ${h.host} holds it since ${h.since}` : `waiting for run ${h.runId} of the same config (pid ${h.pid} on ${h.host}, since ${h.since}) to end`),
    });
  } catch (err) {
    // the run made for this invocation holds nothing yet: leave no empty "running" run behind
    if (!args.resumeRunId && (err instanceof RunLeaseHeldError || args.signal?.aborted === true)) await store.deleteRun(runId).catch(() => undefined);
    throw err;
  }
  try {
    // every request of the run first asks the lease: a process that stalled and lost the run sends nothing more
    return await withSendFence(lease.fence, () => executeAndReport(args, store, runId, createdAt, write, lease, opts.streamItems === true));
  } catch (err) {
    throw storeProblem(err, store.location, { lockTimeoutMs: store.lockTimeoutMs, runId }) ?? err;
  } finally {
    await lease.release();
  }
}

async function executeAndReport(args: RunArgs, store: RunStore, runId: string, createdAt: string, write: (results: Results, runId: string, items?: RunSummary['items']) => Promise<string>, lease: RunLease, streamItems: boolean): Promise<RunSummary> {
  const { plan } = args;
  if (args.resumeRunId) await store.setRunStatus(runId, 'running');
  // a model that spends its whole budget on reasoning will do so on every record: say it at the
  // first such answer (once per model), not only in the summary after the run has paid for all
  const warnings = new WarningLog((source, message) => {
    if (message.includes(BUDGET_SPENT_ON_REASONING)) args.log?.(`warning (at the first such answer; the summary counts them): ${source}: ${message}`);
  });
  let outcome: ExecutionOutcome;
  try {
    outcome = args.execute
      ? await args.execute(store, runId, warnings)
      : await executePlan(plan, store, runId, { signal: args.signal, ...(args.stop ? { stop: args.stop } : {}), onItem: args.onItem, onWaiting: args.onWaiting, ...(args.ahead ? { ahead: args.ahead } : {}), warnings, onBatchResult: args.onBatchResult, log: args.log, ...(args.noCache === true ? { noCache: true } : {}) });
  } catch (err) {
    // a run taken over by another process is that process's to mark
    if (!(err instanceof RunLeaseLostError)) await markEnded(store, runId, args.signal?.aborted ? 'interrupted' : 'failed');
    throw err;
  }
  if (store.fullError !== undefined) {
    // the disk filled up: the answers in hand were stored in the reserve; stop here
    await markEnded(store, runId, 'failed');
    throw store.fullError;
  }
  // a signal after the last measurement stops the run here too: aggregating and writing the
  // report of long items take seconds, and the stored items make them again on resume (a run
  // stopped while measuring still reports what it has, as before)
  const stopIfSignalled = async (): Promise<void> => {
    if (outcome.interrupted) return;
    await settleSignals();
    if (args.signal?.aborted !== true) return;
    await markEnded(store, runId, 'interrupted');
    throw args.signal.reason;
  };
  await stopIfSignalled();
  args.onMeasured?.();
  phase('measured');
  // from here on everything is made from stored items, and is made again for free: a signal ends
  // the process at once (src/core/stoppable.ts), as after kill -9 (the run resumes)
  // items stay in the store (results.json reads them from there) unless the caller wants them in hand
  const probes = await stoppableStage(() => aggregateRun(plan, store, runId, outcome.cells, { includeItems: !streamItems, listsFromStore: streamItems }));
  const items = streamItems ? { store, runId, sources: itemSources(plan, outcome.cells) } : undefined;
  phase('aggregated');
  await stopIfSignalled();
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
  // a distributed run: what its workers used, with what this process's own models used
  const tracked = new UsageTracker();
  tracked.add(args.usage?.() ?? {});
  tracked.add(outcome.usage ?? {});
  const usage = tracked.byModel();
  // batch mode: generations are billed at batch prices (judges, if LLMs, are billed live: see docs)
  if (Object.keys(usage).length > 0) results.usage = costReport(usage, priceTable(args.prices), { batch: plan.batch === true });
  const spend = await args.spend?.();
  if (spend !== undefined && spend.rows.length > 0) results.spend = spend;
  // the results go to the store first, then the files (each atomically), and only then is the run
  // marked finished: a crash at any point leaves an unfinished run (resumable) whose results
  // `slant report <run>` can rebuild, never a "completed" run with a cut-off report
  // only the lease's holder writes the run's results and marks it ended
  await lease.confirm();
  await store.putRunResults(runId, results);
  phase('results stored');
  crashPoint('after-results-stored');
  await stopIfSignalled();
  args.onResults?.(results);
  const reportDir = await stoppableStage(() => write(results, runId, items));
  await store.setRunStatus(runId, status, { measured: outcome.measured, reused: outcome.reused });
  return { runId, results, reportDir, ...(items ? { items } : {}), measured: outcome.measured, reused: outcome.reused, generated: outcome.generated, cacheHits: outcome.cacheHits, invalid: outcome.invalid, interrupted: outcome.interrupted };
}

/**
 * Write results.json into `reportDir` (and to `resultsPath`), atomically. Returns the results as
 * written (NaN/±Infinity as null): the report step renders from these, so a report rebuilt later
 * from the stored results is the same file.
 */
export async function writeReports(results: Results, reportDir: string, resultsPath?: string, items?: RunSummary['items']): Promise<Results> {
  if (items === undefined) {
    const json = resultsJsonText(results);
    if (resultsPath) writeFileAtomic(resultsPath, json, 'results JSON (--output)');
    writeFileAtomic(join(reportDir, 'results.json'), json, 'results JSON');
    phase('results.json written');
    return JSON.parse(json) as Results;
  }
  // the items go from the store into the file page by page (the same text: streamed-items.ts)
  const produce = async (w: (text: string) => void): Promise<void> => {
    await writeResultsJson(results, items, w);
    w('\n');
  };
  if (resultsPath) await writeFileAtomicStream(resultsPath, produce, 'results JSON (--output)');
  await writeFileAtomicStream(join(reportDir, 'results.json'), produce, 'results JSON');
  phase('results.json written');
  return writtenResults(results);
}

/** Record how a run ended, unless the store itself cannot take it (the caller's error says why). */
async function markEnded(store: RunStore, runId: string, status: 'failed' | 'interrupted'): Promise<void> {
  try {
    await store.setRunStatus(runId, status);
  } catch {
    // a locked, full or damaged store: the run stays "running", which resume accepts too
  }
}
