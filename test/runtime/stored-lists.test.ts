/**
 * Long lists inside stored results (src/runtime/stored-lists.ts, store migration v11), on both
 * backends: a list made when read (position's per-article table) is stored as parts of its own,
 * never inside the result's text, and read back a few parts at a time as the rows it was; a store
 * from before v11 keeps its results whole in the text, and reads them as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { lazyArray } from '../../src/core/lazy-array.js';
import { PgStore } from '../../src/runtime/pg-store.js';
import type { RunStore } from '../../src/runtime/run-store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { SCHEMA_VERSION } from '../../src/runtime/store-schema.js';
import { Store } from '../../src/runtime/store.js';
import { asStoredLists, isStoredList, LIST_PARTS_PAGE, StoredList, storedListRows } from '../../src/runtime/stored-lists.js';
import { postgresStoreAt, sqliteStoreAt } from '../helpers/old-store.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';

let cluster: PgCluster | undefined;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

/** A store with a way to its rows (to look at the parts, and to damage them). */
interface Opened {
  s: RunStore;
  raw(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

const backends: [string, () => Promise<Opened>][] = [
  [
    'sqlite',
    () => {
      const db = Store.open(':memory:');
      const raw = (sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> => {
        const st = db.db.prepare(sql);
        return Promise.resolve(st.reader ? (st.all(...params) as Record<string, unknown>[]) : (st.run(...params), []));
      };
      return Promise.resolve({ s: sqliteRunStore(db), raw });
    },
  ],
  [
    'postgres',
    async () => {
      const s = await PgStore.open((cluster as PgCluster).newDatabase());
      return { s, raw: async (sql, params = []) => (await s.query(sql, params)).rows };
    },
  ],
];

/** A per-article table as position makes it: rows built when read, one with a NaN, one with a key in its text. */
const table = (n: number, tag = 'a'): readonly object[] =>
  lazyArray(n, (i) => ({ id: `${tag}${i}`, wasserstein: i / 7, shift: i === 3 ? Number.NaN : -(i + 1) / 11, distribution: [0.5, 0.25, 0.25], note: i === 5 ? 'key sk-abcdefghijklmnopqrstuvwx' : '' }));

async function rows(s: RunStore, list: unknown): Promise<unknown[]> {
  expect(isStoredList(list)).toBe(true);
  const out: unknown[] = [];
  for await (const r of storedListRows(s, list as StoredList)) out.push(r);
  return out;
}

describe.each(backends)('stored lists (%s)', (_name, open) => {
  it('stores a long list as parts of its own and reads it back a few parts at a time, as the rows it was', async () => {
    const { s, raw } = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      const n = 2000;
      await s.putResult(run.id, 'c1', { n, metrics: [{ name: 'w', value: Number.POSITIVE_INFINITY }], extra: { K: 3, perArticle: table(n), after: 'kept' } });
      const [got] = await s.getResults(run.id);
      const result = got!.result as { n: number; metrics: unknown[]; extra: { K: number; perArticle: unknown; after: string } };
      expect(result.metrics).toEqual([{ name: 'w', value: Number.POSITIVE_INFINITY }]);
      expect(result.extra.K).toBe(3);
      expect(result.extra.after).toBe('kept');
      expect(result.extra.perArticle).toBeInstanceOf(StoredList);
      expect((result.extra.perArticle as StoredList).length).toBe(n);
      // the result's own text is small: the list is not in it
      const text = (await raw('SELECT result_json, lists FROM results WHERE run_id = ?', [run.id]))[0]!;
      expect(String(text['result_json']).length).toBeLessThan(300);
      expect(Number(text['lists'])).toBe(1);
      // parts of about 16K characters each, more than one page of them, none with the key
      const parts = await raw('SELECT part_no, rows_json FROM result_lists WHERE run_id = ? ORDER BY part_no', [run.id]);
      expect(parts.length).toBeGreaterThan(LIST_PARTS_PAGE);
      expect(parts.map((p) => Number(p['part_no']))).toEqual(parts.map((_, i) => i));
      for (const p of parts) expect(String(p['rows_json']).length).toBeLessThan(17 * 1024);
      expect(parts.some((p) => String(p['rows_json']).includes('sk-abcdefghijklmnopqrstuvwx'))).toBe(false);
      // a cell's result keeps its non-finite numbers, as every stored value does
      const back = await rows(s, result.extra.perArticle);
      const expected = [...table(n)].map((r, i) => (i === 5 ? { ...r, note: 'key [redacted]' } : { ...r }));
      expect((expected[3] as { shift: number }).shift).toBeNaN();
      expect(back).toEqual(expected);

      // the run's results are stored as results.json writes them: NaN as null
      await s.putRunResults(run.id, { probes: [{ groups: [{ extra: { perArticle: table(5, 'r'), empty: lazyArray(0, () => 1) } }] }], v: Number.NaN });
      const stored = (await s.getRunResults(run.id)) as { probes: { groups: { extra: { perArticle: StoredList; empty: StoredList } }[] }[]; v: unknown };
      expect(stored.v).toBeNull();
      const runList = stored.probes[0]!.groups[0]!.extra.perArticle;
      expect(await rows(s, runList)).toEqual([...table(5, 'r')].map((r, i) => (i === 3 ? { ...r, shift: null } : { ...r })));
      expect(await rows(s, stored.probes[0]!.groups[0]!.extra.empty)).toEqual([]);
      // the cell's list is untouched by the run's
      expect(await rows(s, result.extra.perArticle)).toHaveLength(n);

      // stored again (a resumed run aggregates again): the old parts go, a result without a list has none
      await s.putResult(run.id, 'c1', { n: 3, extra: { perArticle: table(3, 'b') } });
      const again = ((await s.getResults(run.id))[0]!.result as { extra: { perArticle: StoredList } }).extra.perArticle;
      expect(((await rows(s, again)) as { id: string }[]).map((r) => r.id)).toEqual(['b0', 'b1', 'b2']);
      await s.putResult(run.id, 'c1', { n: 0, extra: { perArticle: [{ id: 'plain' }] } });
      expect((await s.getResults(run.id))[0]!.result).toEqual({ n: 0, extra: { perArticle: [{ id: 'plain' }] } });
      expect(Number((await raw("SELECT count(*) AS n FROM result_lists WHERE run_id = ? AND cell_key = 'c1'", [run.id]))[0]!['n'])).toBe(0);

      // deleting the run deletes its lists
      await s.deleteRun(run.id);
      expect(Number((await raw('SELECT count(*) AS n FROM result_lists WHERE run_id = ?', [run.id]))[0]!['n'])).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("the run's results refer to a cell's stored list instead of storing its rows again", async () => {
    const { s, raw } = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      const group = { n: 40, extra: { perArticle: table(40), tail: table(2, 't') } };
      await s.putResult(run.id, 'c', group);
      const held = asStoredLists(group, run.id, 'c');
      // the group as stored is not changed; the copy holds references in the order stored
      expect(isStoredList(group.extra.perArticle)).toBe(false);
      expect([held.extra.perArticle, held.extra.tail]).toEqual([new StoredList(run.id, 'c', 0, 40), new StoredList(run.id, 'c', 1, 2)]);
      await s.putRunResults(run.id, { probes: [{ groups: [held] }] });
      expect(Number((await raw("SELECT count(*) AS n FROM result_lists WHERE run_id = ? AND cell_key = ''", [run.id]))[0]!['n'])).toBe(0);
      const back = (await s.getRunResults(run.id)) as { probes: { groups: (typeof held)[] }[] };
      const list = back.probes[0]!.groups[0]!.extra.perArticle;
      expect(list).toEqual(new StoredList(run.id, 'c', 0, 40));
      // read from the cell's parts: NaN as the cell stored it (results.json writes it as null)
      expect(((await rows(s, list)) as { shift: number }[])[3]!.shift).toBeNaN();
      expect(((await rows(s, back.probes[0]!.groups[0]!.extra.tail)) as { id: string }[]).map((r) => r.id)).toEqual(['t0', 't1']);
      // a result holding its own stored list cannot be stored again over it (its parts would go)
      await expect(s.putResult(run.id, 'c', held)).rejects.toThrow('holds a list stored with itself, which storing it would lose');
      expect(await rows(s, held.extra.perArticle)).toHaveLength(40);
    } finally {
      await s.close();
    }
  });

  it('a list whose parts are not all in the store is an error naming it, never a shorter list', async () => {
    const { s, raw } = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      await s.putResult(run.id, 'model|docs|position', { extra: { perArticle: table(500) } });
      await raw('DELETE FROM result_lists WHERE run_id = ? AND part_no = 1', [run.id]);
      const list = ((await s.getResults(run.id))[0]!.result as { extra: { perArticle: StoredList } }).extra.perArticle;
      await expect(rows(s, list)).rejects.toThrow(new RegExp(`run ${run.id}: list 0 of the result of cell "model\\|docs\\|position" has \\d+ stored row\\(s\\), expected 500`));
    } finally {
      await s.close();
    }
  });
});

describe('a store from before v11 (results whole in their text)', () => {
  const OLD_VERSION = 10;
  const perArticle = [{ id: 'a0', wasserstein: 0.5 }, { id: 'a1', wasserstein: 0.25 }];
  const runResults = JSON.stringify({ probes: [{ groups: [{ extra: { perArticle } }] }] });
  const cellResult = JSON.stringify({ n: 2, v: { $number: 'NaN' }, extra: { perArticle } });
  const OLD_ROWS: [string, unknown[]][] = [
    ["INSERT INTO runs (id, created_at, updated_at, status, config_json, config_hash, results_json) VALUES ('r1', 't', 't', 'completed', '{}', 'h', $1)", [runResults]],
    ["INSERT INTO results (run_id, cell_key, result_json, created_at) VALUES ('r1', 'c', $1, 't')", [cellResult]],
  ];

  async function expectReadAsBefore(s: RunStore): Promise<void> {
    expect(await s.getRunResults('r1')).toEqual({ probes: [{ groups: [{ extra: { perArticle } }] }] });
    expect(await s.getResults('r1')).toEqual([{ cellKey: 'c', result: { n: 2, v: Number.NaN, extra: { perArticle } } }]);
    // and a result stored now goes into the new format beside them
    await s.putResult('r1', 'd', { extra: { perArticle: table(3) } });
    const list = ((await s.getResults('r1'))[1]!.result as { extra: { perArticle: unknown } }).extra.perArticle;
    expect(await rows(s, list)).toHaveLength(3);
  }

  it('SQLite: migrated, its results read as they were stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-v10-'));
    try {
      const path = join(dir, 'old.db');
      const raw = new Database(path);
      sqliteStoreAt(raw, OLD_VERSION);
      for (const [sql, params] of OLD_ROWS) raw.prepare(sql.replace(/\$\d+/g, '?')).run(...params);
      raw.close();
      const s = Store.open(path);
      try {
        expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
        await expectReadAsBefore(sqliteRunStore(s));
      } finally {
        s.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: migrated, its results read as they were stored', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const client = new pg.Client(url);
    await client.connect();
    try {
      await postgresStoreAt(client, OLD_VERSION);
      for (const [sql, params] of OLD_ROWS) await client.query(sql, params);
    } finally {
      await client.end();
    }
    const s = await PgStore.open(url);
    try {
      expect((await s.query<{ version: number }>("SELECT version FROM slant_schema WHERE part = 'store'")).rows[0]!.version).toBe(SCHEMA_VERSION);
      await expectReadAsBefore(s);
    } finally {
      await s.close();
    }
  });
});
