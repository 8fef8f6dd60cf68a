import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { getAnswers, getItems, listStudies } from '../../src/annotate/study-store.js';
import { PgStore } from '../../src/runtime/pg-store.js';
import { SCHEMA_VERSION } from '../../src/runtime/store-schema.js';
import { Store } from '../../src/runtime/store.js';
import { postgresStoreAt, sqliteStoreAt } from '../helpers/old-store.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';

/**
 * Migration v8: a study's kind is no longer a list in the table (a probe's manifest names it).
 * Each backend is given a store at schema version 7, as the version before wrote it, with a
 * study, its items, annotator, assignments and an answer; after the migration every row is there,
 * a kind no built-in probe has is accepted, and the references still cascade.
 */
const OLD_VERSION = 7;

/** Rows of two studies (same creation time: their order is the order stored) as version 7 wrote them. */
const OLD_ROWS: [string, unknown[]][] = [
  ["INSERT INTO annotation_studies (id, created_at, kind, k, seed, source_json, settings_json) VALUES ($1, $2, $3, $4, $5, $6, $7)", ['s1', '2026-01-01T00:00:00.000Z', 'framing', 1, 42, '{}', '{"attention":0,"annotators":["a01"]}']],
  ["INSERT INTO annotation_studies (id, created_at, kind, k, seed, source_json, settings_json) VALUES ($1, $2, $3, $4, $5, $6, $7)", ['s2', '2026-01-01T00:00:00.000Z', 'certainty', 1, 7, '{"file":"x.csv"}', '{"attention":0,"annotators":["a01"]}']],
  ['INSERT INTO annotation_items (study_id, id, role, content_json, expected_json, judges_json) VALUES ($1, $2, $3, $4, $5, $6)', ['s1', 'i1', 'task', '{"text":"Sales rose."}', null, '{"j":"positive"}']],
  ['INSERT INTO annotation_items (study_id, id, role, content_json, expected_json, judges_json) VALUES ($1, $2, $3, $4, $5, $6)', ['s1', 'i2', 'task', '{"text":"Sales fell."}', null, '{}']],
  ['INSERT INTO annotators (study_id, id, token_hash, created_at) VALUES ($1, $2, $3, $4)', ['s1', 'a01', 'hash-1', '2026-01-01T00:00:00.000Z']],
  ['INSERT INTO annotation_assignments (study_id, annotator_id, position, item_id, presentation) VALUES ($1, $2, $3, $4, $5)', ['s1', 'a01', 0, 'i1', null]],
  ['INSERT INTO annotation_assignments (study_id, annotator_id, position, item_id, presentation) VALUES ($1, $2, $3, $4, $5)', ['s1', 'a01', 1, 'i2', null]],
  ['INSERT INTO annotation_answers (study_id, annotator_id, item_id, value, ms_on_item, ms_hidden, blurs, revisions, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', ['s1', 'a01', 'i1', 'negative', 900, 0, 0, 1, '2026-01-01T00:01:00.000Z']],
];

const NEW_KIND = "INSERT INTO annotation_studies (id, created_at, kind, k, seed, source_json, settings_json) VALUES ($1, '2026-02-01T00:00:00.000Z', 'hedging', 1, 1, '{}', '{\"attention\":0,\"annotators\":[]}')";

const sqlite = (sql: string): string => sql.replace(/\$\d+/g, '?');

/** What every backend shows after the migration, read through the study functions. */
async function expectRowsKept(store: Parameters<typeof listStudies>[0]): Promise<void> {
  expect((await listStudies(store)).map((s) => [s.id, s.kind, s.seed])).toEqual([['s2', 'certainty', 7], ['s1', 'framing', 42]]);
  expect((await getItems(store, 's1')).map((i) => [i.id, i.content.text, i.judges])).toEqual([['i1', 'Sales rose.', { j: 'positive' }], ['i2', 'Sales fell.', {}]]);
  expect(await getAnswers(store, 's1')).toMatchObject([{ annotator: 'a01', item: 'i1', value: 'negative', msOnItem: 900, revisions: 1 }]);
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('store migration v8 (study kinds from the probes)', () => {
  it('SQLite: rebuilds the studies table without the list of kinds, keeping every row, their order and the cascades', async () => {
    expect(SCHEMA_VERSION).toBeGreaterThan(OLD_VERSION);
    const dir = mkdtempSync(join(tmpdir(), 'slant-v7-'));
    dirs.push(dir);
    const path = join(dir, 'old.db');
    const raw = new Database(path);
    raw.pragma('foreign_keys = ON');
    sqliteStoreAt(raw, OLD_VERSION);
    for (const [sql, params] of OLD_ROWS) raw.prepare(sqlite(sql)).run(...params);
    // the old table refuses a kind it does not list
    expect(() => raw.prepare(sqlite(NEW_KIND)).run('s3')).toThrow(/CHECK constraint failed/);
    raw.close();

    const s = Store.open(path);
    try {
      expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      // foreign keys are on again after the rebuild, and nothing points nowhere
      expect(s.db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(s.db.pragma('foreign_key_check')).toEqual([]);
      const table = s.db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'annotation_studies'").get() as { sql: string };
      expect(table.sql).not.toMatch(/kind\s+TEXT NOT NULL CHECK/);
      await expectRowsKept(s);
      s.db.prepare(sqlite(NEW_KIND)).run('s3');
      expect((await listStudies(s)).map((x) => x.kind)).toEqual(['hedging', 'certainty', 'framing']);
      // the items, annotators, assignments and answers still belong to their study
      s.db.prepare('DELETE FROM annotation_studies WHERE id = ?').run('s1');
      for (const t of ['annotation_items', 'annotators', 'annotation_assignments', 'annotation_answers']) {
        expect((s.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n).toBe(0);
      }
      expect(() => s.db.prepare(sqlite(OLD_ROWS[2]![0])).run('nope', 'i9', 'task', '{}', null, null)).toThrow(/FOREIGN KEY/);
    } finally {
      s.close();
    }
  });

  let cluster: PgCluster | undefined;
  afterAll(() => cluster?.stop());

  it('PostgreSQL: drops the list of kinds in place, keeping every row and the cascades', async () => {
    cluster = await startCluster();
    const url = cluster.newDatabase();
    const client = new pg.Client(url);
    await client.connect();
    try {
      await postgresStoreAt(client, OLD_VERSION);
      for (const [sql, params] of OLD_ROWS) await client.query(sql, params);
      await expect(client.query(NEW_KIND, ['s3'])).rejects.toThrow(/annotation_studies_kind_check/);
    } finally {
      await client.end();
    }

    const s = await PgStore.open(url);
    try {
      await expectRowsKept(s);
    } finally {
      await s.close();
    }
    const after = new pg.Client(url);
    await after.connect();
    try {
      expect((await after.query("SELECT version FROM slant_schema WHERE part = 'store'")).rows[0].version).toBe(SCHEMA_VERSION);
      await after.query(NEW_KIND, ['s3']);
      await after.query("DELETE FROM annotation_studies WHERE id = 's1'");
      expect((await after.query('SELECT count(*)::int AS n FROM annotation_answers')).rows[0].n).toBe(0);
      expect((await after.query('SELECT count(*)::int AS n FROM annotation_items')).rows[0].n).toBe(0);
      expect((await after.query('SELECT kind FROM annotation_studies ORDER BY id')).rows.map((r: { kind: string }) => r.kind)).toEqual(['certainty', 'hedging']);
    } finally {
      await after.end();
    }
  });
});
