import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../src/report/compare.js';
import { Store } from '../../src/runtime/store.js';
import { useTempDir } from '../data/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { twoRuns } from '../helpers/two-runs.js';

describe('compare two runs', () => {
  const tmp = useTempDir();

  it('pairs items by record id: the paired mean equals the difference of the group means when all records match', async () => {
    const { store: path, a, b } = await twoRuns(tmp.dir);
    const store = Store.open(path);
    try {
      const rows = compareRuns(store, { runId: a }, { runId: b });
      // lead-2 vs last-2 sentence summaries of the same 4 records
      for (const name of ['mean_s_b', 'mean_s_e', 'psi_pri', 'phi_frame']) {
        const r = rows.find((x) => x.metric === name);
        expect(r?.paired?.n).toBe(4);
        expect(r?.paired?.mean).toBeCloseTo((r?.b?.value as number) - (r?.a?.value as number), 12);
      }
      const sb = rows.find((r) => r.metric === 'mean_s_b');
      expect(sb?.difference).toBeLessThan(0);
      expect(sb?.paired?.ci?.low).toBeLessThan(sb?.paired?.mean as number);
      const self = compareRuns(store, { runId: a }, { runId: a });
      expect(self.find((r) => r.metric === 'mean_s_b')).toMatchObject({ difference: 0, paired: { n: 4, mean: 0 } });
    } finally {
      store.close();
    }
  });

  it('`slant compare` prints the deltas; unknown runs are a clear error', async () => {
    const { store, a } = await twoRuns(tmp.dir);
    const ok = await runCli(['compare', a, a, '--store', store]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/phi_frame/);
    expect(ok.stdout).toMatch(/0\.000 \[0\.000, 0\.000\] \(4\)/);
    expect(Math.max(...ok.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(120);
    const bad = await runCli(['compare', a, 'nope', '--store', store]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no run "nope"/);
  });
});
