import { Command, CommanderError } from 'commander';
import { EXIT, UserError } from '../core/errors.js';
import { registerEnvSecrets } from '../core/redact.js';
import { loadDotEnv } from './dot-env.js';
import { SLANT_VERSION } from '../version.js';
import { enforceSingleValues } from './flags.js';
import { installTerminalGuard } from './terminal-guard.js';

/**
 * The commands, one line each: its name, the one-line summary `slant --help` lists, and how to
 * load the module that registers it. A command's module (and everything it imports) is loaded only
 * when that command runs, so `slant --version` or `slant runs` never load the pipeline, the
 * judges, zod schemas or the HTTP client. To add a command: write src/cli/commands/<name>.ts
 * exporting `register(program)` and add its line here (docs/cli.md, "Adding a command").
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<(program: Command) => void>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'demo', summary: 'the built-in offline audit: lead-3 and TextRank summaries of the demo corpora, measured for framing shift and primacy', load: async () => (await import('./commands/demo.js')).registerDemo },
  { name: 'run', summary: 'generate outputs with the configured models and measure them with the configured probes', load: async () => (await import('./commands/run.js')).registerRun },
  { name: 'plan', summary: 'what `slant run` would send and cost, per model and condition, without calling any model', load: async () => (await import('./commands/run.js')).registerPlan },
  { name: 'measure', summary: 'measure recorded outputs: records with source and output (and optionally model) fields', load: async () => (await import('./commands/measure.js')).registerMeasure },
  { name: 'validate', summary: 'check a judge against labelled data', load: async () => (await import('./commands/validate.js')).registerValidate },
  { name: 'datasets', summary: 'build datasets: self-updating news (NewsAPI, RSS), imported events, WildFrame statements', load: async () => (await import('./commands/datasets.js')).registerDatasets },
  { name: 'certainty', summary: 'certainty-distortion studies beyond `measure certainty` (seed 004)', load: async () => (await import('./commands/certainty.js')).registerCertainty },
  { name: 'annotate', summary: 'collect human labels (certainty, framing, WildFrame) in a local web app and validate judges against them', load: async () => (await import('./commands/annotate.js')).registerAnnotate },
  { name: 'init', summary: 'write a commented example slant.yaml', load: async () => (await import('./commands/init.js')).registerInit },
  { name: 'runs', summary: 'list the runs in the store: probes, models, datasets, measurements and status', load: async () => (await import('./commands/runs.js')).registerRuns },
  { name: 'report', summary: "print a run's results as tables and re-render its report.html (`latest` for the newest), or export every table and figure (--format csv|md|tex)", load: async () => (await import('./commands/report.js')).registerReport },
  { name: 'view', summary: 'browse the runs in the store: reports, items, comparisons (a local read-only web server)', load: async () => (await import('./commands/view.js')).registerView },
  { name: 'compare', summary: 'two runs (or two conditions: run:condition) side by side: metric deltas, paired intervals over matched records', load: async () => (await import('./commands/compare.js')).registerCompare },
  { name: 'worker', summary: 'take the units of distributed runs (`slant run --workers`) from a PostgreSQL store and run them here', load: async () => (await import('./commands/worker.js')).registerWorker },
  { name: 'workers', summary: 'list the live workers of a PostgreSQL store: host, models, units held and done, rate', load: async () => (await import('./commands/worker.js')).registerWorkers },
  { name: 'cancel', summary: 'cancel a distributed run from any machine (workers drop its units)', load: async () => (await import('./commands/worker.js')).registerCancel },
  { name: 'cache', summary: 'the request cache (model and judge calls already paid for)', load: async () => (await import('./commands/cache.js')).registerCache },
  { name: 'schema', summary: 'print a JSON Schema: "config" (slant.yaml) or "results" (results.json)', load: async () => (await import('./commands/schema.js')).registerSchema },
];

function rootProgram(): Command {
  return new Command('slant')
    .description('measure how language models distort the content they process')
    .version(SLANT_VERSION)
    .option('--json', 'machine-readable output on stdout (no tables, no progress bar)')
    .option('-q, --quiet', 'print only the final lines and errors')
    .option('--verbose', 'after a run or report: every table, per-group detail and usage (default: the findings and one compact table per probe); during a run: each model request on stderr')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
}

/** The command named on the command line (the first argument that is not a global option). */
function invokedCommand(args: readonly string[]): CommandEntry | undefined {
  for (const a of args) {
    if (a === '--json' || a === '-q' || a === '--quiet' || a === '--verbose') continue;
    return COMMANDS.find((c) => c.name === a);
  }
  return undefined;
}

