import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLE_CONFIG } from '../../src/config/example.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * `slant run` writes to the store and reports that ./slant.yaml names; the reading commands find
 * them there when no --store/--reports is given (relative to the config's folder), a flag wins,
 * and a slant.yaml that cannot be read says so instead of showing an empty default store.
 */
describe('runs, report and view read store: and reports: of ./slant.yaml', () => {
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  const workspace = (store: string, reports: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-ws-'));
    writeFileSync(join(dir, 'slant.yaml'), EXAMPLE_CONFIG.replace('store: .slant/slant.db', `store: ${store}`).replace('reports: .slant/reports', `reports: ${reports}`));
    return dir;
  };

  it('runs and report latest find the configured store without --store; --store still wins', async () => {
    const dir = workspace('data/audit.db', 'out');
    const demo = await runCli(['-q', 'demo', '--limit', '2', '--store', join(dir, 'data', 'audit.db'), '--reports', join(dir, 'out')]);
    expect(demo.code, demo.stderr).toBe(0);
    const runId = /run (\S+): completed/.exec(demo.stdout)?.[1] as string;
    process.chdir(dir);

    const runs = await runCli(['-q', 'runs']);
    expect(runs.code, runs.stderr).toBe(0);
    expect(runs.stdout).toBe(`${runId} completed\n`);

    const report = await runCli(['-q', 'report', 'latest']);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toBe(`report: ${join(dir, 'out', runId, 'report.html')}\n`);

    mkdirSync(join(dir, 'other'));
    const flag = await runCli(['-q', 'runs', '--store', join(dir, 'other', 'none.db')]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(`no store at ${join(dir, 'other', 'none.db')} yet`);
  });

  it('view and runs name the configured store (and where the name came from) when it does not exist', async () => {
    const dir = workspace('nowhere/s.db', 'out');
    process.chdir(dir);
    for (const command of ['view', 'runs']) {
      const r = await runCli([command]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`no store at ${join(dir, 'nowhere', 's.db')} (store: in ./slant.yaml) yet`);
      expect(r.stderr).not.toContain('.slant/slant.db');
    }
  });

  it('a slant.yaml that cannot be read is reported with how to bypass it, not replaced by the default store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-ws-'));
    writeFileSync(join(dir, 'slant.yaml'), 'version: 1\nstore: [unclosed\n');
    process.chdir(dir);
    const r = await runCli(['runs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/slant\.yaml, line \d+.*invalid YAML/);
    expect(r.stderr).toContain('pass --store');
  });
});
