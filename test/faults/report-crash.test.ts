import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { REPO } from '../runtime/child-process.js';
import { runCli } from '../helpers/run-cli.js';
import { docs } from './project.js';

function project(): { dir: string; config: string; db: string; reports: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-report-crash-'));
  writeFileSync(join(dir, 'docs.jsonl'), docs(4).map((r) => JSON.stringify(r)).join('\n') + '\n');
  const db = join(dir, 'slant.db');
  const reports = join(dir, 'reports');
  const config = join(dir, 'slant.yaml');
  writeFileSync(config, `store: ${db}\nreports: ${reports}\nmodels: [{ id: 'builtin:lead-3' }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`);
  return { dir, config, db, reports };
}

function runStatus(db: string): { id: string; status: string } {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare('SELECT id, status FROM runs').get() as { id: string; status: string };
  } finally {
    conn.close();
  }
}

/** `slant run` in a child process that kills itself (SIGKILL) at the named point. */
function runCrashingAt(point: string, config: string): NodeJS.Signals | null {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'src/cli/bin.ts'), '-q', 'run', '-c', config], { cwd: REPO, env: { ...process.env, SLANT_CRASH_AT: point }, encoding: 'utf8' });
  return r.signal;
}

describe('reports and the completed mark under a crash', () => {
  it('a kill between results.json and report.html leaves an unfinished run whose reports `slant report` rebuilds and `--resume` completes', async () => {
    const p = project();
    expect(runCrashingAt('between-reports', p.config)).toBe('SIGKILL');
    const { id, status } = runStatus(p.db);
    expect(status).toBe('running'); // not "completed" with half its reports
    const dirOf = join(p.reports, id);
    expect(resultsSchema.safeParse(JSON.parse(readFileSync(join(dirOf, 'results.json'), 'utf8'))).success).toBe(true);
    expect(existsSync(join(dirOf, 'report.html'))).toBe(false);

    const report = await runCli(['report', id, '--store', p.db, '--reports', p.reports]);
    expect(report.code).toBe(0);
    expect(readFileSync(join(dirOf, 'report.html'), 'utf8')).toContain('</html>');

    const resumed = await runCli(['-q', 'run', '--resume', '--store', p.db]);
    expect(resumed.code).toBe(0);
    expect(runStatus(p.db).status).toBe('completed');
  });

  it('a kill after the results are stored but before any file: resumable, and `slant report` writes both files', async () => {
    const p = project();
    expect(runCrashingAt('after-results-stored', p.config)).toBe('SIGKILL');
    const { id, status } = runStatus(p.db);
    expect(status).toBe('running');
    const report = await runCli(['--json', 'report', id, '--store', p.db, '--reports', p.reports]);
    expect(report.code).toBe(0);
    expect(resultsSchema.parse(JSON.parse(readFileSync(join(p.reports, id, 'results.json'), 'utf8'))).run.id).toBe(id);
  });

  it('truncated results.json and report.html of a completed run are rebuilt from the store', async () => {
    const p = project();
    const first = await runCli(['-q', 'run', '-c', p.config]);
    expect(first.code).toBe(0);
    const { id } = runStatus(p.db);
    const files = ['results.json', 'report.html'].map((f) => join(p.reports, id, f));
    const full = files.map((f) => readFileSync(f, 'utf8'));
    files.forEach((f, i) => writeFileSync(f, full[i]!.slice(0, Math.floor(full[i]!.length / 2))));
    const report = await runCli(['report', id, '--store', p.db, '--reports', p.reports]);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    expect(JSON.parse(readFileSync(files[0]!, 'utf8'))).toEqual(JSON.parse(full[0]!));
    const html = readFileSync(files[1]!, 'utf8');
    expect(html).toBe(full[1]);
  });
});
