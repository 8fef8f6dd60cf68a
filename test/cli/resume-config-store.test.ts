import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { runCli } from '../helpers/run-cli.js';

describe('slant run --resume without --store', () => {
  it('looks in the store the config names (relative to the config file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-resume-store-'));
    const config = join(dir, 'slant.yaml');
    writeFileSync(
      config,
      'store: custom/runs.db\nreports: reports\nmodels: [{ id: "builtin:lead-3" }]\ndatasets: [{ name: demo, builtin: demo-reviews, limit: 3 }]\nprobes: [{ name: framing }]\n',
    );
    const first = await runCli(['-q', '--json', 'run', '-c', config]);
    expect(first.code).toBe(0);
    const runId = (JSON.parse(first.stdout) as { runId: string }).runId;
    // mark it unfinished, as a kill would leave it
    const store = Store.open(join(dir, 'custom/runs.db'));
    store.setRunStatus(runId, 'interrupted');
    store.close();

    const resumed = await runCli(['-q', '--json', 'run', '--resume', '-c', config]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const out = JSON.parse(resumed.stdout) as { runId: string; status: string; reused: number; measured: number };
    expect(out).toMatchObject({ runId, status: 'completed', reused: 3, measured: 0 });
  });

  it('names the store it looked in when it holds no unfinished run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-resume-store-'));
    const config = join(dir, 'slant.yaml');
    writeFileSync(config, 'store: elsewhere.db\nmodels: [{ id: "builtin:lead-3" }]\ndatasets: [{ name: demo, builtin: demo-reviews, limit: 1 }]\nprobes: [{ name: framing }]\n');
    const res = await runCli(['run', '--resume', '-c', config]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(join(dir, 'elsewhere.db'));
  });
});
