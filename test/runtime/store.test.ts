import { afterEach, describe, it, expect, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store, newRunId } from '../../src/runtime/store.js';
import { SCHEMA_VERSION } from '../../src/runtime/store-schema.js';
import { itemsPageSql } from '../../src/runtime/store-sql.js';
import { UserError } from '../../src/core/errors.js';

const dirs: string[] = [];
const stores: Store[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'slant-store-'));
  dirs.push(d);
  return d;
}
function open(path?: string): Store {
  const s = Store.open(path ?? join(tempDir(), 'slant.db'));
  stores.push(s);
  return s;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('Store.open', () => {
  it('creates parent directories, a .gitignore in a new .slant/, and sets the pragmas', () => {
    const root = tempDir();
    const s = open(join(root, 'proj', '.slant', 'slant.db'));
    expect(existsSync(join(root, 'proj', '.slant', 'slant.db'))).toBe(true);
    expect(readFileSync(join(root, 'proj', '.slant', '.gitignore'), 'utf8')).toBe('*\n');
    expect(s.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(s.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(s.db.pragma('busy_timeout', { simple: true })).toBe(60_000);
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  });

  it('keeps data across close and reopen (no re-migration)', () => {
    const path = join(tempDir(), 'a.db');
    const s1 = Store.open(path);
    const run = s1.createRun({ configJson: '{}', configHash: 'h' });
    s1.close();
    const s2 = open(path);
    expect(s2.getRun(run.id)?.configHash).toBe('h');
  });

  it('refuses a store written by a newer schema', () => {
    const path = join(tempDir(), 'new.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => Store.open(path)).toThrow(UserError);
    expect(() => Store.open(path)).toThrow(new RegExp(`schema version ${SCHEMA_VERSION + 1}, but this slant knows only up to ${SCHEMA_VERSION}`));
  });

  it('reports a file that is not SQLite as a UserError naming the path', () => {
    const path = join(tempDir(), 'junk.db');
    writeFileSync(path, 'this is not a database, just some text that is long enough to have a header.....');
    expect(() => Store.open(path)).toThrow(new RegExp(`the run store ${path.replace(/[.]/g, '\\.')} is damaged`));
  });
});

describe('runs', () => {
  it('makes readable, time-sortable ids', () => {
    expect(newRunId(new Date(Date.UTC(2026, 10, 22, 18, 5, 3)))).toMatch(/^2026-11-22T18-05-03-[0-9a-f]{4}$/);
    const a = newRunId(new Date(Date.UTC(2026, 0, 9, 23, 59, 59)));
    const b = newRunId(new Date(Date.UTC(2026, 0, 10, 0, 0, 0)));
    expect([b, a].sort()).toEqual([a, b]);
  });

  it('creates, reads, lists, filters, updates and deletes runs', () => {
    const s = open();
    const r1 = s.createRun({ configJson: '{"a":1}', configHash: 'h1', label: 'first' });
    const r2 = s.createRun({ configJson: '{"a":2}', configHash: 'h2' });
    expect(r1).toMatchObject({ status: 'running', configJson: '{"a":1}', configHash: 'h1', label: 'first', summary: null });
    expect(r2.label).toBeNull();
    expect(s.latestRun()?.id).toBe(r2.id);
    expect(s.listRuns().map((r) => r.id)).toEqual([r2.id, r1.id]);
    expect(s.listRuns(1)).toHaveLength(1);

    s.setRunStatus(r1.id, 'completed', { cells: 3, mean: Number.NaN });
    const got = s.getRun(r1.id);
    expect(got?.status).toBe('completed');
    expect((got?.summary as { cells: number; mean: number }).cells).toBe(3);
    expect((got?.summary as { mean: number }).mean).toBeNaN();
    // a status change without summary keeps the summary
    s.setRunStatus(r1.id, 'failed');
    expect(s.getRun(r1.id)?.summary).toMatchObject({ cells: 3 });

    expect(s.latestRun({ status: ['completed', 'failed'] })?.id).toBe(r1.id);
    expect(s.latestRun({ status: ['interrupted'] })).toBeUndefined();
    expect(() => s.setRunStatus('nope', 'completed')).toThrow(/no run with id "nope"/);
    expect(() => s.setRunStatus(r1.id, 'bogus' as 'completed')).toThrow(/CHECK constraint/);

    expect(s.deleteRun(r1.id)).toBe(true);
    expect(s.deleteRun(r1.id)).toBe(false);
    expect(s.getRun(r1.id)).toBeUndefined();
  });
});

describe('cells, outputs, items, results', () => {
  it('upserts cells, keeping status when none is given', () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    s.upsertCell(run.id, { key: 'c2', model: 'm', probe: 'framing', dataset: 'd', options: { k: 1 } });
    s.upsertCell(run.id, { key: 'c1', model: 'm', probe: 'primacy', dataset: 'd' });
    s.setCellStatus(run.id, 'c2', 'completed');
    s.upsertCell(run.id, { key: 'c2', model: 'm2', probe: 'framing', dataset: 'd', options: { k: 2 } });
    expect(s.listCells(run.id)).toEqual([
      { key: 'c2', model: 'm2', probe: 'framing', dataset: 'd', condition: 'baseline', options: { k: 2 }, status: 'completed' },
      { key: 'c1', model: 'm', probe: 'primacy', dataset: 'd', condition: 'baseline', options: null, status: 'pending' },
    ]);
    s.upsertCell(run.id, { key: 'c1', model: 'm', probe: 'primacy', dataset: 'd', status: 'running' });
    expect(s.listCells(run.id)[1]?.status).toBe('running');
    expect(() => s.setCellStatus(run.id, 'zz', 'failed')).toThrow(/no cell "zz"/);
  });

  it('stores items idempotently, in first-insertion order, and lists completed records', () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    s.putItem(run.id, 'c', 'r2', { shift: 1 });
    s.putItem(run.id, 'c', 'r1', { shift: -1 });
    s.putItem(run.id, 'c', 'r2', { shift: 0 }); // replaced, keeps its place
    s.putItem(run.id, 'other', 'r9', { shift: 5 });
    expect(s.getItems(run.id, 'c')).toEqual([
      { recordId: 'r2', measurement: { shift: 0 } },
      { recordId: 'r1', measurement: { shift: -1 } },
    ]);
    expect(s.completedRecordIds(run.id, 'c')).toEqual(new Set(['r1', 'r2']));
    expect(s.completedRecordIds(run.id, 'none').size).toBe(0);
    expect(() => s.putItem(run.id, 'c', 'r3', undefined)).toThrow(/measurement for record "r3" is undefined/);
  });

  it('stores outputs and results', () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    s.putOutput(run.id, 'c', 'r1', { text: 'summary', logprobs: [-Infinity] });
    s.putOutput(run.id, 'c', 'r0', { text: 'other' });
    expect(s.getOutput(run.id, 'c', 'r1')).toEqual({ text: 'summary', logprobs: [-Infinity] });
    expect(s.getOutput(run.id, 'c', 'missing')).toBeUndefined();
    expect(s.getOutputs(run.id, 'c').map((o) => o.recordId)).toEqual(['r1', 'r0']);
    s.putResult(run.id, 'b', { n: 1 });
    s.putResult(run.id, 'a', { n: 2 });
    s.putResult(run.id, 'b', { n: 3 });
    expect(s.getResults(run.id)).toEqual([
      { cellKey: 'b', result: { n: 3 } },
      { cellKey: 'a', result: { n: 2 } },
    ]);
  });

  it('rejects rows for a run that does not exist (foreign keys on) and cascades deletes', () => {
    const s = open();
    expect(() => s.putItem('no-such-run', 'c', 'r', {})).toThrow(/FOREIGN KEY/);
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    s.upsertCell(run.id, { key: 'c', model: 'm', probe: 'p', dataset: 'd' });
    s.putOutput(run.id, 'c', 'r', 'x');
    s.putItem(run.id, 'c', 'r', 1);
    s.putResult(run.id, 'c', 2);
    s.deleteRun(run.id);
    for (const t of ['cells', 'outputs', 'items', 'results']) {
      expect(s.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()).toBe(0);
    }
  });

  it('transaction commits together or not at all', () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    const n = s.transaction(() => {
      s.putItem(run.id, 'c', 'a', 1);
      s.putItem(run.id, 'c', 'b', 2);
      return 2;
    });
    expect(n).toBe(2);
    expect(() =>
      s.transaction(() => {
        s.putItem(run.id, 'c', 'x', 3);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect([...s.completedRecordIds(run.id, 'c')].sort()).toEqual(['a', 'b']);
  });

  it('reads a page of a cell in the order first stored from an index, without sorting the cell', () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    for (const id of ['b', 'c', 'a', 'd']) s.putItem(run.id, 'cell', id, { id });
    s.putItem(run.id, 'other', 'a', { id: 'a' });
    const q = itemsPageSql(run.id, 'cell', 0, 2);
    const plan = (s.db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(plan).toMatch(/USING INDEX items_stored_order \(run_id=\? AND cell_key=\? AND rowid>\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    const first = s.itemsPage(run.id, 'cell', 0, 2);
    const second = s.itemsPage(run.id, 'cell', first.next, 2);
    expect([...first.rows, ...second.rows].map((r) => r.recordId)).toEqual(['b', 'c', 'a', 'd']);
  });
});

describe('Store.cachePutSoon (the request cache of a run)', () => {
  const row = (n: number) => ({ provider: 'p', model: 'm', requestJson: `{"n":${n}}`, responseJson: `{"text":"answer ${n}"}` });
  /** The cache keys committed, as another connection sees them. */
  const committedKeys = (s: Store): string[] => {
    const other = new Database(s.path, { readonly: true });
    try {
      return (other.prepare('SELECT key FROM cache ORDER BY key').all() as { key: string }[]).map((r) => r.key);
    } finally {
      other.close();
    }
  };

  it('commits the rows queued with the next putWrites, in its one transaction, and settles them after it', async () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    let settled = 0;
    const puts = [s.cachePutSoon('k1', row(1)), s.cachePutSoon('k2', row(2))].map((p) => p.then(() => settled++));
    expect(committedKeys(s)).toEqual([]);
    const transaction = vi.spyOn(s, 'transaction');
    s.putWrites(run.id, [{ kind: 'output', cellKey: 'c', recordId: 'r1', value: { text: 'a' } }]);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(committedKeys(s)).toEqual(['k1', 'k2']);
    expect(s.getOutput(run.id, 'c', 'r1')).toEqual({ text: 'a' });
    await Promise.all(puts);
    expect(settled).toBe(2);
    expect(s.cacheGet('k2')?.response_json).toBe('{"text":"answer 2"}');
  });

  it('commits them on their own in the next check phase when no putWrites comes', async () => {
    const s = open();
    const put = s.cachePutSoon('k1', row(1));
    expect(committedKeys(s)).toEqual([]);
    await put;
    expect(committedKeys(s)).toEqual(['k1']);
  });

  it('still commits and settles them when the writes they joined fail', async () => {
    const s = open();
    const run = s.createRun({ configJson: '{}', configHash: 'h' });
    const put = s.cachePutSoon('k1', row(1));
    expect(() => s.putWrites(run.id, [{ kind: 'item', cellKey: 'c', recordId: 'r1', value: 1n }, { kind: 'item', cellKey: 'c', recordId: 'r2', value: 2 }])).toThrow(TypeError);
    await put;
    expect(committedKeys(s)).toEqual(['k1']);
    expect(s.getItem(run.id, 'c', 'r2')).toBeUndefined();
  });

  it('commits the rows still queued when the store is closed', () => {
    const path = join(tempDir(), 'slant.db');
    const s = Store.open(path);
    void s.cachePutSoon('k1', row(1));
    s.close();
    const again = open(path);
    expect(again.cacheGet('k1')?.request_json).toBe('{"n":1}');
  });
});
