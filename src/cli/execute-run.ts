import { resolve } from 'node:path';
import { openRunStore } from '../runtime/open-store.js';
import { phase } from '../core/phases.js';
import type { RunStore } from '../runtime/run-store.js';
import { isPostgresUrl } from '../runtime/store-url.js';
import { installInterruptHandler } from '../runtime/interrupt.js';
import { createProgress } from '../runtime/progress.js';
import { canonicalJson, sha256Hex } from '../runtime/canonical-json.js';
import { runAndReport, type RunSummary } from '../pipeline/run.js';
import { countPlannedRecords } from '../pipeline/datasets.js';
import type { ExecutionPlan } from '../pipeline/execute.js';
import type { LanguageModel } from '../models/types.js';
import { RequestCache } from '../runtime/cache.js';
import { ModelContext } from '../runtime/model-context.js';
import { warmDistributions } from '../stats/distributions.js';
import { join } from 'node:path';
import type { GateCondition } from '../report/gate.js';
import { applyGate } from './fail-on.js';
import type { GlobalOptions } from './global-options.js';
import { progressStream } from './terminal-guard.js';
import { EXIT, UserError } from '../core/errors.js';
import { importOptional } from '../core/optional-package.js';
import { resultsOutputFormat, writeJsonLine, writeResultsFile } from './results-output.js';
import { storeProblem } from '../runtime/store-errors.js';
import type { WarningLog } from '../pipeline/warnings.js';
import { Budget, type BudgetLimits } from '../runtime/budget.js';
import type { BegunCostPlan, CostPlan } from '../pipeline/cost-plan/estimate.js';
import { PlanDuringRun } from './plan-during-run.js';
import { tierUpAsUsual } from './tier-up.js';
import { runFinished } from './exit-at-once.js';
import { costReport, priceTable, type PriceTable } from '../runtime/cost.js';
import type { ModelUsage } from '../runtime/usage.js';
import type { Results } from '../results/schema.js';
import { usd } from '../report/money.js';
import { renderSpend } from './spend-table.js';
import type { RunActivity } from './run-activity.js';
import { releaseReportThread, reportThread, reportThreadCanRun, stopReportThread } from '../report/report-thread.js';
import { ReportThreadStart } from './report-thread-start.js';
import { boundHeapGrowth } from './heap-growth.js';
import { terminalWidth } from '../report/terminal-width.js';
import { colorEnabled } from '../core/color.js';
import { writtenResults } from '../results/json-text.js';
import type { BegunReport } from '../report/write.js';

/**
 * What a run needs only at its end: the report page (vega and its charts, ~270 modules), the
 * terminal tables, and the distributions behind every interval. Loaded on first use, or earlier,
 * while the run waits on its models (`onWaiting`), so neither the first request nor the end of
 * the run waits for them.
 */
type EndModules = [typeof import('../report/write.js'), typeof import('../report/terminal.js') | undefined];
let endModules: Promise<EndModules> | undefined;
/** the report's module, once loaded: the results begin the report the moment they are complete (onResults) */
let reportWriter: typeof import('../report/write.js') | undefined;
function loadEndModules(): Promise<EndModules> {
  // with the report thread the terminal summary is drawn there (onResults below); here only if that
  // fails, or the run ends its measuring before it starts the thread (then loaded at the end)
  endModules ??= Promise.all([import('../report/write.js'), reportThread() === undefined && !reportThreadCanRun() ? import('../report/terminal.js') : undefined]).then((m) => {
    reportWriter = m[0];
    return m;
  });
  return endModules;
}

/** This run's report, begun when its results were complete (onResults), if the report's module was loaded by then. */
let begunReport: BegunReport | undefined;

/** The terminal summary being drawn in the report thread (asked for once the results are complete), if any. */
let terminalText: Promise<string | undefined> | undefined;

let warmed = false;
/** when this run starts its report thread (report-thread-start.ts) */
let threadStart = new ReportThreadStart();
/** the report is being made: a warm-up not begun by then would only add work (vega drawn in this thread once the report thread is let go) */
let reporting = false;

/**
 * Once a run has begun measuring (its first item), or while it waits on its models: load the end
 * modules, then compile the distributions and the chart renderer (each in its own turn). They are
 * loaded by every run's end anyway; loaded while the records are measured, the end does not wait
 * for them (an offline run never waits on a model, and loaded this ~50 ms at its end).
 */
