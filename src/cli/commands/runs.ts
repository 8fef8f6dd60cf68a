import { existsSync, readFileSync } from 'node:fs';
import { createTable } from '../../report/table.js';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { Store } from '../../runtime/store.js';
import { resultsSchema } from '../../results/schema.js';
import { writeReportFile } from '../../report/write.js';
import { renderTerminalReport } from '../../report/terminal.js';
import { globalOptions } from '../main-options.js';

export function registerRuns(program: Command): void {
  program
    .command('runs')
    .description('list the runs in the store')
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .action((opts: { store: string }, cmd: Command) => {
      if (!existsSync(opts.store)) throw new UserError(`no store at ${opts.store} yet; run \`slant demo\` or \`slant run\` first`);
      const store = Store.open(resolve(opts.store));
      try {
        const runs = store.listRuns(100);
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify(runs.map(({ configJson: _c, ...r }) => r)) + '\n');
          return;
        }
        const t = createTable(['run', 'command', 'status', 'created', 'updated']);
        for (const r of runs) t.push([r.id, r.label ?? '', r.status, r.createdAt, r.updatedAt]);
        process.stdout.write(t.toString() + '\n');
      } finally {
        store.close();
      }
    });

  program
    .command('report')
    .description('print a run\'s results as tables and re-render its report.html')
    .argument('<run-or-results>', 'a run id (looked up under --reports) or a results.json path')
    .option('--reports <dir>', 'reports folder', '.slant/reports')
    .action(async (target: string, opts: { reports: string }, cmd: Command) => {
      const file = existsSync(target) ? target : join(opts.reports, target, 'results.json');
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
      if (html !== file) await writeReportFile(html, parsed.data);
      if (globalOptions(cmd).json) process.stdout.write(JSON.stringify(parsed.data) + '\n');
      else process.stdout.write(renderTerminalReport(parsed.data, { color: process.stdout.isTTY === true }) + `\nreport: ${html}\n`);
    });
}
