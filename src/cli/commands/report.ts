import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { exportReport, type ExportFormat } from '../../report/export.js';
import { buildReportModel } from '../../report/model.js';
import { renderTerminalReport } from '../../report/terminal.js';
import { writeReportFile } from '../../report/write.js';
import { resultsSchema, type Results } from '../../results/schema.js';
import { Store } from '../../runtime/store.js';
import { applyGate, FAIL_ON_HELP, failOnConditions } from '../fail-on.js';
import { globalOptions } from '../main-options.js';
import { collect } from '../parse.js';

const FORMATS = ['html', 'csv', 'md', 'tex'] as const;

/** `latest`: the newest run in the store that has a results file under `reports`. */
function latestResults(storePath: string, reports: string): string {
  if (!existsSync(storePath)) throw new UserError(`no store at ${storePath} yet; run \`slant demo\` or \`slant run\` first`);
  const store = Store.open(resolve(storePath));
  try {
    for (const run of store.listRuns(100)) {
      const file = join(reports, run.id, 'results.json');
      if (existsSync(file)) return file;
    }
  } finally {
    store.close();
  }
  throw new UserError(`no run in ${storePath} has results under ${reports}`, { hint: 'list runs with `slant runs`' });
}

export function readResultsFile(file: string): Results {
  if (!existsSync(file)) throw new UserError(`no results at ${file}`, { hint: 'list runs with `slant runs`' });
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UserError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = resultsSchema.safeParse(raw);
  if (!parsed.success) throw new UserError(`${file}: not a slant results file (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description("re-render a run's report.html (items from the store when it has the run), print its tables, or export every table and figure")
    .argument('<run-or-results>', 'a run id (looked up under --reports), `latest`, or a results.json path')
    .option('--reports <dir>', 'reports folder', '.slant/reports')
    .option('--store <file>', 'SQLite store (for the items behind the numbers)', '.slant/slant.db')
    .option('--format <format>', `html (default: report.html beside results.json), or csv, md, tex: every table as a file, figures as SVG`, 'html')
    .option('-o, --out <dir>', 'folder for --format csv|md|tex (default: export-<format> beside results.json)')
    .option('--fail-on <condition>', FAIL_ON_HELP, collect, [])
    .action(async (target: string, opts: { reports: string; store: string; format: string; out?: string }, cmd: Command) => {
      if (!(FORMATS as readonly string[]).includes(opts.format)) throw new UserError(`--format ${opts.format}: expected one of ${FORMATS.join(', ')}`);
      const failOn = failOnConditions(cmd);
      const file = existsSync(target) ? target : target === 'latest' ? latestResults(opts.store, opts.reports) : join(opts.reports, target, 'results.json');
      const results = readResultsFile(file);
      const global = globalOptions(cmd);
      if (opts.format === 'html') {
        const html = join(dirname(file), 'report.html');
        const store = existsSync(opts.store) ? Store.open(resolve(opts.store)) : undefined;
        try {
          await writeReportFile(html, results, store);
        } finally {
          store?.close();
        }
        if (global.json) process.stdout.write(JSON.stringify(results) + '\n');
        else if (global.quiet) process.stdout.write(`report: ${html}\n`);
        else process.stdout.write(renderTerminalReport(results, { color: process.stdout.isTTY === true }) + `\nreport: ${html}\n`);
      } else {
        const dir = opts.out ?? join(dirname(file), `export-${opts.format}`);
        const files = await exportReport(buildReportModel(results), opts.format as ExportFormat, dir);
        if (global.json) process.stdout.write(JSON.stringify({ files }) + '\n');
        else process.stdout.write(`${files.filter((f) => !f.endsWith('.svg')).length} table(s) as ${opts.format} and ${files.filter((f) => f.endsWith('.svg')).length} figure(s) as SVG in ${dir}\n`);
      }
      applyGate(results, failOn);
    });
}
