import type Database from 'better-sqlite3';
import { UserError } from '../core/errors.js';

/**
 * A migration whose SQL differs between the databases: SQLite cannot drop a constraint, so it
 * rebuilds the table (with its foreign keys off while the table is swapped, as SQLite's own
 * procedure for a changed table prescribes; its references are checked before the commit),
 * where PostgreSQL alters it in place.
 */
interface DialectMigration {
  sqlite: string;
  postgres: string;
  /** SQLite: the migration drops and recreates a table other tables reference */
  rebuildsTable: boolean;
}

export type Migration = string | DialectMigration;

/** A migration's SQLite text. */
export const sqliteMigration = (m: Migration): string => (typeof m === 'string' ? m : m.sqlite);

/**
 * Forward-only migrations for the run store. `PRAGMA user_version` holds the number of
 * migrations applied; migration i (0-based) takes the schema from version i to i + 1.
 * Never edit a released migration: append a new one. docs/store.md documents the schema.
 */
export const MIGRATIONS: readonly Migration[] = [
  // v1
  `
  CREATE TABLE runs (
    id           TEXT PRIMARY KEY,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('running','completed','failed','interrupted')),
    config_json  TEXT NOT NULL,
    config_hash  TEXT NOT NULL,
    label        TEXT,
    summary_json TEXT
  );
  CREATE INDEX runs_created_at ON runs (created_at);

  CREATE TABLE cells (
    run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    key          TEXT NOT NULL,
    model        TEXT NOT NULL,
    probe        TEXT NOT NULL,
    dataset      TEXT NOT NULL,
    options_json TEXT,
    status       TEXT NOT NULL CHECK (status IN ('pending','running','completed','failed','interrupted')),
    PRIMARY KEY (run_id, key)
  );

  CREATE TABLE outputs (
    run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    cell_key    TEXT NOT NULL,
    record_id   TEXT NOT NULL,
    output_json TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (run_id, cell_key, record_id)
  );

  CREATE TABLE items (
    run_id           TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    cell_key         TEXT NOT NULL,
    record_id        TEXT NOT NULL,
    measurement_json TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    PRIMARY KEY (run_id, cell_key, record_id)
  );

  CREATE TABLE results (
    run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    cell_key    TEXT NOT NULL,
    result_json TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (run_id, cell_key)
  );

  CREATE TABLE cache (
    key           TEXT PRIMARY KEY,
    provider      TEXT NOT NULL,
    model         TEXT NOT NULL,
    request_json  TEXT NOT NULL,
    response_json TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    hits          INTEGER NOT NULL DEFAULT 0,
    last_hit_at   TEXT
  );
  CREATE INDEX cache_provider_model ON cache (provider, model);
  CREATE INDEX cache_created_at ON cache (created_at);
  `,
  // v2 (run lease, invalid outputs, the run's final results)
  `
  CREATE TABLE invalid_outputs (
    run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    cell_key    TEXT NOT NULL,
    record_id   TEXT NOT NULL,
    reason      TEXT NOT NULL,
    output_json TEXT,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (run_id, cell_key, record_id)
  );

  CREATE TABLE run_leases (
    run_id       TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    token        TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    host         TEXT NOT NULL,
    since        TEXT NOT NULL,
    heartbeat_at TEXT NOT NULL
  );

  ALTER TABLE runs ADD COLUMN results_json TEXT;
  `,
  // v3 (conditions: mitigations as a run axis). Cells of older stores are baseline cells: their
  // keys (model|dataset|probe) are unchanged, only non-baseline cells append |<condition key>.
  // `costs`: what each item's output cost under its condition (calls, tokens, wall time).
  `
  ALTER TABLE cells ADD COLUMN condition TEXT NOT NULL DEFAULT 'baseline';
  CREATE TABLE costs (
    run_id        TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    key           TEXT NOT NULL,
    record_id     TEXT NOT NULL,
    calls         INTEGER NOT NULL,
    input_tokens  INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    wall_ms       REAL NOT NULL,
    created_at    TEXT NOT NULL,
    PRIMARY KEY (run_id, key, record_id)
  );
  `,
  // v4 (judge accuracy cards): one card per (task, judge id, judge version), from `slant validate … --save-card`
  `
  CREATE TABLE judge_cards (
    task       TEXT NOT NULL,
    judge      TEXT NOT NULL,
    version    TEXT NOT NULL,
    card_json  TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (task, judge, version)
  );
  `,
  // v5 (annotations: human-labelling studies, `slant annotate`)
  `
  CREATE TABLE annotation_studies (
    id            TEXT PRIMARY KEY,
    created_at    TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('certainty','framing','wildframe')),
    k             INTEGER NOT NULL CHECK (k >= 1),
    seed          INTEGER NOT NULL,
    source_json   TEXT NOT NULL,
    settings_json TEXT NOT NULL
  );

  CREATE TABLE annotation_items (
    study_id      TEXT NOT NULL REFERENCES annotation_studies (id) ON DELETE CASCADE,
    id            TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('task','attention','gold')),
    content_json  TEXT NOT NULL,
    expected_json TEXT,
    judges_json   TEXT,
    PRIMARY KEY (study_id, id)
  );

  CREATE TABLE annotators (
    study_id   TEXT NOT NULL REFERENCES annotation_studies (id) ON DELETE CASCADE,
    id         TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (study_id, id)
  );

  CREATE TABLE annotation_assignments (
    study_id     TEXT NOT NULL,
    annotator_id TEXT NOT NULL,
    position     INTEGER NOT NULL,
    item_id      TEXT NOT NULL,
    presentation TEXT,
    PRIMARY KEY (study_id, annotator_id, position),
    UNIQUE (study_id, annotator_id, item_id),
    FOREIGN KEY (study_id, annotator_id) REFERENCES annotators (study_id, id) ON DELETE CASCADE,
    FOREIGN KEY (study_id, item_id) REFERENCES annotation_items (study_id, id) ON DELETE CASCADE
  );

  CREATE TABLE annotation_answers (
    study_id     TEXT NOT NULL,
    annotator_id TEXT NOT NULL,
    item_id      TEXT NOT NULL,
    value        TEXT NOT NULL,
    ms_on_item   INTEGER NOT NULL,
    ms_hidden    INTEGER NOT NULL,
    blurs        INTEGER NOT NULL,
    revisions    INTEGER NOT NULL DEFAULT 0,
    answered_at  TEXT NOT NULL,
    PRIMARY KEY (study_id, annotator_id, item_id),
    FOREIGN KEY (study_id, annotator_id, item_id)
      REFERENCES annotation_assignments (study_id, annotator_id, item_id) ON DELETE CASCADE
  );
  `,
  // v6: how many of an item's calls were served from the request cache (wall times compare fresh work only)
  `
  ALTER TABLE costs ADD COLUMN cached_calls INTEGER NOT NULL DEFAULT 0;
  `,
  // v7: Batch API batches in flight (\`slant run --batch\`): the intent, then the input file and batch id,
  // kept until every answer of the batch is stored (src/models/openai/batch.ts)
  `
  CREATE TABLE batch_state (
    key        TEXT PRIMARY KEY,
    value_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  `,
  // v8: a study's kind is any probe's annotation kind (the probes' manifests say which), so the
  // table no longer lists them; rows keep their rowid (studies are listed in the order stored)
  {
    sqlite: `
  CREATE TABLE annotation_studies_v8 (
    id            TEXT PRIMARY KEY,
    created_at    TEXT NOT NULL,
    kind          TEXT NOT NULL,
    k             INTEGER NOT NULL CHECK (k >= 1),
    seed          INTEGER NOT NULL,
    source_json   TEXT NOT NULL,
    settings_json TEXT NOT NULL
  );
  INSERT INTO annotation_studies_v8 (rowid, id, created_at, kind, k, seed, source_json, settings_json)
    SELECT rowid, id, created_at, kind, k, seed, source_json, settings_json FROM annotation_studies;
  DROP TABLE annotation_studies;
  ALTER TABLE annotation_studies_v8 RENAME TO annotation_studies;
  `,
    postgres: `
  ALTER TABLE annotation_studies DROP CONSTRAINT IF EXISTS annotation_studies_kind_check;
  `,
    rebuildsTable: true,
  },
  // v9: a condition that cannot run on its model is a cell state of its own ('not-applicable'), not
  // 'pending' forever: a report rebuilt from the store says it was not run, and why (its result row);
  // rows keep their rowid (cells are listed in the order stored)
  {
    sqlite: `
  CREATE TABLE cells_v9 (
    run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    key          TEXT NOT NULL,
    model        TEXT NOT NULL,
    probe        TEXT NOT NULL,
    dataset      TEXT NOT NULL,
    options_json TEXT,
    status       TEXT NOT NULL CHECK (status IN ('pending','running','completed','failed','interrupted','not-applicable')),
    condition    TEXT NOT NULL DEFAULT 'baseline',
    PRIMARY KEY (run_id, key)
  );
  INSERT INTO cells_v9 (rowid, run_id, key, model, probe, dataset, options_json, status, condition)
    SELECT rowid, run_id, key, model, probe, dataset, options_json, status, condition FROM cells;
  DROP TABLE cells;
  ALTER TABLE cells_v9 RENAME TO cells;
  `,
    postgres: `
  ALTER TABLE cells DROP CONSTRAINT IF EXISTS cells_status_check;
  ALTER TABLE cells ADD CONSTRAINT cells_status_check CHECK (status IN ('pending','running','completed','failed','interrupted','not-applicable'));
  `,
    rebuildsTable: false,
  },
  // v10: a cell's items read a page at a time in the order first stored (results.json, the report's
  // item list) come from an index: the primary key orders them by record id, so every page scanned
  // and sorted the whole cell (the index's entries end with the rowid, SQLite's order of storing).
  // PostgreSQL has its index on (run_id, cell_key, rowid) from its own migrations (pg-schema.ts).
  {
    sqlite: `
  CREATE INDEX items_stored_order ON items (run_id, cell_key);
  `,
    postgres: `
  SELECT 1;
  `,
    rebuildsTable: false,
  },
  // v11: a long list inside a result (position's per-article table: a row per article) is stored as
  // rows of its own, in parts of about 16K characters, instead of inside the result's one JSON
  // string (src/runtime/stored-lists.ts); the result's text holds a marker, and its row says how
  // many lists it has (0, as in every row stored before: the text holds everything, read as before)
  `
  CREATE TABLE result_lists (
    run_id    TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    cell_key  TEXT NOT NULL,
    list_no   INTEGER NOT NULL,
    part_no   INTEGER NOT NULL,
    rows_json TEXT NOT NULL,
    PRIMARY KEY (run_id, cell_key, list_no, part_no)
  );
  ALTER TABLE results ADD COLUMN lists INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE runs ADD COLUMN results_lists INTEGER NOT NULL DEFAULT 0;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Bring the database up to SCHEMA_VERSION; each migration commits atomically with its version bump. */
export function migrate(db: Database.Database, path: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new UserError(
      `run store ${path} has schema version ${current}, but this slant knows only up to ${SCHEMA_VERSION}`,
      { hint: 'upgrade slant, or point --store at another file' },
    );
  }
  for (let v = current; v < SCHEMA_VERSION; v++) {
    const migration = MIGRATIONS[v] as Migration;
    const rebuilds = typeof migration !== 'string' && migration.rebuildsTable;
    // SQLite ignores this pragma inside a transaction: it is switched around the migration's
    const keys = db.pragma('foreign_keys', { simple: true }) as number;
    if (rebuilds) db.pragma('foreign_keys = OFF');
    try {
      // Re-read the version inside the write lock: another process may have migrated meanwhile.
      db.transaction(() => {
        if ((db.pragma('user_version', { simple: true }) as number) !== v) return;
        db.exec(sqliteMigration(migration));
        if (rebuilds) {
          const broken = db.pragma('foreign_key_check') as { table: string }[];
          if (broken.length > 0) throw new Error(`migration ${v + 1} left ${broken.length} broken reference(s) in ${broken[0]!.table}`);
        }
        db.pragma(`user_version = ${v + 1}`);
      }).immediate();
    } finally {
      if (rebuilds) db.pragma(`foreign_keys = ${keys ? 'ON' : 'OFF'}`);
    }
  }
}
