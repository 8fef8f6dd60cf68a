import type pg from 'pg';
import { UserError } from '../core/errors.js';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from './store-schema.js';

/**
 * The run store's migrations (src/runtime/store-schema.ts, the same list SQLite runs) applied to
 * PostgreSQL. Two mechanical changes make the SQLite text PostgreSQL's: every table gets a
 * `rowid BIGSERIAL` column (SQLite's implicit rowid, which the store orders by: "in the order first
 * stored"), and REAL (a 4-byte float in PostgreSQL) becomes DOUBLE PRECISION (SQLite's REAL is 8).
 * Everything else in those migrations is standard SQL both accept, except where a migration
 * carries a text of each (a constraint PostgreSQL drops in place and SQLite rebuilds a table for).
 */
export function postgresMigration(m: Migration): string {
  if (typeof m !== 'string') return m.postgres;
  return m.replace(/CREATE TABLE (\w+) \(/g, 'CREATE TABLE $1 (\n    rowid BIGSERIAL,').replace(/\bREAL\b/g, 'DOUBLE PRECISION');
}

/**
 * What only a PostgreSQL store has: its indexes for reading cells page by page, and the tables of a
 * shared store: the workers of `slant worker` with their heartbeats,
 * the units each holds (its lease: a unit whose worker stopped beating is handed back to the
 * queue), the request cache's in-flight claims, each distributed run's plan and cancel flag, and
 * its shared budget.
 * Times are the database's clock (now()), so machines with skewed clocks agree on what is stale.
 */
const DIST_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE slant_workers (
    id           TEXT PRIMARY KEY,
    role         TEXT NOT NULL,
    host         TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    models_json  TEXT NOT NULL,
    slots        INTEGER NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    stopped_at   TIMESTAMPTZ,
    units_done   INTEGER NOT NULL DEFAULT 0,
    items_done   INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE slant_unit_leases (
    job_id     TEXT PRIMARY KEY,
    queue      TEXT NOT NULL,
    run_id     TEXT NOT NULL,
    worker_id  TEXT NOT NULL,
    unit_json  TEXT NOT NULL,
    since      TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE INDEX slant_unit_leases_worker ON slant_unit_leases (worker_id);
  CREATE TABLE slant_cache_claims (
    key        TEXT PRIMARY KEY,
    worker_id  TEXT NOT NULL,
    claimed_at TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE TABLE slant_dist_runs (
    run_id       TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    queues_json  TEXT NOT NULL,
    unit_size    INTEGER NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    cancelled_at TIMESTAMPTZ,
    cancelled_by TEXT
  );
  CREATE TABLE slant_dist_units (
    run_id     TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    unit_id    TEXT NOT NULL,
    queue      TEXT NOT NULL,
    unit_json  TEXT NOT NULL,
    records    INTEGER NOT NULL,
    job_id     TEXT,
    started_at TIMESTAMPTZ,
    done_at    TIMESTAMPTZ,
    done_by    TEXT,
    stats_json TEXT,
    error      TEXT,
    PRIMARY KEY (run_id, unit_id)
  );
  `,
  // a distributed run's budget, shared by its workers (src/pipeline/distributed/shared-budget.ts):
  // its limits and the judge calls a record holds ahead (from the coordinator's plan), the limit
  // reached, and per process and model what it spent and holds in flight
  `
  CREATE TABLE slant_budgets (
    run_id             TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    limits_json        TEXT NOT NULL,
    judge_reserve_json TEXT NOT NULL,
    reached            TEXT,
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE TABLE slant_budget_spend (
    run_id          TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    owner_id        TEXT NOT NULL,
    model           TEXT NOT NULL,
    spent_usd       DOUBLE PRECISION NOT NULL DEFAULT 0,
    spent_tokens    DOUBLE PRECISION NOT NULL DEFAULT 0,
    reserved_usd    DOUBLE PRECISION NOT NULL DEFAULT 0,
    reserved_tokens DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, owner_id, model)
  );
  `,
  // Reading a cell a page at a time must not sort the cell for every page. Aggregation pages
  // through a cell in record-id order by code point (`COLLATE "C"`, SQLite's byte order), which
  // the primary keys (ordered by the database's locale) could not serve: every page scanned and
  // sorted the whole cell. With the ids collated "C" the primary keys hold that order (one
  // collation for every record_id, so comparing the tables' ids across a join stays defined; ids
  // are only ever compared for equality or in code-point order). results.json and the report read
  // a cell in the order first stored (`rowid`), which the last index holds.
  `
  ALTER TABLE outputs ALTER COLUMN record_id TYPE TEXT COLLATE "C";
  ALTER TABLE items ALTER COLUMN record_id TYPE TEXT COLLATE "C";
  ALTER TABLE invalid_outputs ALTER COLUMN record_id TYPE TEXT COLLATE "C";
  ALTER TABLE costs ALTER COLUMN record_id TYPE TEXT COLLATE "C";
  CREATE INDEX items_stored_order ON items (run_id, cell_key, rowid);
  `,
];

/** Bring a PostgreSQL store up to date: one transaction per migration, under a session advisory lock (concurrent starters wait). */
export async function migratePostgres(pool: pg.Pool, where: string): Promise<void> {
  const client = await pool.connect();
  // a connection lost mid-migration is reported by the failing query, not as an uncaught 'error' event
  client.on('error', () => undefined);
  try {
    // one migrator at a time, from the first statement on (concurrent CREATE TABLE IF NOT EXISTS collide in the catalog)
    await client.query("SELECT pg_advisory_lock(hashtext('slant-migrate'))");
    await client.query('CREATE TABLE IF NOT EXISTS slant_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    for (const [part, list] of [['store', MIGRATIONS], ['dist', DIST_MIGRATIONS]] as const) {
      await client.query('BEGIN');
      try {
        const r = await client.query<{ version: number }>('SELECT version FROM slant_schema WHERE part = $1', [part]);
        const current = r.rows[0]?.version ?? 0;
        if (part === 'store' && current > SCHEMA_VERSION) {
          throw new UserError(`run store ${where} has schema version ${current}, but this slant knows only up to ${SCHEMA_VERSION}`, { hint: 'upgrade slant, or point --store at another database' });
        }
        for (let v = current; v < list.length; v++) await client.query(part === 'store' ? postgresMigration(list[v] as Migration) : (list[v] as string));
        if (current < list.length) {
          await client.query('INSERT INTO slant_schema (part, version) VALUES ($1, $2) ON CONFLICT (part) DO UPDATE SET version = excluded.version', [part, list.length]);
        }
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('slant-migrate'))").catch(() => undefined);
    client.release();
  }
}
