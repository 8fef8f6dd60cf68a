import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunListing } from '../../src/report/run-listing.js';
import { useTempDir } from '../data/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

describe('run names: runs.label in the config, slant run --label', () => {
  const tmp = useTempDir();

  it('names the run in `slant runs` (and its headline figure); --label overrides the config; an empty one is refused', async () => {
    const config = join(tmp.dir, 'slant.yaml');
    const db = join(tmp.dir, 'slant.db');
    writeFileSync(config, [`store: ${db}`, `reports: ${join(tmp.dir, 'reports')}`, 'runs: { label: nightly lead-3 }', `models: [{ id: 'builtin:lead-3' }]`, 'datasets: [{ name: reviews, builtin: demo-reviews, limit: 3 }]', 'probes: [{ name: framing }]', ''].join('\n'));
    expect((await runCli(['-q', 'run', '-c', config])).code).toBe(0);
    expect((await runCli(['-q', 'run', '-c', config, '--label', 'after the prompt change'])).code).toBe(0);
    const empty = await runCli(['-q', 'run', '-c', config, '--label', ' ']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--label: give the run a name');
    const listed = JSON.parse((await runCli(['--json', 'runs', '--store', db])).stdout) as RunListing[];
    expect(listed.map((r) => r.label)).toEqual(['after the prompt change', 'nightly lead-3']);
    expect(listed[0]).toMatchObject({ models: ['builtin:lead-3'], datasets: ['reviews'], probes: ['framing'], n: 3, command: 'run' });
    expect(listed[0]!.headline).toMatch(/^φ_frame \d+% \[\d+, \d+\], n = 3$/);
    const table = await runCli(['runs', '--store', db]);
    expect(table.stdout).toContain('after the prompt change');
  });
});
