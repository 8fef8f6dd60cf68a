/**
 * A condition that cannot run on a model is a cell state of its own in the store ('not-applicable',
 * never 'pending' for ever) with its result row (n = 0 and the reason), so a report or the viewer
 * rebuilt from the store alone says it was not run, and why, on SQLite and on PostgreSQL. Migration
 * v9 lets the cells table hold that state; it is tested on a store as version 8 wrote it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runResults } from '../../src/report/from-store.js';
import { buildReportModel } from '../../src/report/model.js';
import { renderTerminalReport } from '../../src/report/terminal.js';
import { openRunStore } from '../../src/runtime/open-store.js';
import { PgStore } from '../../src/runtime/pg-store.js';
import { SCHEMA_VERSION } from '../../src/runtime/store-schema.js';
import { Store } from '../../src/runtime/store.js';
import { conditionOf } from '../../src/results/presentation.js';
import { postgresStoreAt, sqliteStoreAt } from '../helpers/old-store.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { runCli } from '../helpers/run-cli.js';

const OLD_VERSION = 8;
const NA = 'self-awareness';
const REASON = 'builtin:lead-3 does not read prompts (it works on the document alone), so a prompt mitigation would silently equal the baseline';

const OLD_CELLS: unknown[][] = [
  ['r1', 'm|d|framing', 'm', 'framing', 'd', '{}', 'pending', 'baseline'],
  ['r1', 'm|d|framing|cot', 'm', 'framing', 'd', null, 'completed', 'cot'],
];
const RUN = "INSERT INTO runs (id, created_at, updated_at, status, config_json, config_hash) VALUES ('r1', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'completed', '{}', 'h')";
const CELL = 'INSERT INTO cells (run_id, key, model, probe, dataset, options_json, status, condition) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)';
const NA_CELL = ['r1', 'm|d|framing|x', 'm', 'framing', 'd', null, 'not-applicable', 'x'];
const sqlite = (sql: string): string => sql.replace(/\$\d+/g, '?');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'slant-na-'));
  dirs.push(d);
  return d;
};

let cluster: PgCluster | undefined;
afterAll(() => cluster?.stop());
const pgUrl = async (): Promise<string> => {
  cluster ??= await startCluster();
  return cluster.newDatabase();
};

describe('store migration v9 (a cell that does not apply)', () => {
  it('SQLite: the cells table takes the new state, every row kept in its order with its state', async () => {
    expect(SCHEMA_VERSION).toBeGreaterThan(OLD_VERSION);
    const path = join(tempDir(), 'old.db');
    const raw = new Database(path);
    sqliteStoreAt(raw, OLD_VERSION);
    raw.exec(RUN);
    for (const c of OLD_CELLS) raw.prepare(sqlite(CELL)).run(...c);
    expect(() => raw.prepare(sqlite(CELL)).run(...NA_CELL)).toThrow(/CHECK constraint failed/);
    raw.close();

    const s = Store.open(path);
    try {
      expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(s.listCells('r1').map((c) => [c.key, c.status, c.condition, c.options])).toEqual([
        ['m|d|framing', 'pending', 'baseline', {}],
        ['m|d|framing|cot', 'completed', 'cot', null],
      ]);
      s.db.prepare(sqlite(CELL)).run(...NA_CELL);
      expect(s.listCells('r1').map((c) => c.status)).toEqual(['pending', 'completed', 'not-applicable']);
      expect(() => s.setCellStatus('r1', 'm|d|framing', 'nonsense' as never)).toThrow();
      // the cells still go with their run
      s.db.prepare("DELETE FROM runs WHERE id = 'r1'").run();
      expect((s.db.prepare('SELECT count(*) AS n FROM cells').get() as { n: number }).n).toBe(0);
    } finally {
      s.close();
    }
  });

  it('PostgreSQL: the state is added to the constraint in place, every row kept', async () => {
    const url = await pgUrl();
    const client = new pg.Client(url);
    await client.connect();
    try {
      await postgresStoreAt(client, OLD_VERSION);
      await client.query(RUN);
      for (const c of OLD_CELLS) await client.query(CELL, c);
      await expect(client.query(CELL, NA_CELL)).rejects.toThrow(/cells_status_check/);
    } finally {
      await client.end();
    }
    const s = await PgStore.open(url);
    try {
      expect((await s.listCells('r1')).map((c) => [c.key, c.status])).toEqual([
        ['m|d|framing', 'pending'],
        ['m|d|framing|cot', 'completed'],
      ]);
      await s.upsertCell('r1', { key: 'm|d|framing|x', model: 'm', probe: 'framing', dataset: 'd', condition: 'x', status: 'not-applicable' });
      expect((await s.listCells('r1')).map((c) => c.status)).toEqual(['pending', 'completed', 'not-applicable']);
      await expect(s.setCellStatus('r1', 'm|d|framing', 'nonsense' as never)).rejects.toThrow(/cells_status_check/);
    } finally {
      await s.close();
    }
  });
});

describe('a run with a condition that does not apply, rebuilt from the store', { timeout: 180_000 }, () => {
  for (const backend of ['SQLite', 'PostgreSQL'] as const) {
    it(`${backend}: the cell's state and reason are stored; the rebuilt report says once per model that it was not run, and why`, async () => {
      const dir = tempDir();
      const store = backend === 'SQLite' ? join(dir, 'slant.db') : await pgUrl();
      const config = join(dir, 'slant.yaml');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(config, [`store: ${store}`, `reports: ${join(dir, 'reports')}`, `models: [{ id: 'builtin:lead-3' }]`, `datasets: [{ name: reviews, builtin: demo-reviews, limit: 3 }]`, `probes: [{ name: framing }, { name: primacy }]`, `mitigations: [${NA}, partial-summaries]`, ''].join('\n'));
      const res = await runCli(['--json', 'run', '-c', config]);
      expect(res.code, res.stderr).toBe(0);
      const s = await openRunStore(store);
      try {
        const run = (await s.latestRun())!;
        const cells = await s.listCells(run.id);
        // one cell per probe under the condition that does not apply, in a state of its own
        expect(cells.filter((c) => c.condition !== 'baseline' && c.status === 'not-applicable').map((c) => c.probe).sort()).toEqual(['framing', 'primacy']);
        expect(cells.filter((c) => c.status === 'not-applicable').every((c) => c.key.includes(NA))).toBe(true);
        // the viewer's path without a reports folder: the per-cell results in the store
        const rebuilt = (await runResults(s, run.id))!;
        const na = rebuilt.probes.flatMap((p) => p.groups.filter((g) => g.notApplicable !== undefined));
        expect(na.map((g) => [g.labels.model, conditionOf(g.labels), g.n, g.notApplicable])).toEqual([
          ['builtin:lead-3', NA, 0, REASON],
          ['builtin:lead-3', NA, 0, REASON],
        ]);
        const findings = buildReportModel(rebuilt).findings.flatMap((m) => m.findings).filter((f) => f.status === 'not-applicable');
        expect(findings.map((f) => f.text)).toEqual([`${NA} was not run on builtin:lead-3 (not applicable): ${REASON}.`]);
        expect(renderTerminalReport(rebuilt, { width: 100, color: false }).replace(/\s+/g, ' ')).toContain(`${NA} was not run on builtin:lead-3 (not applicable)`);
      } finally {
        await s.close();
      }
    });
  }
});
