import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runResults } from '../../src/report/from-store.js';
import type { Results } from '../../src/results/schema.js';
import { Store } from '../../src/runtime/store.js';
import { useTempDir } from '../data/temp-dir.js';
import { twoRuns } from '../helpers/two-runs.js';

describe('runResults (the viewer reads a run)', () => {
  const tmp = useTempDir();

  it('takes the results the run stored before its results.json (which lists every item), then the file, then the cells', async () => {
    const r = await twoRuns(tmp.dir);
    const file = join(r.reports, r.a, 'results.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as Results;
    expect(written.probes.every((p) => p.items.length > 0)).toBe(true);
    // a results.json that says something else: the store's results are the ones read
    writeFileSync(file, JSON.stringify({ ...written, run: { ...written.run, command: 'the file' } }));
    const read = async (): Promise<Results | undefined> => {
      const store = Store.open(r.store);
      try {
        return await runResults(store, r.a, r.reports);
      } finally {
        store.close();
      }
    };
    const stored = await read();
    expect(stored?.run.command).toBe('measure');
    // items dropped (the viewer lists them from the store); the rest as the run wrote it
    expect(stored?.probes.map((p) => p.items.length)).toEqual([0, 0]);
    expect({ ...stored, probes: stored?.probes.map(({ items: _, ...p }) => p) }).toEqual({ ...written, probes: written.probes.map(({ items: _, ...p }) => p) });

    // a run from before results were stored: its results.json
    const db = new Database(r.store);
    db.prepare('UPDATE runs SET results_json = NULL WHERE id = ?').run(r.a);
    db.close();
    const fromFile = await read();
    expect(fromFile?.run.command).toBe('the file');
    expect(fromFile?.probes.map((p) => p.items.length)).toEqual([0, 0]);

    // and without that file: rebuilt from the cells' results
    rmSync(file);
    const fromCells = await read();
    expect(fromCells?.run.command).not.toBe('the file');
    expect(fromCells?.probes.map((p) => p.probe).sort()).toEqual(['framing', 'primacy']);
    expect(fromCells?.probes.map((p) => p.groups.length)).toEqual([1, 1]);
  });
});
