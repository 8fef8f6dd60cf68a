import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import type { ExportFormat } from '../../report/export.js';
import type { Results } from '../../results/schema.js';
import type { RunReader } from '../../runtime/run-store.js';
import { applyGate, FAIL_ON_HELP, failOnConditions } from '../fail-on.js';
import { aliasTo, deprecatedAlias } from '../flags.js';
import { globalOptions } from '../main-options.js';
import { collect } from '../parse.js';
import { REPORTS_FLAG_HELP, STORE_FLAG_HELP, storeExists, withStore } from '../store-flag.js';
import { workspaceLocations } from '../workspace-config.js';

interface ReportOpts {
  reports: string;
  store: string;
  format: string;
  output?: string;
}

const FORMATS = ['html', 'csv', 'md', 'tex'] as const;

export function registerReport(program: Command): void {
  const report = program
    .command('report')
    .description("print a run's results as tables and (re)write its results.json and report.html from the store (items and texts too), or export every table and figure (--format csv|md|tex)")
    .argument('<run-or-results...>', 'a run id (looked up in --store, else under --reports), `latest`, or a results.json path; several with --bundle')
    .option('--reports <dir>', REPORTS_FLAG_HELP)
    .option('--store <file>', STORE_FLAG_HELP)
    .option('--format <format>', 'html (default: results.json and report.html in the run\'s report folder), or csv, md, tex: every table as a file, figures as SVG', 'html')
    .option('-o, --output <dir>', 'folder for --format csv|md|tex (default: export-<format> in the run\'s report folder)')
    .option('--fail-on <condition>', FAIL_ON_HELP, collect, [])
    .option('--bundle <dir>', 'write a static site of the runs named (one or more) into DIR: index.html with each run\'s name, figures and findings, and each run\'s report.html with its items; opens from the folder, without slant or a server')
    .action(async (targets: string[], flags: Omit<ReportOpts, 'store' | 'reports'> & { store?: string; reports?: string; bundle?: string }, cmd: Command) => {
      const opts: ReportOpts = { ...flags, ...(await workspaceLocations(flags)) };
      if (flags.bundle !== undefined) {
        await bundleAction(targets, flags.bundle, opts, cmd);
        return;
      }
      if (targets.length > 1) throw new UserError(`${targets.length} runs given: \`slant report\` prints one run; several go into a static site with --bundle DIR`);
      const target = targets[0] as string;
      if (!(FORMATS as readonly string[]).includes(opts.format)) throw new UserError(`--format ${opts.format}: expected one of ${FORMATS.join(', ')}`);
      if (opts.output !== undefined) exportFolder(opts.output, opts.format);
      const failOn = failOnConditions(cmd, { anyProbe: true });
      // loaded here, not at the top: `slant report --help` and the other commands load none of it (bench:startup)
      const { resultsSchema } = await import('../../results/schema.js');
      const { results, reportDir } = isFile(target) ? { results: readResultsFile(target, resultsSchema), reportDir: dirname(target) } : await fromStore(target === 'latest' ? await latestRun(opts) : target, opts, resultsSchema);
      const global = globalOptions(cmd);
      if (opts.format === 'html') {
        const [{ writeReports }, { writeReportFile }, { renderTerminalReport }, { openRunStore }, { StoreItems }, { writeJsonLine }] = await Promise.all([
          import('../../pipeline/run.js'),
          import('../../report/write.js'),
          import('../../report/terminal.js'),
          import('../../runtime/open-store.js'),
          import('../../report/items/store-items.js'),
          import('../results-output.js'),
        ]);
        const html = join(reportDir, 'report.html');
        // the items behind the numbers (and their texts) come from the store when it has the run;
        // a run's stored results leave its items there, and results.json takes them from it
        const store = storeExists(opts.store) ? await openRunStore(opts.store, { readOnly: true }) : undefined;
        try {
          const sources = store ? await new StoreItems(store, results.run.id).sources(results) : undefined;
          const items = store && sources ? { store, runId: results.run.id, sources } : undefined;
          const written = await writeReports(results, reportDir, undefined, items);
          await writeReportFile(html, written, store);
          if (global.json) await writeJsonLine(results, items);
        } finally {
          await store?.close();
        }
        if (global.json) {
          // written above, with the items from the store
        } else if (global.quiet) process.stdout.write(`report: ${html}\n`);
        else process.stdout.write(renderTerminalReport(results, { verbose: global.verbose === true }) + `\nreport: ${html}\n`);
      } else {
        const dir = opts.output ?? join(reportDir, `export-${opts.format}`);
        const [{ exportReport }, { buildReportModel }] = await Promise.all([import('../../report/export.js'), import('../../report/model.js')]);
        const files = await exportReport(buildReportModel(results), opts.format as ExportFormat, dir);
        if (global.json) process.stdout.write(JSON.stringify({ files }) + '\n');
        else {
          const tables = files.filter((f) => !f.endsWith('.svg') && !/[/\\](findings|report)\.[a-z]+$/.test(f)).length;
          const first = opts.format === 'md' ? 'report.md (the findings, then every table), ' : `findings.${opts.format}, `;
          process.stdout.write(`${first}${tables} table(s) as ${opts.format} and ${files.filter((f) => f.endsWith('.svg')).length} figure(s) as SVG in ${dir}\n`);
        }
      }
      applyGate(results, failOn);
    });
  deprecatedAlias(report, '--out <dir>', '-o/--output DIR', aliasTo('output', '-o/--output'));
}

