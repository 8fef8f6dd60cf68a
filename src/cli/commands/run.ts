import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { loadConfigFile } from '../../config/load.js';
import { ConfigKeyError } from '../../config/config-key-error.js';
import type { SlantConfig } from '../../config/schema.js';
import { planMeasure, planRun } from '../../pipeline/plan.js';
import { DEFAULT_STORE_PATH, Store } from '../../runtime/store.js';
import { executeRun } from '../execute-run.js';
import { globalOptions } from '../main-options.js';
import { storedSpecSchema, type StoredSpec } from '../stored-spec.js';
import { collect, parsePositiveInt } from '../parse.js';
import { FAIL_ON_HELP, failOnConditions } from '../fail-on.js';

/** Run a stored or fresh spec end to end. */
export async function runSpec(spec: StoredSpec, command: string, cmd: Command, resumeRunId?: string): Promise<void> {
  const global = globalOptions(cmd);
  const noCache = cmd.opts<{ cache?: boolean }>().cache === false;
  const batch = cmd.opts<{ batch?: boolean }>().batch === true;
  const failOn = failOnConditions(cmd);
  const waitForLease = cmd.opts<{ wait?: boolean }>().wait === true;
  if (spec.kind === 'run') {
    const config = spec.config;
    await executeRun({
      command,
      makePlan: (wrap) => planRun(config, { baseDir: spec.baseDir, wrap, batch }),
      prices: config.prices,
      noCache,
      storePath: resolve(spec.baseDir, config.store),
      reportsDir: resolve(spec.baseDir, config.reports),
      config: spec,
      resumeRunId,
      global,
      failOn,
      waitForLease,
    });
  } else {
    await executeRun({
      command,
      makePlan: (wrap) => planMeasure({ probes: spec.probes, dataset: spec.dataset, judges: spec.judges, concurrency: spec.concurrency, baseDir: spec.baseDir, wrap, label: spec.label }),
      noCache,
      storePath: resolve(spec.baseDir, spec.store),
      reportsDir: resolve(spec.baseDir, spec.reports),
      config: spec,
      resumeRunId,
      global,
      failOn,
      waitForLease,
      resultsPath: spec.output ? resolve(spec.baseDir, spec.output) : undefined,
    });
  }
}

function resumeTarget(storePath: string, requested: string | true): { id: string; spec: StoredSpec } {
  const store = Store.open(resolve(storePath));
  try {
    const run = requested === true ? store.latestRun({ status: ['running', 'interrupted', 'failed'] }) : store.getRun(requested);
    if (!run) {
      throw new UserError(requested === true ? `no unfinished run in ${storePath} to resume` : `no run "${requested}" in ${storePath}`, { hint: 'list runs with `slant runs`' });
    }
    const parsed = storedSpecSchema.safeParse(JSON.parse(run.configJson));
    if (!parsed.success) throw new UserError(`run ${run.id} was stored by an incompatible slant version and cannot be resumed`);
    return { id: run.id, spec: parsed.data };
  } finally {
    store.close();
  }
}

/** `--max-concurrency n`: every provider the run's models and judges use gets n slots (a model's own limit is replaced too). */
export function applyMaxConcurrency(config: SlantConfig, n: number): void {
  const ids = [...config.models.map((m) => m.id), config.judges.framing, config.judges.embedder, config.judges.llm ?? ''].filter((id) => /^[a-z][a-z0-9-]*:/.test(id));
  const providers = { ...(config.providers ?? {}) };
  for (const id of ids) {
    const p = id.slice(0, id.indexOf(':'));
    providers[p] = { ...(providers[p] ?? {}), maxConcurrency: n };
  }
  config.providers = providers;
  for (const m of config.models) if (m.maxConcurrency !== undefined) m.maxConcurrency = n;
  config.concurrency = Math.max(config.concurrency ?? 4, n);
}

/** The store a config names (relative to the config's folder), or the default when there is no config file. */
function configuredStore(configPath: string): string {
  if (!existsSync(configPath)) return DEFAULT_STORE_PATH;
  return resolve(dirname(resolve(configPath)), loadConfigFile(configPath).store);
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('generate outputs with the configured models and measure them with the configured probes')
    .option('-c, --config <file>', 'config file', 'slant.yaml')
    .option('--resume [run]', 'continue an interrupted run (default: the latest unfinished one); recomputes nothing that finished')
    .option('--store <file>', 'store to look in for --resume (default: the config\'s `store`, else .slant/slant.db)')
    .option('--fail-on <condition>', FAIL_ON_HELP, collect, [])
    .option('--no-cache', 'neither read nor write the request cache (every model call is sent)')
    .option('--batch', 'send openai: generations through the OpenAI Batch API (half price; resumes the same batch after a restart)')
    .option('--wait', 'if another slant process is working on the run, wait for it instead of stopping')
    .option('--max-record-bytes <n>', 'the maximum size of one record (one JSONL/CSV line) in every dataset; default 16 MiB', (v: string) => parsePositiveInt(v, '--max-record-bytes'))
    .option('--allow-empty', 'accept dataset files without records (default: "no records in FILE", exit 3)')
    .option('--concurrency <n>', 'records processed at once (overrides the config)', (v: string) => parsePositiveInt(v, '--concurrency'))
    .option('--max-concurrency <n>', "requests in flight per provider of the run's models (overrides providers.<name>.maxConcurrency; records in flight rise to match unless --concurrency is given)", (v: string) => parsePositiveInt(v, '--max-concurrency'))
    .action(async (opts: { config: string; resume?: string | true; store?: string; concurrency?: number; maxConcurrency?: number; allowEmpty?: boolean; maxRecordBytes?: number }, cmd: Command) => {
      if (opts.resume !== undefined) {
        const { id, spec } = resumeTarget(opts.store ?? configuredStore(opts.config), opts.resume);
        await runSpec(spec, spec.kind, cmd, id);
        return;
      }
      const config = loadConfigFile(opts.config);
      if (opts.maxConcurrency !== undefined) applyMaxConcurrency(config, opts.maxConcurrency);
      if (opts.concurrency) config.concurrency = opts.concurrency;
      if (opts.allowEmpty) config.datasets = config.datasets.map((d) => ({ ...d, allowEmpty: true }));
      const maxRecordBytes = opts.maxRecordBytes;
      if (maxRecordBytes) config.datasets = config.datasets.map((d) => ({ ...d, maxRecordBytes }));
      try {
        await runSpec({ kind: 'run', baseDir: dirname(resolve(opts.config)), config }, 'run', cmd);
      } catch (err) {
        throw err instanceof ConfigKeyError ? err.inFile(opts.config) : err;
      }
    });
}
