/**
 * A key inside a record id (a dataset keyed by request URL or header) reaches no `record_id`
 * column (outputs, items, costs) of SQLite or PostgreSQL, nor the viewer's API; `slant annotate
 * create` redacts keys in the items' ids and texts before the study tables (and so the annotators'
 * pages) get them.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearSecrets } from '../../src/core/redact.js';
import { Store } from '../../src/runtime/store.js';
import { startViewer } from '../../src/viewer/server.js';
import { http } from '../annotate/http-client.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { runCli } from '../helpers/run-cli.js';

const CANARY = 'idKEY7f3e9b1c5d2a8e4fQ';
const DOCS = [
  'The lamp is bright and warm. It looks great on the desk. The switch is stiff at first.',
  'The kettle boils fast. It leaked after a week. Support replaced it within two days.',
];

let cluster: PgCluster | undefined;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  clearSecrets();
});

function project(store: string): { dir: string; config: string; url: (server: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-idkey-'));
  writeFileSync(join(dir, 'docs.jsonl'), DOCS.map((t, i) => JSON.stringify({ id: `https://api.example/v1?api_key=${CANARY}&doc=${i}`, text: t })).join('\n') + '\n');
  const config = join(dir, 'slant.yaml');
  return {
    dir,
    config,
    url: (server) => {
      writeFileSync(
        config,
        `store: ${store === 'sqlite' ? join(dir, 'slant.db') : store}\nreports: ${join(dir, 'reports')}\nconcurrency: 1\nmodels: [{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server}/v1' } }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`,
      );
      return config;
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function runWithKeyInIds(store: string): Promise<{ dir: string }> {
  const server = await startOpenAIServer({ respond: (prompt) => ({ text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(0, 8).join(' ')}`, inputTokens: 10, outputTokens: 8 }), apiKey: CANARY });
  try {
    process.env.OPENAI_API_KEY = CANARY;
    const p = project(store);
    const res = await runCli(['run', '-c', p.url(server.url)]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout + res.stderr).not.toContain(CANARY);
    return { dir: p.dir };
  } finally {
    await server.close();
  }
}

const ID_COLUMNS = ['outputs', 'items', 'costs'].map((t) => `SELECT '${t}' AS t, record_id FROM ${t}`).join(' UNION ALL ');

describe('a key in a record id', () => {
  it('SQLite: the record_id columns hold the id redacted; no byte of the store holds the key', async () => {
    const { dir } = await runWithKeyInIds('sqlite');
    const db = new Database(join(dir, 'slant.db'), { readonly: true });
    const rows = db.prepare(ID_COLUMNS).all() as { t: string; record_id: string }[];
    db.close();
    expect(new Set(rows.map((r) => r.t))).toEqual(new Set(['outputs', 'items', 'costs']));
    for (const r of rows) expect(r.record_id).toMatch(/^https:\/\/api\.example\/v1\?api_key=\[redacted\]&doc=[01]$/);
    for (const f of filesUnder(dir)) if (!f.endsWith('docs.jsonl')) expect(readFileSync(f).includes(CANARY), f).toBe(false);
  });

  it('PostgreSQL: the same', async () => {
    const url = (cluster as PgCluster).newDatabase();
    await runWithKeyInIds(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ t: string; record_id: string }>(ID_COLUMNS);
      expect(new Set(rows.map((r) => r.t))).toEqual(new Set(['outputs', 'items', 'costs']));
      for (const r of rows) expect(r.record_id).not.toContain(CANARY);
      for (const r of rows) expect(r.record_id).toContain('[redacted]');
    } finally {
      await client.end();
    }
  });

  it('the viewer API never serves it, even from a store written before ids were redacted', async () => {
    const { dir } = await runWithKeyInIds('sqlite');
    const path = join(dir, 'slant.db');
    // a store from before: the key raw in the ids
    const db = new Database(path);
    db.prepare("UPDATE items SET record_id = replace(record_id, '[redacted]', ?)").run(CANARY);
    const runId = (db.prepare('SELECT id FROM runs').get() as { id: string }).id;
    db.close();
    process.env.OPENAI_API_KEY = CANARY;
    await runCli(['--version']); // the CLI registers the environment's keys when it starts, as `slant view` does
    const store = Store.open(path);
    const viewer = await startViewer({ store, reportsDir: join(dir, 'reports'), port: 0 });
    try {
      const list = await http(`${viewer.url}api/runs/${encodeURIComponent(runId)}/items`);
      expect(list.status).toBe(200);
      expect(list.body).toContain('api_key=[redacted]');
      expect(list.body).not.toContain(CANARY);
      const page = await http(`${viewer.url}runs/${encodeURIComponent(runId)}`);
      expect(page.body).not.toContain(CANARY);
    } finally {
      await viewer.close();
      store.close();
    }
  });
});

describe('slant annotate create', () => {
  it('redacts a key in an item\'s id and texts before the study tables (and the annotators\' page) get them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-idkey-ann-'));
    const input = join(dir, 'items.jsonl');
    writeFileSync(input, [0, 1, 2].map((i) => JSON.stringify({ id: `item-${CANARY}-${i}`, text: `Text ${i} quoting the key ${CANARY} and Bearer ${CANARY}.` })).join('\n') + '\n');
    process.env.OPENAI_API_KEY = CANARY;
    const db = join(dir, 'slant.db');
    const res = await runCli(['--json', 'annotate', 'create', '--kind', 'framing', '--input', input, '--annotators', '2', '--k', '1', '--store', db, '--id', 'st1']);
    expect(res.code, res.stderr).toBe(0);
    const sqlite = new Database(db, { readonly: true });
    const items = sqlite.prepare("SELECT id, content_json FROM annotation_items WHERE role = 'task' ORDER BY id").all() as { id: string; content_json: string }[];
    sqlite.close();
    expect(items.map((i) => i.id)).toEqual([0, 1, 2].map((i) => `item-[redacted]-${i}`));
    expect(JSON.parse(items[0]?.content_json ?? '{}')).toEqual({ text: 'Text 0 quoting the key [redacted] and Bearer [redacted].' });
    for (const f of filesUnder(dir)) if (f !== input) expect(readFileSync(f).includes(CANARY), f).toBe(false);
  });
});