function warmEnd(): void {
  if (warmed) return;
  warmed = true;
  void loadEndModules()
    .then(() => new Promise((resolve) => setImmediate(resolve)))
    .then(() => {
      warmDistributions();
      return new Promise((resolve) => setImmediate(resolve));
    })
    .then(async () => {
      const svg = await import('../report/charts/svg.js');
      // a report thread not started yet warms itself up if it starts; a run that ends before draws its figures cold, without the warm-up's figure
      if (!reporting && (reportThread() !== undefined || !reportThreadCanRun())) await svg.warmCharts();
    })
    // a warm-up is an optimisation: a failure here is met again, and reported, where the module is used
    .catch(() => undefined);
}

/** Shared by demo, run and measure: store, Ctrl-C handling, progress bar, printing. */
export async function executeRun(args: {
  command: string;
  /** build the plan; every model it creates goes through `wrap` (request cache, usage) */
  makePlan: (wrap: (m: LanguageModel) => LanguageModel) => Promise<ExecutionPlan>;
  noCache?: boolean;
  prices?: Record<string, unknown>;
  storePath: string;
  reportsDir: string;
  config: unknown;
  resumeRunId?: string;
  totalHint?: number;
  global: GlobalOptions;
  /** --fail-on conditions checked on the results (exit 5) */
  failOn?: GateCondition[];
  /** -o/--output: also write the results here, in the format its extension names (.json, .jsonl, .csv) */
  resultsPath?: string;
  /** wait for another process holding the run (`--wait`) */
  waitForLease?: boolean;
  /** `--no-preflight`: skip the free check of each model's address, key and id before the run */
  preflight?: boolean;
  /** `--workers`: enqueue the run's units for `slant worker` processes instead of running them here */
  workers?: { unitSize?: number };
  /** what the run's requests go through (retries, waits), shown in the progress line */
  activity?: RunActivity;
  /** `--batch` (the generations of openai: models are priced at batch prices) */
  batch?: boolean;
  /** the run's budget (budget: in slant.yaml, --max-cost, --max-tokens) */
  budget?: BudgetLimits;
  /** the plan made before the run, shown beside the actual spend (and, with a budget, what it holds for each item's judge calls) */
  planned?: CostPlan;
  /** or the plan begun (the store copied) and made while the run waits on its models, for its results only (plan-during-run.ts) */
  planLater?: BegunCostPlan;
}): Promise<RunSummary> {
  // a run's memory does not grow with its length (heap-growth.ts)
  boundHeapGrowth();
  // this run's own end: a summary drawn for an earlier run in this process is never printed for this one
  terminalText = undefined;
  begunReport = undefined;
  reporting = false;
  // vega and the item views load in the report thread, on another core, while the run measures
  // (at the end it draws the figures and makes half the item details there): started at once for
  // a coordinator, else once the plan is made, or later for a run of light reports (report-thread-start.ts)
  threadStart = new ReportThreadStart();
  if (args.workers !== undefined) threadStart.now();
  // said where the run's other lines go once the run has a progress line (executeRunWith)
  let log = (line: string): void => void process.stderr.write(`${line}\n`);
  const quiet = args.global.quiet || args.global.json;
  const planLater =
    args.planLater === undefined
      ? undefined
      : new PlanDuringRun(args.planLater, (err) => {
          if (!quiet) log(`note: no plan of the run (${err instanceof Error ? err.message : String(err)}): the results show no estimate beside the spend`);
        });
  try {
    return await executeRunWith(args, planLater, (l) => (log = l));
  } finally {
    await planLater?.dispose();
    // the thread's teardown (10-25 ms with vega loaded) is not waited for: every job the run asked
    // of it is answered (the figures, the details, the terminal summary printed) but the store's
    // checkpoint, which a process that ends now leaves as a kill would (the write-ahead log keeps
    // each page until it is copied, and the next open finishes the copy)
    stopReportThread().catch(() => undefined);
    phase('report thread let go');
    // its store was closed by executeRunWith: a CLI process may end as soon as its command returns
    runFinished();
  }
}

