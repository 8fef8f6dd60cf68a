import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { collect, parsePositiveInt } from '../parse.js';
import { FAIL_ON_HELP } from '../fail-on.js';
import { resultsOutputFormat } from '../results-output.js';

/** `--moderator`: the certainty probe's moderator option, from the command line. */
function parsePositiveNumber(v: string, flag: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UserError(`${flag} expects a positive number, got "${v}"`);
  return n;
}

export function setModerator(probes: { name: string; options?: Record<string, unknown> }[], model: string): void {
  const certainty = probes.find((p) => p.name === 'certainty');
  if (!certainty) throw new UserError('--moderator applies to the certainty probe, which this run does not measure');
  certainty.options = { ...(certainty.options ?? {}), moderator: model };
}

/** The flags `slant run` and `slant plan` share (a plan reads the config as the run would). */
export interface RunFlags {
  config: string;
  resume?: string | true;
  store?: string;
  workers?: boolean;
  unitSize?: number;
  concurrency?: number;
  maxConcurrency?: number;
  output?: string;
  allowEmpty?: boolean;
  maxRecordBytes?: number;
  moderator?: string;
  label?: string;
  plan?: boolean;
  maxCost?: number;
  maxTokens?: number;
  yes?: boolean;
  batch?: boolean;
  cache?: boolean;
}

function runOptions(c: Command): Command {
  return c
    .option('-c, --config <file>', 'config file', 'slant.yaml')
    .option('--resume [run]', 'continue an interrupted run (default: the latest unfinished one); recomputes nothing that finished')
    .option('--store <file|url>', 'the run store: a SQLite file, or postgres://user@host/db (a shared store; the password from PGPASSWORD or ~/.pgpass); default: the config\'s `store`, else .slant/slant.db')
    .option('--workers', 'distributed: enqueue the run\'s units (cell × record batches) for `slant worker` processes on any machine and wait for them; needs a PostgreSQL store')
    .option('--unit-size <n>', 'with --workers: records per unit (default 25)', (v: string) => parsePositiveInt(v, '--unit-size'))
    .option('-o, --output <file>', 'also write the results here: .json (results JSON), .jsonl or .csv (one metric per line)')
    .option('--fail-on <condition>', FAIL_ON_HELP, collect, [])
    .option('--no-cache', 'neither read nor write the request cache (every model call is sent)')
    .option('--no-preflight', "skip the free check, before the run, that each model's server answers, takes the key and knows the model id")
    .option('--batch', 'send openai: generations through the OpenAI Batch API (half price; resumes the same batch after a restart)')
    .option('--wait', 'if another slant process is working on the run (or, on SQLite, on the same config), wait for it instead of stopping')
    .option('--max-record-bytes <n>', 'the maximum size of one record (one JSONL/CSV line) in every dataset; default 16 MiB', (v: string) => parsePositiveInt(v, '--max-record-bytes'))
    .option('--allow-empty', 'accept dataset files without records (default: "no records in FILE", exit 3)')
    .option('--concurrency <n>', 'model calls in flight at once across the run (overrides the config; twice as many records are held)', (v: string) => parsePositiveInt(v, '--concurrency'))
    .option('--max-concurrency <n>', "requests in flight per provider of the run's models (overrides providers.<name>.maxConcurrency; the run's model calls in flight rise to match unless --concurrency is given)", (v: string) => parsePositiveInt(v, '--max-concurrency'))
    .option('--label <name>', "a name for this run, shown in `slant runs`, `slant view` and bundles (overrides the config's runs.label)")
    .option('--moderator <model>', "certainty: the model that reviews the judge's order-inconsistent items (App. D.1; overrides the probe's moderator option)")
    .option('--max-cost <usd>', 'stop before a request would take the spend past this many USD (overrides budget.usd; with --resume: the budget of the whole run, what it spent before included)', (v: string) => parsePositiveNumber(v, '--max-cost'))
    .option('--max-tokens <n>', 'stop before a request would take the input + output tokens past this (overrides budget.tokens)', (v: string) => parsePositiveInt(v, '--max-tokens'))
    .option('-y, --yes', 'do not ask before a run whose plan may cost more than budget.confirmAbove (asked only on a terminal, only without a budget)');
}

export function registerPlan(program: Command): void {
  runOptions(program.command('plan').description('what `slant run` with these flags would send and cost, per model and condition, without calling any model (same flags as run)')).action(async (opts: RunFlags, cmd: Command) => {
    const { planAction } = await import('../plan-command.js');
    await planAction(opts, cmd);
  });
}

export function registerRun(program: Command): void {
  runOptions(program.command('run').description('generate outputs with the configured models and measure them with the configured probes'))
    .option('--plan', 'print what the run would send and cost, per model and condition, and call no model (as `slant plan`)')
    .action(async (opts: RunFlags, cmd: Command) => {
      if (opts.plan === true) {
        const { planAction } = await import('../plan-command.js');
        await planAction(opts, cmd);
        return;
      }
      if (opts.output !== undefined) resultsOutputFormat(opts.output);
      const { resumeTarget, runSpec, prepareRunConfig } = await import('../run-spec.js');
      const { configuredStore } = await import('../workspace-config.js');
      if (opts.resume !== undefined) {
        const { id, spec } = await resumeTarget(opts.store ?? (await configuredStore(opts.config)), opts.resume);
        await runSpec(spec, spec.kind, cmd, id);
        return;
      }
      const config = await prepareRunConfig(opts);
      try {
        await runSpec({ kind: 'run', baseDir: dirname(resolve(opts.config)), config }, 'run', cmd);
      } catch (err) {
        const { ConfigKeyError } = await import('../../config/config-key-error.js');
        throw err instanceof ConfigKeyError ? err.inFile(opts.config) : err;
      }
    });
}
