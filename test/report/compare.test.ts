import { describe, expect, it } from 'vitest';
import { compareRuns, pairedStat, unpairedStat, type CompareRow } from '../../src/report/compare.js';
import { statText } from '../../src/report/format.js';
import { Store } from '../../src/runtime/store.js';
import { loadProbe } from '../../src/probes/load.js';
import { pairedJson } from '../../src/results/paired-effect.js';
import { comparePaired, declaredKind, matchPairs } from '../../src/stats/paired-comparison.js';
import { useTempDir } from '../data/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { twoRuns } from '../helpers/two-runs.js';

describe('compare two runs', () => {
  const tmp = useTempDir();

  it('pairs items by record id: the paired mean equals the difference of the group means when all records match', async () => {
    const { store: path, a, b } = await twoRuns(tmp.dir);
    const store = Store.open(path);
    try {
      const rows = await compareRuns(store, { runId: a }, { runId: b });
      // lead-2 vs last-2 sentence summaries of the same 4 records
      for (const name of ['mean_s_b', 'mean_s_e', 'psi_pri', 'phi_frame']) {
        const r = rows.find((x) => x.metric === name);
        expect(r?.paired?.n).toBe(4);
        expect(r?.paired?.difference).toBeCloseTo((r?.b?.value as number) - (r?.a?.value as number), 12);
      }
      const sb = rows.find((r) => r.metric === 'mean_s_b');
      expect(sb?.difference).toBeLessThan(0);
      expect(sb?.paired?.ci?.low).toBeLessThan(sb?.paired?.difference as number);
      const self = await compareRuns(store, { runId: a }, { runId: a });
      expect(self.find((r) => r.metric === 'mean_s_b')).toMatchObject({ difference: 0, paired: { n: 4, difference: 0 } });
    } finally {
      store.close();
    }
  });

  it('reads each cell a page at a time, never whole, with the same paired numbers as matching the whole cells by record id', async () => {
    const { store: path, a, b } = await twoRuns(tmp.dir);
    const store = Store.open(path);
    try {
      let pages = 0;
      const paged = new Proxy(store, {
        get(target, prop, receiver) {
          if (prop === 'getItems') return () => Promise.reject(new Error('compare read a whole cell'));
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (typeof v !== 'function') return v;
          const f = (v as (...xs: unknown[]) => unknown).bind(target);
          return prop === 'itemsByIdPage' ? (...xs: unknown[]) => (pages++, f(...xs)) : f;
        },
      });
      const rows = await compareRuns(paged, { runId: a }, { runId: b }, { pageSize: 3 });
      // four records a cell, three a page: two pages of each cell (and an empty third when the second
      // is full), per side and probe; primacy's means read in three passes, framing's rate in one
      expect(pages).toBeGreaterThanOrEqual(16);
      // the reference: both cells read whole, their item values matched by record id
      const cells = store.listCells(a);
      let checked = 0;
      for (const r of rows) {
        const probe = await loadProbe(r.probe);
        const cellA = cells.find((c) => c.probe === r.probe)!;
        const cellB = store.listCells(b).find((c) => c.probe === r.probe)!;
        const values = (run: string, key: string) => new Map(store.getItems(run, key).map((i) => [i.recordId, probe.itemValues!(i.measurement, cellA.options ?? {})]));
        const { x, y } = matchPairs(values(a, cellA.key), values(b, cellB.key), r.metric);
        if (x.length === 0) {
          expect(r.paired).toBeUndefined();
          continue;
        }
        expect(r.paired).toEqual(pairedJson(comparePaired(declaredKind(probe.itemKinds, r.metric, probe.name), x, y)));
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(4);
      expect(await compareRuns(store, { runId: a }, { runId: b })).toEqual(rows);
    } finally {
      store.close();
    }
  });

  it('begins the passes again when a cell changes between them (a run still measuring), and says so when it keeps changing', async () => {
    const { store: path, a, b } = await twoRuns(tmp.dir);
    const store = Store.open(path);
    try {
      const primacy = store.listCells(b).find((c) => c.probe === 'primacy')!.key;
      // `changes` later passes over run b's primacy cell each see one record fewer
      const changing = (changes: number) => {
        let passes = 0;
        return new Proxy(store, {
          get(target, prop, receiver) {
            const v = Reflect.get(target, prop, receiver) as unknown;
            if (typeof v !== 'function') return v;
            const f = (v as (...xs: unknown[]) => unknown).bind(target);
            if (prop !== 'itemsByIdPage') return f;
            return async (run: string, key: string, after: string | undefined, limit: number) => {
              const rows = (await f(run, key, after, limit)) as { recordId: string }[];
              if (run !== b || key !== primacy || after !== undefined) return rows;
              passes++;
              // every second pass has lost the cell's first record (each try fails at its second pass)
              return passes % 2 === 0 && changes-- > 0 ? rows.slice(1) : rows;
            };
          },
        });
      };
      const whole = await compareRuns(store, { runId: a }, { runId: b }, { pageSize: 3 });
      expect(await compareRuns(changing(1), { runId: a }, { runId: b }, { pageSize: 3 })).toEqual(whole);
      await expect(compareRuns(changing(Infinity), { runId: a }, { runId: b }, { pageSize: 3 })).rejects.toThrow(`primacy: the items of runs ${a} and ${b} changed each time they were read for the paired differences`);
    } finally {
      store.close();
    }
  });

  it('`slant compare` prints the deltas; unknown runs are a clear error', async () => {
    const { store, a } = await twoRuns(tmp.dir);
    const ok = await runCli(['compare', a, a, '--store', store]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/phi_frame/);
    expect(ok.stdout).toMatch(/\+0\.000 \[0\.000, 0\.000\] \(4\)/);
    expect(Math.max(...ok.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(120);
    const bad = await runCli(['compare', a, 'nope', '--store', store]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no run "nope"/);
  });

  it('a misspelt run or condition is an error (exit 2) naming the likely one, never an empty comparison', async () => {
    const { store, a, b } = await twoRuns(tmp.dir);
    const typo = `${a.slice(0, -1)}${a.endsWith('x') ? 'y' : 'x'}`;
    const run = await runCli(['compare', typo, b, '--store', store]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`no run "${typo}" in ${store} (did you mean "${a}"?)`);
    const cond = await runCli(['compare', `${a}:baselin`, `${b}:baseline`, '--store', store]);
    expect(cond.code).toBe(2);
    expect(cond.stderr).toContain(`run ${a} has no condition "baselin" (did you mean "baseline"?); its conditions are baseline`);
    expect(cond.stdout).toBe('');
    // the baseline by name is the same as no condition
    const named = await runCli(['--json', 'compare', `${a}:baseline`, b, '--store', store]);
    expect(named.code).toBe(0);
    expect((JSON.parse(named.stdout) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('prints paired differences of rates in percentage points and of means as signed plain numbers (the shared formatter)', () => {
    const row = (kind: CompareRow['kind']): CompareRow => ({ probe: 'p', model: 'm', dataset: 'd', metric: 'x', label: 'x', kind, a: { value: 0.2, n: 10 }, b: { value: 0.5, n: 12 }, difference: 0.3, paired: { n: 10, baseline: 0.2, mitigated: 0.5, difference: 0.3, ci: { low: 0.1, high: 0.5, level: 0.95, method: 'paired t' }, test: { name: 't', statistic: 2, pValue: 0.01 } } });
    expect(statText(pairedStat(row('rate')))).toBe('+30.0 pp [10.0, 50.0]');
    expect(statText(unpairedStat(row('rate')))).toBe('+30.0 pp');
    expect(unpairedStat(row('rate'))?.n).toBe(10);
    expect(statText(pairedStat(row('mean')))).toBe('+0.300 [0.100, 0.500]');
    expect(statText(pairedStat({ ...row('rate'), paired: { n: 3, baseline: 0.5, mitigated: 0.375, difference: -0.125 } }))).toBe('-12.5 pp');
    // undefined stays "—"
    expect(statText(pairedStat({ ...row('rate'), paired: undefined }))).toBe('—');
    expect(statText(pairedStat({ ...row('rate'), paired: { n: 0, baseline: null, mitigated: null, difference: null } }))).toBe('—');
  });

  it('`slant compare` prints the paired difference of a rate (φ_frame) in percentage points, of a mean (s̄_b) as a plain number', async () => {
    const { store, a, b } = await twoRuns(tmp.dir);
    const out = await runCli(['compare', a, b, '--store', store]);
    expect(out.code).toBe(0);
    const line = (metric: string): string => out.stdout.split('\n').find((l) => l.includes(` ${metric} `)) ?? '';
    expect(line('phi_frame')).toMatch(/[+-]\d+\.\d pp \[-?\d+\.\d, -?\d+\.\d\] \(4\)/);
    expect(line('mean_s_b')).toMatch(/[+-]\d\.\d{3} \[-?\d\.\d{3}, -?\d\.\d{3}\] \(4\)/);
    expect(line('mean_s_b')).not.toMatch(/pp/);
    const quiet = await runCli(['-q', 'compare', a, b, '--store', store]);
    expect(quiet.stdout).toMatch(/phi_frame: B − A [+-]\d+\.\d pp \[/);
  });
});