async function executeRunWith(args: Parameters<typeof executeRun>[0], planLater: PlanDuringRun | undefined, setLog: (log: (line: string) => void) => void): Promise<RunSummary> {
  const storePath = isPostgresUrl(args.storePath) ? args.storePath : resolve(args.storePath);
  const store = await openRunStore(storePath);
  const prices = priceTable(args.prices);
  // --batch: the generations of the models sent through the Batch API are priced at batch prices (filled once the plan is made)
  const batchModels = new Set<string>();
  let budget: Budget | undefined;
  if (args.budget !== undefined) {
    // a resumed run's budget is the whole run's: what its earlier invocations spent counts
    const before = args.resumeRunId !== undefined ? ((await store.getRunResults(args.resumeRunId).catch(() => undefined)) as Results | undefined)?.spend?.budget?.spentByModel : undefined;
    budget = new Budget(args.budget, prices, {
      batchModels,
      warn: (line) => process.stderr.write(`${line}\n`),
      ...(before !== undefined ? { spentBefore: before } : {}),
      ...(args.planned !== undefined ? { judgeReserve: args.planned.judgeReserve } : {}),
    });
  }
  // --verbose: each request as it is answered, above the progress bar once there is one
  let requestLog = (line: string): void => void process.stderr.write(`${line}\n`);
  const verbose = args.global.verbose === true && !args.global.json && !args.global.quiet;
  const models = new ModelContext(new RequestCache(store), {
    noCache: args.noCache,
    ...(verbose ? { requestLog: (line: string) => requestLog(line) } : {}),
    preflight: args.preflight !== false,
    ...(budget !== undefined ? { budget } : {}),
    ...(args.global.quiet || args.global.json ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
  });
  let plan: ExecutionPlan;
  try {
    plan = await args.makePlan((m) => models.wrap(m));
    threadStart.planned(plan.probes.map((p) => p.probe.name));
    if (args.batch === true)
      for (const p of plan.producers)
        if (p.batch !== undefined) {
          batchModels.add(p.id);
          if (budget !== undefined) p.batch.budget = budget;
        }
  } catch (err) {
    await store.close();
    throw storeProblem(err, store.location, { lockTimeoutMs: store.lockTimeoutMs }) ?? err;
  }
  const interrupt = installInterruptHandler();
  const showProgress = !args.global.json && !args.global.quiet;
  const stream = progressStream();
  // the total is counted first (cheap: lines, rows, metadata) so the bar fills and has an ETA; unknown shows n/?;
  // nothing is counted when no bar is drawn (stderr is not a terminal)
  const total = args.totalHint ?? (showProgress && stream.isTTY === true ? await countPlannedRecords(plan.datasets) : undefined);
  const activity = args.activity;
  // the spend so far and, once records are done, the total it projects to
  let done = 0;
  // a distributed run's coordinator calls no model: its spend is what the workers' finished units used
  let workersUsage: Record<string, ModelUsage> | undefined;
  const spendText = (): string => {
    const spent = spentUsd(workersUsage ?? models.usage.byModel(), prices);
    if (spent === undefined) return '';
    const projected = total !== undefined && done > 0 && done < total ? `, ~${usd((spent / done) * total)} projected` : '';
    return `${usd(spent)} spent${projected}`;
  };
  const status = (): string => [activity?.text() ?? '', spendText()].filter((s) => s !== '').join(' · ');
  const progress = createProgress({ total, label: args.command, stream, enabled: showProgress, status });
  const tick = progress.tick.bind(progress);
  progress.tick = (n = 1) => {
    done += n;
    tick(n);
  };
  requestLog = (line) => progress.log(line);
  setLog((line) => progress.log(line));
  if (activity) activity.log = (line) => progress.log(line);
  try {
    const onWorkersUsage = (u: Record<string, ModelUsage>): void => {
      workersUsage = u;
    };
    // a plan made during the run is waited for here, once the run's items are measured
    const spend = async (): Promise<Results['spend']> => spendJson(models, prices, batchModels, budget, args.planned ?? (await planLater?.result()));
    return await runWithStore(args, store, plan, models, interrupt, progress, budget, spend, onWorkersUsage, planLater);
  } catch (err) {
    throw storeProblem(err, store.location, { lockTimeoutMs: store.lockTimeoutMs }) ?? err;
  } finally {
    interrupt.dispose();
    await store.close();
    phase('store closed');
  }
}

async function runWithStore(
  args: Parameters<typeof executeRun>[0],
  store: RunStore,
  plan: ExecutionPlan,
  models: ModelContext,
  interrupt: ReturnType<typeof installInterruptHandler>,
  progress: ReturnType<typeof createProgress>,
  budget: Budget | undefined,
  spend: () => Promise<Results['spend']>,
  onWorkersUsage: (usage: Record<string, ModelUsage>) => void,
  planLater: PlanDuringRun | undefined,
): Promise<RunSummary> {
  {
    const configJson = canonicalJson(args.config);
    const jsonOutput = args.resultsPath !== undefined && resultsOutputFormat(args.resultsPath) === 'json' ? args.resultsPath : undefined;
    // the report's item views are cut and mapped in the report thread while the records are measured
    // (those offered before it starts wait for it)
    // (the module is light: the item views it needs load once the run first waits on a model or measures an item, not before its first request)
    const marksAhead = reportThreadCanRun() ? threadStart.ahead(new (await import('../report/items/item-marks-ahead.js')).ItemMarksAhead({ beforeThread: true })) : undefined;
    const summary = await runAndReport({
      command: args.command,
      plan,
      store,
      usage: () => models.usage.byModel(),
      spend,
      ...(budget !== undefined ? { stop: budget.stop } : {}),
      prices: args.prices,
      onBatchResult: (id, r) => models.usage.record(id, r),
      ...(args.noCache === true ? { noCache: true } : {}),
      log: args.global.quiet || args.global.json ? undefined : (line) => process.stderr.write(`${line}\n`),
      configJson,
      configHash: sha256Hex(configJson),
      reportsDir: resolve(args.reportsDir),
      resumeRunId: args.resumeRunId,
      signal: interrupt.signal,
      onItem: () => {
        progress.tick();
        threadStart.item();
        if (!warmed) setImmediate(warmEnd);
      },
      onWaiting: () => {
        // the run sends requests: its request path is optimized as V8 would (tier-up.ts)
        tierUpAsUsual();
        // the thread first, so the warm-up's figure is drawn there
        threadStart.waiting();
        warmEnd();
        marksAhead?.load();
        planLater?.onWaiting();
      },
      // the store's write-ahead log is copied into its file in the report thread while this thread aggregates
      // (closing the store at the end then has little left to copy)
      onMeasured: () => {
        threadStart.end();
        if (store.kind === 'sqlite') reportThread()?.call({ kind: 'checkpoint', path: store.location }).catch(() => undefined);
      },
      ...(marksAhead !== undefined ? { ahead: marksAhead } : {}),
      // results JSON: written atomically with the report; .csv/.jsonl: below
      resultsPath: jsonOutput,
      waitForLease: args.waitForLease,
      // the report step: report.html (figures, items with their texts from a SQLite store; from results.json on PostgreSQL), atomically
      // (the report thread is let go as soon as the page has its figures and details: it ends while the page is written)
      // the report begins at once (its figures drawn in the report thread while this thread writes results.json
      // and reads the items), from the results as results.json holds them, as the report step is given them;
      // then the terminal summary is drawn there, after the figures, while this thread writes the files (the same text: the same code, width and colour)
      onResults: (results) => {
        if (reportWriter !== undefined) {
          reporting = true;
          begunReport = reportWriter.beginReport(writtenResults(results));
        }
        const thread = reportThread();
        if (thread === undefined) return;
        if (!args.global.json && !args.global.quiet) {
          terminalText = thread
            .call({ kind: 'terminal', results, options: { verbose: args.global.verbose === true, color: colorEnabled(), width: terminalWidth() } })
            .catch(() => undefined);
        }
        // the results are stored: what the run still writes is its status, so the store's log is emptied and
        // the file synced there, after the figures and the summary, while this thread writes the files
        if (store.kind === 'sqlite') thread.call({ kind: 'checkpoint', path: store.location, truncate: true }).catch(() => undefined);
      },
      report: async (results, reportDir) => {
        reporting = true;
        const begun = begunReport;
        begunReport = undefined;
        return (await loadEndModules())[0].writeReportFile(join(reportDir, 'report.html'), results, store, { madeAll: releaseReportThread, ...(begun !== undefined ? { begun } : {}) });
      },
      ...(args.workers
        ? {
            execute: async (s: RunStore, runId: string, warnings: WarningLog) => {
              const { coordinateRun } = await importOptional('workers', () => import('../pipeline/distributed/coordinate.js'));
              const { coordinateWithBudget } = await import('./coordinate-budget.js');
              // the workers' usage per condition goes into this run's spend table
              const outcome = await coordinateWithBudget(s, runId, budget, args.planned?.judgeReserve, () =>
                coordinateRun(plan, s, runId, warnings, {
                  signal: interrupt.signal,
                  onItem: () => progress.tick(),
                  onUsage: onWorkersUsage,
                  ...(args.workers?.unitSize ? { unitSize: args.workers.unitSize } : {}),
                  ...(args.global.quiet || args.global.json ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
                }),
              );
              if (outcome.usageByCondition !== undefined) models.byCondition.add(outcome.usageByCondition);
              return outcome;
            },
          }
        : {}),
    });
    progress.done();
    if (args.resultsPath !== undefined && jsonOutput === undefined) await writeResultsFile(args.resultsPath, summary.results);
    await printSummary(summary, args.global, args.global.json || args.global.quiet ? undefined : async () => (await loadEndModules())[1] ?? (await import('../report/terminal.js')));
    if (summary.interrupted && budget?.reachedLimit !== undefined) throw budget.stoppedError(summary.runId, { workers: args.workers !== undefined });
    if (summary.interrupted) {
      throw new UserError(`run ${summary.runId} interrupted; everything finished is stored`, { exitCode: EXIT.interrupted, hint: `continue with \`slant run --resume ${summary.runId}\`` });
    }
    applyGate(summary.results, args.failOn ?? []);
    return summary;
  }
}

async function printSummary(s: RunSummary, global: GlobalOptions, loadTerminal: (() => Promise<typeof import('../report/terminal.js')>) | undefined): Promise<void> {
  // drawn in the report thread (onResults) when it runs; the tables are loaded here only to draw it here or to fit a terminal
  const drawn = loadTerminal === undefined ? undefined : await terminalText;
  const terminal = loadTerminal !== undefined && (drawn === undefined || process.stdout.isTTY) ? await loadTerminal() : undefined;
  const renderTerminalReport = terminal?.renderTerminalReport;
  const fit = terminal?.fitToTerminal;
  if (global.json) {
    await writeJsonLine(s.results, s.items, { runId: s.runId, status: s.results.run.status, reportDir: s.reportDir, measured: s.measured, reused: s.reused });
    return;
  }
  if (drawn !== undefined) process.stdout.write(drawn + '\n');
  else if (renderTerminalReport) process.stdout.write(renderTerminalReport(s.results, { verbose: global.verbose === true }) + '\n');
  const lines = [`run ${s.runId}: ${s.results.run.status}; ${s.measured} item measurement(s) made${s.reused ? `, ${s.reused} reused from the store` : ''}${s.generated ? `, ${s.generated} output(s) generated (${s.cacheHits} from cache)` : ''}${s.invalid ? `, ${s.invalid} invalid model output(s) recorded` : ''}`];
  lines.push(...renderSpend(s.results.spend, { verbose: global.verbose === true }));
  // the sentences are broken to fit a terminal; piped output keeps each on one line (scripts read
  // them), and the paths are never broken (a broken path cannot be copied or opened)
  const paths = [`report: ${s.reportDir}/report.html`, `results: ${s.reportDir}/results.json`];
  process.stdout.write([fit && process.stdout.isTTY ? fit(lines) : lines.join('\n'), ...paths].join('\n') + '\n');
}

/** USD spent so far over the priced models (undefined: nothing priced was asked yet). */
function spentUsd(usage: Record<string, ModelUsage>, prices: PriceTable): number | undefined {
  const r = costReport(usage, prices);
  return r.rows.some((row) => row.cost !== undefined && row.requests > row.cachedRequests) ? r.total : undefined;
}

/** results.json's `spend`: per model and condition, the budget, the plan made before the run. */
function spendJson(models: ModelContext, prices: PriceTable, batchModels: ReadonlySet<string>, budget: Budget | undefined, planned: CostPlan | undefined): Results['spend'] {
  const rows = models.byCondition.rows(prices, batchModels);
  const out: NonNullable<Results['spend']> = { rows, total: rows.reduce((n, r) => n + (r.cost ?? 0), 0) };
  if (budget !== undefined) out.budget = { ...budget.limits, spent: budget.total(), spentByModel: budget.spentByModel(), reached: budget.reachedLimit ?? null };
  if (planned !== undefined) {
    const t = planned.totals;
    out.plan = { requests: t.requests.fresh, answerDependent: t.requests.answerDependent, inputTokens: t.inputTokens, outputTokensMax: t.outputTokensMax, priceLow: t.price.low, priceHigh: t.price.high };
  }
  return out;
}