/**
 * The program with the given commands fully registered (default: all of them, loading every
 * module) and the others listed by name and summary only (enough for `slant --help`).
 */
export async function buildProgram(load: readonly string[] = COMMANDS.map((c) => c.name)): Promise<Command> {
  const program = rootProgram();
  for (const entry of COMMANDS) {
    if (load.includes(entry.name)) (await entry.load())(program);
    else program.command(entry.name).description(entry.summary);
  }
  // a repeated single-value flag is an error on every command, old and new (src/cli/flags.ts)
  enforceSingleValues(program);
  return program;
}

/**
 * Run the CLI; user errors print one clear message (no stack) and exit with a documented code.
 * Everything printed meanwhile passes the terminal guard (secrets redacted, control characters stripped).
 */
export async function main(argv: string[]): Promise<number> {
  registerEnvSecrets(process.env);
  const guard = installTerminalGuard();
  try {
    return await runProgram(argv);
  } finally {
    guard.dispose();
  }
}

async function runProgram(argv: string[]): Promise<number> {
  try {
    // keys in ./.env become environment variables (the environment wins), redacted like the others
    if (loadDotEnv().length > 0) registerEnvSecrets(process.env);
    const entry = invokedCommand(argv.slice(2));
    const program = await buildProgram(entry ? [entry.name] : []);
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed by commander
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UserError) {
      process.stderr.write(`slant: ${err.message}\n${err.hint ? `hint: ${err.hint}\n` : ''}`);
      return err.exitCode;
    }
    // classes of errors that only commands which loaded these modules can throw
    const name = err instanceof Error ? err.name : '';
    const sqlState = typeof (err as { code?: unknown } | null)?.code === 'string';
    if (name === 'SqliteError' || sqlState || (err instanceof Error && /^Connection terminated/.test(err.message))) {
      // a locked, damaged, full or half-dropped store, or a PostgreSQL server gone, reached here without a path (the run commands name it)
      const { storeProblem } = await import('../runtime/store-errors.js');
      const stored = storeProblem(err, 'named by --store');
      if (stored !== undefined) {
        process.stderr.write(`slant: ${stored.message}\n${stored.hint ? `hint: ${stored.hint}\n` : ''}`);
        return stored.exitCode;
      }
    }
    if (['ProviderHttpError', 'ProviderNetworkError', 'RequestTimeoutError', 'RetryBudgetError'].includes(name)) {
      // an answer that says what is wrong (a quota, a model id, a refused setting) carries its own hint and code
      const { hint, exitCode } = err as { hint?: unknown; exitCode?: unknown };
      const why =
        typeof hint === 'string'
          ? hint
          : name === 'RetryBudgetError'
            ? 'the provider kept refusing for the whole retry budget (`retryBudgetMs`, docs/providers.md); finished work is stored, continue later with `slant run --resume`'
            : 'the provider kept failing after retries; finished work is stored, continue with `slant run --resume`';
      process.stderr.write(`slant: ${(err as Error).message}\nhint: ${why}\n`);
      return typeof exitCode === 'number' ? exitCode : EXIT.provider;
    }
    process.stderr.write(`slant: internal error (please report it):\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT.internal;
  }
}