/** `--bundle DIR`: each run's results (from the store, else its results.json) into one static site. */
async function bundleAction(targets: readonly string[], dir: string, opts: ReportOpts, cmd: Command): Promise<void> {
  if (opts.format !== 'html') throw new UserError(`--bundle writes HTML pages; --format ${opts.format} exports one run's tables (-o DIR)`);
  if (isFile(dir)) throw new UserError(`--bundle ${dir}: is a file; give a folder`);
  const failOn = failOnConditions(cmd, { anyProbe: true });
  const { resultsSchema } = await import('../../results/schema.js');
  const [{ writeBundle }, { describeRun }, { openRunStore }] = await Promise.all([import('../../report/bundle.js'), import('../../report/run-listing.js'), import('../../runtime/open-store.js')]);
  const store = storeExists(opts.store) ? await openRunStore(opts.store, { readOnly: true }) : undefined;
  try {
    const runs: import('../../report/bundle.js').BundleRun[] = [];
    for (const target of targets) {
      const { results } = isFile(target) ? { results: readResultsFile(target, resultsSchema) } : await fromStore(target === 'latest' ? await latestRun(opts) : target, opts, resultsSchema);
      const row = store ? await store.getRun(results.run.id) : undefined;
      runs.push({ results, ...(store && row ? { listing: await describeRun(store, row) } : {}) });
    }
    const files = await writeBundle(dir, runs, store);
    const global = globalOptions(cmd);
    if (global.json) process.stdout.write(JSON.stringify({ files }) + '\n');
    else process.stdout.write(`bundle: ${files[0]} (${runs.length} run(s), each with its report and items; open index.html, no server needed)\n`);
    for (const r of runs) applyGate(r.results, failOn);
  } finally {
    await store?.close();
  }
}

/**
 * `-o` of `report` is the folder an export writes its files into, never ignored: refused with
 * --format html (whose files go beside the run's results), with a file's extension (`-o t.csv`
 * would make a folder named t.csv), or when it names an existing file.
 */
function exportFolder(dir: string, format: string): void {
  if (format === 'html') throw new UserError(`-o ${dir}: -o is the folder for --format csv|md|tex; --format html rewrites results.json and report.html in the run's report folder (--reports)`);
  if (/\.(csv|md|tex|json|jsonl|html|svg|txt)$/i.test(extname(dir))) throw new UserError(`-o ${dir}: report --format ${format} writes a folder of files (one per table, SVG per figure); give a folder, not a file name`);
  if (isFile(dir)) throw new UserError(`-o ${dir}: is a file; give a folder`);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `latest`: the newest run in the store that has results (stored in the run, or a results file under `reports`). */
async function latestRun(opts: ReportOpts): Promise<string> {
  const found = await withStore(opts.store, async (store) => {
    for (const run of await store.listRuns(100)) {
      if ((await store.getRunResults(run.id)) !== undefined || existsSync(join(opts.reports, run.id, 'results.json'))) return run.id;
    }
    return undefined;
  });
  if (found !== undefined) return found;
  throw new UserError(`no run in ${opts.store} has results`, { hint: 'list runs with `slant runs`' });
}

/**
 * A run id: the results the run stored (every run finished by this slant; a crash while writing the
 * files loses nothing), else its results.json (runs from before results were stored).
 */
type ResultsSchema = typeof import('../../results/schema.js').resultsSchema;

async function fromStore(runId: string, opts: ReportOpts, resultsSchema: ResultsSchema): Promise<{ results: Results; reportDir: string }> {
  const reportDir = join(opts.reports, runId);
  if (storeExists(opts.store)) {
    const results = await withStore(opts.store, (store) => storedResults(store, runId, opts.store, resultsSchema));
    if (results) return { results, reportDir };
  }
  const file = join(reportDir, 'results.json');
  if (!existsSync(file)) throw new UserError(`no run "${runId}" in ${opts.store} and no results at ${file}`, { hint: 'list runs with `slant runs`' });
  return { results: readResultsFile(file, resultsSchema), reportDir };
}

/** The results a run stored; undefined when the store has no such run. */
async function storedResults(store: RunReader, runId: string, storeFlag: string, resultsSchema: ResultsSchema): Promise<Results | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const stored = await store.getRunResults(runId);
  if (stored !== undefined) {
    const parsed = resultsSchema.safeParse(stored);
    if (!parsed.success) throw new UserError(`run ${runId}: the stored results are not readable by this slant (${describeIssue(parsed.error.issues[0])})`);
    // checked, but written back as stored: the parsed copy puts each object's fields in the
    // schema's order (a metric's kind after its interval), and results.json rebuilt from it would
    // differ from the file the run wrote
    return stored as Results;
  }
  if (run.status !== 'completed') {
    throw new UserError(`run ${runId} is ${run.status} and has no results yet`, { hint: `finish it with \`slant run --resume ${runId} --store ${storeFlag}\`` });
  }
  return undefined;
}

function readResultsFile(file: string, resultsSchema: ResultsSchema): Results {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UserError(`${file}: not valid JSON (${(err as Error).message})`, { hint: 'if it was cut off, rebuild it from the store: `slant report <run id>`' });
  }
  const parsed = resultsSchema.safeParse(raw);
  if (!parsed.success) throw new UserError(`${file}: not a slant results file (${describeIssue(parsed.error.issues[0])})`);
  return parsed.data;
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  return issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'invalid';
}
