import { existsSync, readFileSync, statSync } from 'node:fs';
import { createTable } from '../../report/table.js';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { Store } from '../../runtime/store.js';
import { resultsSchema, type Results } from '../../probes/results.js';
import { writeReports } from '../../pipeline/run.js';
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
    .description("print a run's results as tables and (re)write its results.json and report.html from the store")
    .argument('<run-or-results>', 'a run id (looked up in --store, else under --reports) or a results.json path')
    .option('--reports <dir>', 'reports folder', '.slant/reports')
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .action((target: string, opts: { reports: string; store: string }, cmd: Command) => {
      const { results, reportDir } = isFile(target) ? fromFile(target) : fromStore(target, opts);
      writeReports(results, reportDir);
      const html = join(reportDir, 'report.html');
      if (globalOptions(cmd).json) process.stdout.write(JSON.stringify(results) + '\n');
      else process.stdout.write(renderTerminalReport(results, { color: process.stdout.isTTY === true }) + `\nreport: ${html}\n`);
    });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A results.json given by path: re-render the report beside it. */
function fromFile(file: string): { results: Results; reportDir: string } {
  return { results: readResultsFile(file), reportDir: dirname(file) };
}

/** A run id: the results the run stored (any run finished by this slant), else its results.json (older runs). */
function fromStore(runId: string, opts: { reports: string; store: string }): { results: Results; reportDir: string } {
  const reportDir = join(opts.reports, runId);
  if (existsSync(opts.store)) {
    const store = Store.open(resolve(opts.store));
    try {
      const run = store.getRun(runId);
      if (run) {
        const stored = store.getRunResults(runId);
        if (stored !== undefined) {
          const parsed = resultsSchema.safeParse(stored);
          if (!parsed.success) throw new UserError(`run ${runId}: the stored results are not readable by this slant (${describeIssue(parsed.error.issues[0])})`);
          return { results: parsed.data, reportDir };
        }
        if (run.status !== 'completed') {
          throw new UserError(`run ${runId} is ${run.status} and has no results yet`, { hint: `finish it with \`slant run --resume ${runId} --store ${opts.store}\`` });
        }
      }
    } finally {
      store.close();
    }
  }
  const file = join(reportDir, 'results.json');
  if (!existsSync(file)) throw new UserError(`no run "${runId}" in ${opts.store} and no results at ${file}`, { hint: 'list runs with `slant runs`' });
  return { results: readResultsFile(file), reportDir };
}

function readResultsFile(file: string): Results {
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
