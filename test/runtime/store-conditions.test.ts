import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store } from '../../src/runtime/store.js';
import { MIGRATIONS, sqliteMigration } from '../../src/runtime/store-schema.js';
import { cellKey } from '../../src/pipeline/store-keys.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('store migration v3 (conditions)', () => {
  it('opens a store written before conditions: its cells become baseline cells and keep their keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-v2-'));
    dirs.push(dir);
    const path = join(dir, 'old.db');
    // a store at schema version 2, as the version before conditions wrote it
    const raw = new Database(path);
    for (const m of MIGRATIONS.slice(0, 2)) raw.exec(sqliteMigration(m));
    raw.pragma('user_version = 2');
    raw.prepare("INSERT INTO runs (id, created_at, updated_at, status, config_json, config_hash, label, summary_json) VALUES ('r1', 't', 't', 'interrupted', '{}', 'h', 'run', NULL)").run();
    raw.prepare("INSERT INTO cells (run_id, key, model, probe, dataset, options_json, status) VALUES ('r1', 'm|d|framing', 'm', 'framing', 'd', NULL, 'pending')").run();
    raw.prepare("INSERT INTO items VALUES ('r1', 'm|d|framing', 'x1', '{\"changed\":true}', 't')").run();
    raw.close();

    const s = Store.open(path);
    try {
      expect(s.listCells('r1')).toEqual([{ key: 'm|d|framing', model: 'm', probe: 'framing', dataset: 'd', condition: 'baseline', options: null, status: 'pending' }]);
      // the baseline cell key of this version is the old key, so the resumed run finds its items
      expect(cellKey('m', 'd', 'framing', 'baseline')).toBe('m|d|framing');
      expect(s.completedRecordIds('r1', cellKey('m', 'd', 'framing'))).toEqual(new Set(['x1']));
      // other conditions get their own cells
      expect(cellKey('m', 'd', 'framing', 'self-awareness')).toBe('m|d|framing|self-awareness');
      s.putCost('r1', 'm|d', 'x1', { calls: 4, inputTokens: 10, outputTokens: 5, wallMs: 1.5 });
      expect(s.getCosts('r1', 'm|d').get('x1')).toEqual({ calls: 4, inputTokens: 10, outputTokens: 5, wallMs: 1.5 });
    } finally {
      s.close();
    }
  });
});
