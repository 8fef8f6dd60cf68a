import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/main.js';
import { runCli } from '../helpers/run-cli.js';

describe('the command table (lazy loading)', () => {
  it('--help lists every command of the table by its summary without running any', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toContain(c.name);
  });
  it('every entry loads a module that registers a command of that name', async () => {
    const { Command } = await import('commander');
    for (const c of COMMANDS) {
      const program = new Command('slant');
      (await c.load())(program);
      expect(program.commands.map((x) => x.name())).toContain(c.name);
    }
  });
  it('a command after global options is found and runs', async () => {
    const r = await runCli(['-q', 'runs', '--store', join(tmpdir(), 'slant-no-such-store.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no store at/);
  });
});

describe('slant runs and slant report latest', () => {
  it('runs lists probes, models, datasets, n and status; report latest prints the newest run; -q is terse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-runs-'));
    const store = join(dir, 'slant.db');
    const reports = join(dir, 'reports');
    const demo = await runCli(['-q', 'demo', '--limit', '2', '--store', store, '--reports', reports]);
    expect(demo.code, demo.stderr).toBe(0);
    const runId = /run (\S+): completed/.exec(demo.stdout)?.[1] as string;

    const json = await runCli(['--json', 'runs', '--store', store]);
    const [run] = JSON.parse(json.stdout) as { id: string; status: string; probes: string[]; models: string[]; datasets: string[]; n: number }[];
    expect(run?.id).toBe(runId);
    expect(run?.status).toBe('completed');
    expect(run?.probes.sort()).toEqual(['framing', 'primacy']);
    expect(run?.models.sort()).toEqual(['builtin:lead-3', 'builtin:textrank']);
    expect(run?.datasets.sort()).toEqual(['demo-interviews', 'demo-reviews']);
    // 2 records × 2 datasets × 2 models × 2 probes
    expect(run?.n).toBe(16);

    const table = await runCli(['runs', '--store', store]);
    for (const h of ['probes', 'models', 'datasets', 'n', 'status']) expect(table.stdout).toContain(h);
    expect(table.stdout).toContain('framing, primacy');

    const quiet = await runCli(['-q', 'runs', '--store', store]);
    expect(quiet.stdout).toBe(`${runId} completed\n`);

    const latest = await runCli(['report', 'latest', '--store', store, '--reports', reports]);
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.stdout).toContain(join(reports, runId, 'report.html'));
    expect(latest.stdout).toContain('framing');
  });
});
