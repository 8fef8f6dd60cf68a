/**
 * `slant report <run>` of a position run rebuilds results.json byte for byte from the store, on
 * SQLite and on PostgreSQL: the per-article table is stored once, as parts of its own with the
 * cell's result (store migration v11, src/runtime/stored-lists.ts), the run's results refer to
 * them, and they are streamed back into the file; a store written before v11 (the table inside
 * the run's one results text) rebuilds the same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../data/temp-dir.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { runCli } from '../helpers/run-cli.js';

const WORDS = 'river bridge council budget school harbour market winter station library garden factory'.split(' ');

/** `n` documents of six sentences with a summary of two of them and a gold summary of the last two (the same every time). */
function documents(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const sents = Array.from({ length: 6 }, (_, k) => `The ${WORDS[(i + k) % WORDS.length]} report ${k} of case ${i} named ${WORDS[(i * 7 + k * 3) % WORDS.length]} and ${WORDS[(i + 2 * k) % WORDS.length]}.`);
    const output = [sents[i % 6], sents[(i + 3) % 6]].join(' ');
    lines.push(JSON.stringify({ id: `doc-${i}`, source: sents.join(' '), output, reference: sents.slice(-2).join(' ') }));
  }
  return `${lines.join('\n')}\n`;
}

/** A raw statement on the store (to look at its rows, and to put them back as a store before v11 held them). */
type Raw = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

let cluster: PgCluster | undefined;
afterAll(() => cluster?.stop());

const stores: [string, (dir: string) => Promise<{ store: string; raw: Raw; close(): Promise<void> }>][] = [
  [
    'sqlite',
    (dir) => {
      const store = join(dir, 'slant.db');
      let db: Database.Database | undefined;
      const raw: Raw = (sql, params = []) => {
        db ??= new Database(store);
        const st = db.prepare(sql.replace(/\$\d+/g, '?'));
        return Promise.resolve(st.reader ? (st.all(...params) as Record<string, unknown>[]) : (st.run(...params), []));
      };
      const close = (): Promise<void> => {
        db?.close();
        return Promise.resolve();
      };
      return Promise.resolve({ store, raw, close });
    },
  ],
  [
    'postgres',
    async () => {
      cluster ??= await startCluster();
      const store = cluster.newDatabase();
      const client = new pg.Client(store);
      let connected = false;
      const raw: Raw = async (sql, params = []) => {
        if (!connected) await client.connect();
        connected = true;
        return (await client.query(sql, params)).rows as Record<string, unknown>[];
      };
      return { store, raw, close: () => (connected ? client.end() : Promise.resolve()) };
    },
  ],
];

describe.each(stores)('slant report of a position run (%s)', (name, open) => {
  const tmp = useTempDir();

  it('rebuilds results.json identically from the per-article table stored in parts, and from a store written before v11', async () => {
    const dir = join(tmp.dir, name);
    const { store, raw, close } = await open(dir);
    try {
      const input = join(tmp.dir, `docs-${name}.jsonl`);
      writeFileSync(input, documents(160));
      const reports = join(dir, 'reports');
      const run = await runCli(['measure', 'position', '-i', input, '--store', store, '--reports', reports, '--json']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
      const file = join(reports, runId, 'results.json');
      const written = readFileSync(file, 'utf8');
      const perArticle = (JSON.parse(written) as { probes: { groups: { extra: { perArticle: { id: string }[] } }[] }[] }).probes[0]!.groups[0]!.extra.perArticle;
      expect(perArticle).toHaveLength(160);

      // the table is in parts, several of them, stored once with the cell's result; the run's
      // results text and the cell's hold a marker in its place
      const [row] = await raw('SELECT results_json, results_lists FROM runs WHERE id = $1', [runId]);
      expect(Number(row!['results_lists'])).toBe(1);
      expect(String(row!['results_json'])).not.toContain('doc-17');
      expect(String((await raw('SELECT result_json FROM results WHERE run_id = $1', [runId]))[0]!['result_json'])).not.toContain('doc-17');
      const parts = await raw('SELECT cell_key, count(*) AS n FROM result_lists WHERE run_id = $1 GROUP BY cell_key', [runId]);
      expect(parts).toHaveLength(1);
      expect(parts[0]!['cell_key']).not.toBe('');
      expect(Number(parts[0]!['n'])).toBeGreaterThan(1);

      const rebuilt = async (): Promise<string> => {
        writeFileSync(file, '');
        const r = await runCli(['report', runId, '--store', store, '--reports', reports, '--quiet']);
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        return readFileSync(file, 'utf8');
      };
      expect((await rebuilt()) === written).toBe(true);
      // --json writes the same results on one line
      const line = await runCli(['report', runId, '--store', store, '--reports', reports, '--json']);
      expect(line.code).toBe(0);
      expect(JSON.parse(line.stdout)).toEqual(JSON.parse(written));

      // the run as a store before v11 held it: the whole results in one text, no parts
      await raw('DELETE FROM result_lists WHERE run_id = $1', [runId]);
      await raw('UPDATE runs SET results_json = $1, results_lists = 0 WHERE id = $2', [JSON.stringify(JSON.parse(written)), runId]);
      await raw('UPDATE results SET result_json = $1, lists = 0 WHERE run_id = $2', [JSON.stringify((JSON.parse(written) as { probes: { groups: unknown[] }[] }).probes[0]!.groups[0]), runId]);
      expect((await rebuilt()) === written).toBe(true);
    } finally {
      await close();
    }
  });
});
