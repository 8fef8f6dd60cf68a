import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { resultsSchema } from '../../probes/results.js';
import { renderHtmlReport } from '../../report/html.js';
import { renderTerminalReport } from '../../report/terminal.js';
import { Store } from '../../runtime/store.js';
import { globalOptions } from '../main-options.js';

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

export function registerReport(program: Command): void {
  program
    .command('report')
    .description("print a run's results as tables and re-render its report.html")
    .argument('<run-or-results>', 'a run id (looked up under --reports), `latest`, or a results.json path')
    .option('--reports <dir>', 'reports folder', '.slant/reports')
    .option('--store <file>', 'SQLite store (for `latest`)', '.slant/slant.db')
    .action((target: string, opts: { reports: string; store: string }, cmd: Command) => {
      const file = existsSync(target) ? target : target === 'latest' ? latestResults(opts.store, opts.reports) : join(opts.reports, target, 'results.json');
      if (!existsSync(file)) throw new UserError(`no results at ${file}`, { hint: 'list runs with `slant runs`' });
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        throw new UserError(`${file}: not valid JSON (${(err as Error).message})`);
      }
      const parsed = resultsSchema.safeParse(raw);
      if (!parsed.success) throw new UserError(`${file}: not a slant results file (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`);
      const html = file.replace(/results\.json$/, 'report.html');
      if (html !== file) writeFileSync(html, renderHtmlReport(parsed.data));
      const global = globalOptions(cmd);
      if (global.json) process.stdout.write(JSON.stringify(parsed.data) + '\n');
      else if (global.quiet) process.stdout.write(`report: ${html}\n`);
      else process.stdout.write(renderTerminalReport(parsed.data, { color: process.stdout.isTTY === true }) + `\nreport: ${html}\n`);
    });
}
