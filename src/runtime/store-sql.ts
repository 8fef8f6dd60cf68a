import { hostname } from 'node:os';
import { redact } from '../core/redact.js';
import type { Sql } from './annotation-sql.js';
import type { CacheEntry, CellInput, CellRow, CellStatus, ItemCost, JudgeCardKey, RunRow, RunStatus } from './store.js';
import { fromStoredJson, toStoredJson } from './stored-json.js';
import { RUN_RESULTS_OWNER, resultWrites, withStoredLists, type ResultWrites } from './stored-lists.js';

/**
 * The run store's statements (runs, cells, outputs, items, costs, invalid outputs, results, the
 * request cache, batch state, leases, judge cards), written once for both databases, with the rows
 * they read mapped once; the annotation studies' are in src/runtime/annotation-sql.ts. Each store
 * only runs them: SQLite (src/runtime/store.ts, synchronous) and PostgreSQL (src/runtime/pg-store.ts).
 *
 * The common SQL: `?` placeholders (the PostgreSQL store numbers them), upserts as
 * `INSERT … ON CONFLICT (…) DO UPDATE` (SQLite since 3.24), casts in CAST(… AS …) form, counts cast
 * to INTEGER (PostgreSQL would return a bigint as a string), a parameter whose type PostgreSQL could
 * not infer cast to TEXT. The rest differs and is the dialect's (below): substring search, and
 * narrowing rows to a list of ids. Statements only one database runs (PostgreSQL's request claims
 * and batched writes, the SQLite store's same-config lease check) stay with that store.
 */

export type { Sql } from './annotation-sql.js';

/** Where the two databases' SQL differs. */
interface SqlDialect {
  /** A condition: `column` holds the next `?` parameter as a substring. */
  contains(column: string): string;
  /**
   * A condition narrowing rows to the ids of the next `?` parameter (`ids(list)` makes it), or
   * undefined: the store reads the rows unnarrowed and filters the ids it gets (SQLite: a local
   * file, where reading a cell's ids is cheap and no array parameter exists).
   */
  among?: { condition(column: string): string; ids(list: readonly string[]): unknown };
  /** A condition: `column` is one of the ids of the next `?` parameter (`ids(list)` makes it), in SQL on both databases. */
  idIn: { condition(column: string): string; ids(list: readonly string[]): unknown };
  /** The collation that orders text by its code points (SQLite's default BINARY compares UTF-8 bytes; PostgreSQL's default follows the locale). */
  codePointOrder: string;
  /** A condition: the JSON object in `column` has the string `value` under `key` (`key`, `value`: plain ASCII words). */
  jsonFieldIs(column: string, key: string, value: string): string;
  /** A condition: the JSON in `column` is not an object with the field `key` (null counts as a field). */
  jsonLacks(column: string, key: string): string;
}

export const SQLITE: SqlDialect = {
  contains: (column) => `instr(${column}, ?) > 0`,
  // the ids as one JSON array parameter, unpacked by json_each (SQLite has no array parameter)
  idIn: { condition: (column) => `${column} IN (SELECT value FROM json_each(?))`, ids: (list) => JSON.stringify(list) },
  codePointOrder: '',
  jsonFieldIs: (column, key, value) => `json_extract(${column}, '$.${key}') = '${value}'`,
  jsonLacks: (column, key) => `json_type(${column}, '$.${key}') IS NULL`,
};

const pgJson = (column: string): string => `CAST(replace(${column}, '\\u0000', '\\u0001') AS JSON)`;

export const POSTGRES: SqlDialect = {
  contains: (column) => `strpos(${column}, ?) > 0`,
  among: { condition: (column) => `${column} = ANY(CAST(? AS TEXT[]))`, ids: (list) => [...list] },
  idIn: { condition: (column) => `${column} = ANY(CAST(? AS TEXT[]))`, ids: (list) => [...list] },
  codePointOrder: ' COLLATE "C"',
  // PostgreSQL's JSON functions refuse a \u0000 anywhere in the text (a model's answer may hold
  // one); it is read as \u0001 here, which changes no top-level field these conditions look at
  jsonFieldIs: (column, key, value) => `${pgJson(column)} ->> '${key}' = '${value}'`,
  jsonLacks: (column, key) => `(${pgJson(column)} -> '${key}') IS NULL`,
};

const isoNow = (): string => new Date().toISOString();

// ---- runs

/** A `runs` row as stored (both backends). */
export interface RawRun {
  id: string;
  created_at: string;
  updated_at: string;
  status: RunStatus;
  config_json: string;
  config_hash: string;
  label: string | null;
  summary_json: string | null;
}

const RUN_COLUMNS = 'id, created_at, updated_at, status, config_json, config_hash, label, summary_json';

export function toRun(r: RawRun): RunRow {
  return {
    id: r.id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    status: r.status,
    configJson: r.config_json,
    configHash: r.config_hash,
    label: r.label,
    summary: r.summary_json === null ? null : fromStoredJson(r.summary_json),
  };
}

/** A new run under `id` (the config JSON and label stored redacted, src/core/redact.ts); changes nothing when the id is taken. */
export function createRunSql(id: string, at: string, input: { configJson: string; configHash: string; label?: string }): Sql {
  return {
    sql: `INSERT INTO runs (${RUN_COLUMNS}) VALUES (?, ?, ?, 'running', ?, ?, ?, NULL) ON CONFLICT (id) DO NOTHING`,
    params: [id, at, at, redact(input.configJson), input.configHash, input.label === undefined ? null : redact(input.label)],
  };
}

export const getRunSql = (id: string): Sql => ({ sql: `SELECT ${RUN_COLUMNS} FROM runs WHERE id = ?`, params: [id] });

/** The most recently created run, optionally only among runs with one of the given statuses. */
export function latestRunSql(statuses: readonly string[]): Sql {
  const where = statuses.length > 0 ? `WHERE status IN (${statuses.map(() => '?').join(',')})` : '';
  return { sql: `SELECT ${RUN_COLUMNS} FROM runs ${where} ORDER BY created_at DESC, rowid DESC LIMIT 1`, params: [...statuses] };
}

export const listRunsSql = (limit: number): Sql => ({ sql: `SELECT ${RUN_COLUMNS} FROM runs ORDER BY created_at DESC, rowid DESC LIMIT ?`, params: [limit] });

/** Status (and summary, when given); changes no row when the run does not exist. */
export function setRunStatusSql(id: string, status: RunStatus, summary?: unknown): Sql {
  const summaryJson = summary === undefined ? null : toStoredJson(summary, 'run summary');
  return { sql: 'UPDATE runs SET status = ?, updated_at = ?, summary_json = coalesce(?, summary_json) WHERE id = ?', params: [status, isoNow(), summaryJson, id] };
}

export const noRun = (id: string): Error => new Error(`no run with id "${id}"`);

export const deleteRunSql = (id: string): Sql => ({ sql: 'DELETE FROM runs WHERE id = ?', params: [id] });

/**
 * The run's final results, as the exact (redacted) JSON text of results.json: NaN and ±Infinity
 * become null, as in the file. Its long lists (src/runtime/stored-lists.ts) are stored as rows of
 * their own, written by `w.parts()` in the same transaction.
 */
export const putRunResultsSql = (runId: string, w: ResultWrites): Sql => ({ sql: 'UPDATE runs SET results_json = ?, results_lists = ?, updated_at = ? WHERE id = ?', params: [w.text, w.lists, isoNow(), runId] });

/** What putRunResults writes: the results' text with a marker for each long list, and the lists' parts. */
export const runResultsWrites = (runId: string, results: unknown): ResultWrites => resultWrites(runId, RUN_RESULTS_OWNER, results, 'results', "the run's results");

export const getRunResultsSql = (runId: string): Sql => ({ sql: 'SELECT results_json, results_lists FROM runs WHERE id = ?', params: [runId] });

/** The run's results; each long list a StoredList (read from the store when written). */
export const runResultsOf = (runId: string, r: { results_json: string | null; results_lists: number | string | null } | undefined): unknown =>
  r?.results_json == null ? undefined : withStoredLists(JSON.parse(r.results_json) as unknown, runId, RUN_RESULTS_OWNER, Number(r.results_lists ?? 0));

// ---- cells

/** A new cell is 'pending' unless a status is given; an existing cell keeps its status when none is. */
export function upsertCellSql(runId: string, cell: CellInput): Sql {
  const status = cell.status ?? null;
  return {
    sql: `INSERT INTO cells (run_id, key, model, probe, dataset, condition, options_json, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, coalesce(?, 'pending'))
       ON CONFLICT (run_id, key) DO UPDATE SET model = excluded.model, probe = excluded.probe,
         dataset = excluded.dataset, condition = excluded.condition, options_json = excluded.options_json,
         status = coalesce(?, cells.status)`,
    params: [runId, cell.key, cell.model, cell.probe, cell.dataset, cell.condition ?? 'baseline', cell.options === undefined ? null : toStoredJson(cell.options, 'cell options'), status, status],
  };
}

/** In the order the cells were first added. */
export const listCellsSql = (runId: string): Sql => ({ sql: 'SELECT key, model, probe, dataset, condition, options_json, status FROM cells WHERE run_id = ? ORDER BY rowid', params: [runId] });

export type RawCell = Omit<CellRow, 'options'> & { options_json: string | null };

export const toCell = ({ options_json, ...rest }: RawCell): CellRow => ({ ...rest, options: options_json === null ? null : fromStoredJson(options_json) });

export const setCellStatusSql = (runId: string, cellKey: string, status: CellStatus): Sql => ({ sql: 'UPDATE cells SET status = ? WHERE run_id = ? AND key = ?', params: [status, runId, cellKey] });

export const noCell = (runId: string, cellKey: string): Error => new Error(`no cell "${cellKey}" in run "${runId}"`);

// ---- outputs and items: a row per run, key and record, replaced by a later put but keeping its place (rowid)

/** The two per-record JSON tables: a record's stored output (fields as read, a generation) and its measurement. */
export const RECORD_TABLES = {
  output: { table: 'outputs', column: 'output_json', what: 'output' },
  item: { table: 'items', column: 'measurement_json', what: 'measurement' },
} as const;

type RecordTable = keyof typeof RECORD_TABLES;

/** The upsert of one or more rows of `outputs` or `items`, each (run, key, record, JSON, time). */
function upsertRecordsSql(kind: RecordTable, rows: number): string {
  const { table, column } = RECORD_TABLES[kind];
  return `INSERT INTO ${table} (run_id, cell_key, record_id, ${column}, created_at) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ')}
     ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET ${recordConflictSet(kind)}`;
}

/** What a later put of the same run, key and record replaces (PostgreSQL's batched writes use it too). */
export const recordConflictSet = (kind: RecordTable): string => `${RECORD_TABLES[kind].column} = excluded.${RECORD_TABLES[kind].column}, created_at = excluded.created_at`;

/** A row's value as stored: its JSON, refused with the record named when JSON cannot hold it. */
export const recordJson = (kind: RecordTable, recordId: string, value: unknown): string => toStoredJson(value, `${RECORD_TABLES[kind].what} for record "${recordId}"`);

/** The one-row upserts, written once (a put is made for every answer and measurement). */
const UPSERT_ONE: Readonly<Record<RecordTable, string>> = { output: upsertRecordsSql('output', 1), item: upsertRecordsSql('item', 1) };

/** `at`: the row's time (the writes of one transaction share theirs); default now. */
export const putRecordSql = (kind: RecordTable, runId: string, cellKey: string, recordId: string, value: unknown, at: string = isoNow()): Sql => ({
  sql: UPSERT_ONE[kind],
  params: [runId, cellKey, recordId, recordJson(kind, recordId, value), at],
});

/**
 * Item measurements in one statement, in the order given; the last of duplicate keys wins (a
 * statement may not upsert one row twice), as putting them one after another would.
 */
export function putItemsSql(runId: string, items: readonly { cellKey: string; recordId: string; measurement: unknown }[]): Sql {
  const last = new Map(items.map((p) => [`${p.cellKey}\u0000${p.recordId}`, p]));
  const at = isoNow();
  const params: unknown[] = [];
  for (const p of last.values()) params.push(runId, p.cellKey, p.recordId, recordJson('item', p.recordId, p.measurement), at);
  return { sql: upsertRecordsSql('item', last.size), params };
}

export function getRecordSql(kind: RecordTable, runId: string, cellKey: string, recordId: string): Sql {
  return { sql: `SELECT ${RECORD_TABLES[kind].column} AS stored_json FROM ${RECORD_TABLES[kind].table} WHERE run_id = ? AND cell_key = ? AND record_id = ?`, params: [runId, cellKey, recordId] };
}

/** A cell's rows in the order first stored, as (record_id, json). */
export function getRecordsSql(kind: RecordTable, runId: string, cellKey: string): Sql {
  return { sql: `SELECT record_id, ${RECORD_TABLES[kind].column} AS stored_json FROM ${RECORD_TABLES[kind].table} WHERE run_id = ? AND cell_key = ? ORDER BY rowid`, params: [runId, cellKey] };
}

/** The stored outputs of a cell for the records `ids` (in no particular order): a batch of a cell's outputs without reading the cell. */
export function outputsAmongSql(d: SqlDialect, runId: string, cellKey: string, ids: readonly string[]): Sql {
  return { sql: `SELECT record_id, output_json AS stored_json FROM outputs WHERE run_id = ? AND cell_key = ? AND ${d.idIn.condition('record_id')}`, params: [runId, cellKey, d.idIn.ids(ids)] };
}

/** One page of a cell's measurements in the order first stored: the rows after position `after` (a rowid), at most `limit`. */
export const itemsPageSql = (runId: string, cellKey: string, after: number, limit: number): Sql => ({
  sql: 'SELECT rowid AS pos, record_id, measurement_json AS stored_json FROM items WHERE run_id = ? AND cell_key = ? AND rowid > ? ORDER BY rowid LIMIT ?',
  params: [runId, cellKey, after, limit],
});

/**
 * One page of a cell's measurements in record-id order (code points: UTF-8 bytes compared), the
 * rows after id `after` (undefined: the first page), at most `limit`: what aggregation reads, so
 * that it holds a page at a time and still sees the items in one fixed order.
 */
export function itemsByIdPageSql(d: SqlDialect, runId: string, cellKey: string, after: string | undefined, limit: number): Sql {
  const id = `record_id${d.codePointOrder}`;
  const from = after === undefined ? '' : ` AND ${id} > ?`;
  return {
    sql: `SELECT record_id, measurement_json AS stored_json FROM items WHERE run_id = ? AND cell_key = ?${from} ORDER BY ${id} LIMIT ?`,
    params: after === undefined ? [runId, cellKey, limit] : [runId, cellKey, after, limit],
  };
}

/** The page and the position to continue after (PostgreSQL returns the bigint rowid as a string). */
export function itemsPageOf(rows: readonly { pos: number | string; record_id: string; stored_json: string }[], after: number): { next: number; rows: { recordId: string; measurement: unknown }[] } {
  return { next: rows.length === 0 ? after : Number(rows[rows.length - 1]!.pos), rows: measurementsOf(rows) };
}

export const jsonOf = (r: { stored_json: string } | undefined): unknown => (r === undefined ? undefined : fromStoredJson(r.stored_json));

export const outputsOf = (rows: readonly { record_id: string; stored_json: string }[]): { recordId: string; output: unknown }[] => rows.map((r) => ({ recordId: r.record_id, output: fromStoredJson(r.stored_json) }));

export const measurementsOf = (rows: readonly { record_id: string; stored_json: string }[]): { recordId: string; measurement: unknown }[] => rows.map((r) => ({ recordId: r.record_id, measurement: fromStoredJson(r.stored_json) }));

/** Every stored output of a run (record fields, generations), in the order first stored. */
/**
 * The cell keys under which the outputs table also keeps an item view's marks, made while the
 * item was measured (src/probes/item-marks.ts): derived data, not a model's output.
 */
export const MARKS_CELL_PREFIX = '#marks|';

/** Every model output of a run (the view marks left out), in the order first stored. */
export const listRunOutputsSql = (runId: string): Sql => ({
  sql: 'SELECT cell_key, record_id, output_json FROM outputs WHERE run_id = ? AND substr(cell_key, 1, ?) <> ? ORDER BY rowid',
  params: [runId, MARKS_CELL_PREFIX.length, MARKS_CELL_PREFIX],
});

export const runOutputsOf = (rows: readonly { cell_key: string; record_id: string; output_json: string }[]): { cellKey: string; recordId: string; output: unknown }[] =>
  rows.map((r) => ({ cellKey: r.cell_key, recordId: r.record_id, output: fromStoredJson(r.output_json) }));

/**
 * How many of a cell's measured items read an answer cut at the token limit: the outputs under
 * `outputKey` stored with `finishReason` "length" and without `invalid`, whose record has an item
 * in `cellKey`. Counted by the database, so aggregation never reads a cell's outputs.
 */
export function cutAnswersSql(d: SqlDialect, runId: string, outputKey: string, cellKey: string): Sql {
  return {
    sql: `SELECT CAST(count(*) AS INTEGER) AS n FROM outputs o WHERE o.run_id = ? AND o.cell_key = ? AND ${d.jsonFieldIs('o.output_json', 'finishReason', 'length')} AND ${d.jsonLacks('o.output_json', 'invalid')}
      AND EXISTS (SELECT 1 FROM items i WHERE i.run_id = o.run_id AND i.cell_key = ? AND i.record_id = o.record_id)`,
    params: [runId, outputKey, cellKey],
  };
}

export const countItemsSql = (runId: string): Sql => ({ sql: 'SELECT CAST(count(*) AS INTEGER) AS n FROM items WHERE run_id = ?', params: [runId] });

/** `AND <column among ids>` with its parameter, where the dialect narrows in SQL; else nothing (the store filters). */
function amongClause(d: SqlDialect, column: string, among: readonly string[] | undefined): { where: string; params: unknown[] } {
  return among === undefined || d.among === undefined ? { where: '', params: [] } : { where: ` AND ${d.among.condition(column)}`, params: [d.among.ids(among)] };
}

/** The record ids with a stored output under `cellKey`, narrowed to `among` where the dialect can (idsAmong does the rest). */
export function outputRecordIdsSql(d: SqlDialect, runId: string, cellKey: string, among?: readonly string[]): Sql {
  const a = amongClause(d, 'record_id', among);
  return { sql: `SELECT record_id FROM outputs WHERE run_id = ? AND cell_key = ?${a.where}`, params: [runId, cellKey, ...a.params] };
}

/** Records of a cell that are done: measured, or recorded as an invalid model output (what a resumed run skips). */
export function completedRecordIdsSql(d: SqlDialect, runId: string, cellKey: string, among?: readonly string[]): Sql {
  const a = amongClause(d, 'record_id', among);
  return {
    sql: `SELECT record_id FROM items WHERE run_id = ? AND cell_key = ?${a.where} UNION SELECT record_id FROM invalid_outputs WHERE run_id = ? AND cell_key = ?${a.where}`,
    params: [runId, cellKey, ...a.params, runId, cellKey, ...a.params],
  };
}

/** The ids read, or those of them in `among`. */
export function idsAmong(ids: readonly string[], among: readonly string[] | undefined): Set<string> {
  if (among === undefined) return new Set(ids);
  const wanted = new Set(among);
  return new Set(ids.filter((id) => wanted.has(id)));
}

/** Record ids whose stored output under one of `cellKeys` holds `needle` (lower case) in its lower-cased JSON text. */
export function searchOutputsSql(d: SqlDialect, runId: string, cellKeys: readonly string[], needle: string): Sql {
  return {
    sql: `SELECT DISTINCT record_id FROM outputs WHERE run_id = ? AND cell_key IN (${cellKeys.map(() => '?').join(', ')}) AND ${d.contains('lower(output_json)')}`,
    params: [runId, ...cellKeys, needle],
  };
}

/** Measurements of a cell whose lower-cased JSON text holds `needle` (lower case), in first-stored order, as (record_id, json). */
export function searchItemsSql(d: SqlDialect, runId: string, cellKey: string, needle: string): Sql {
  return { sql: `SELECT record_id, measurement_json AS stored_json FROM items WHERE run_id = ? AND cell_key = ? AND ${d.contains('lower(measurement_json)')} ORDER BY rowid`, params: [runId, cellKey, needle] };
}

// ---- costs and invalid outputs

/** The cost columns after (run_id, key, record_id), in the order of costParams. */
export const COST_COLUMNS = 'calls, cached_calls, input_tokens, output_tokens, wall_ms, created_at';

/** What a later put of the same run, key and record replaces (PostgreSQL's batched writes use it too). */
export const COST_CONFLICT_SET = `calls = excluded.calls, cached_calls = excluded.cached_calls, input_tokens = excluded.input_tokens,
       output_tokens = excluded.output_tokens, wall_ms = excluded.wall_ms, created_at = excluded.created_at`;

const PUT_COST_SQL = `INSERT INTO costs (run_id, key, record_id, ${COST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (run_id, key, record_id) DO UPDATE SET ${COST_CONFLICT_SET}`;

/**
 * What one item's output cost (idempotent per key and record: a re-measured item replaces it).
 * `at`: the row's time (the writes of one transaction share theirs); default now.
 */
export function putCostSql(runId: string, key: string, recordId: string, cost: ItemCost, at: string = isoNow()): Sql {
  return {
    sql: PUT_COST_SQL,
    params: [runId, key, recordId, cost.calls, cost.cachedCalls ?? 0, cost.inputTokens, cost.outputTokens, cost.wallMs, at],
  };
}

export const getCostsSql = (runId: string, key: string): Sql => ({ sql: 'SELECT record_id, calls, cached_calls, input_tokens, output_tokens, wall_ms FROM costs WHERE run_id = ? AND key = ?', params: [runId, key] });

type RawCost = { record_id: string; calls: number; cached_calls: number; input_tokens: number; output_tokens: number; wall_ms: number };

/** A cost row's cost (cached_calls kept only when some were). */
const costOf = (r: RawCost): ItemCost => ({ calls: r.calls, ...(r.cached_calls > 0 ? { cachedCalls: r.cached_calls } : {}), inputTokens: r.input_tokens, outputTokens: r.output_tokens, wallMs: r.wall_ms });

/** Costs by record id. */
export const costsOf = (rows: readonly RawCost[]): Map<string, ItemCost> => new Map(rows.map((r) => [r.record_id, costOf(r)]));

/** One page of the costs under `key` in record-id order (code points), the rows whose id follows `after`, at most `limit` (as itemsByIdPageSql). */
export function costsByIdPageSql(d: SqlDialect, runId: string, key: string, after: string | undefined, limit: number): Sql {
  const id = `record_id${d.codePointOrder}`;
  const from = after === undefined ? '' : ` AND ${id} > ?`;
  return {
    sql: `SELECT record_id, calls, cached_calls, input_tokens, output_tokens, wall_ms FROM costs WHERE run_id = ? AND key = ?${from} ORDER BY ${id} LIMIT ?`,
    params: after === undefined ? [runId, key, limit] : [runId, key, after, limit],
  };
}

export const costRowsOf = (rows: readonly RawCost[]): { recordId: string; cost: ItemCost }[] => rows.map((r) => ({ recordId: r.record_id, cost: costOf(r) }));

/** A model output that could not be measured (empty, unusable): kept with its reason, counted per cell. */
export function putInvalidOutputSql(runId: string, cellKey: string, recordId: string, reason: string, output?: unknown): Sql {
  return {
    sql: `INSERT INTO invalid_outputs (run_id, cell_key, record_id, reason, output_json, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET reason = excluded.reason, output_json = excluded.output_json, created_at = excluded.created_at`,
    params: [runId, cellKey, recordId, reason, output === undefined ? null : toStoredJson(output, `invalid output for record "${recordId}"`), isoNow()],
  };
}

/** Invalid outputs of a cell, in the order they were stored. */
export const getInvalidOutputsSql = (runId: string, cellKey: string): Sql => ({ sql: 'SELECT record_id, reason FROM invalid_outputs WHERE run_id = ? AND cell_key = ? ORDER BY rowid', params: [runId, cellKey] });

export const invalidOutputsOf = (rows: readonly { record_id: string; reason: string }[]): { recordId: string; reason: string }[] => rows.map((r) => ({ recordId: r.record_id, reason: r.reason }));

// ---- per-cell results

/** A cell's result (its long lists as rows of their own, written by `w.parts()` in the same transaction). */
export function putResultSql(runId: string, cellKey: string, w: ResultWrites): Sql {
  return {
    sql: `INSERT INTO results (run_id, cell_key, result_json, lists, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, cell_key) DO UPDATE SET result_json = excluded.result_json, lists = excluded.lists, created_at = excluded.created_at`,
    params: [runId, cellKey, w.text, w.lists, isoNow()],
  };
}

/** What putResult writes: the result's text (non-finite numbers kept) with a marker for each long list, and the lists' parts. */
export const resultWritesOf = (runId: string, cellKey: string, result: unknown): ResultWrites => resultWrites(runId, cellKey, result, 'stored', `result for cell "${cellKey}"`);

/** Results of a run, in the order cells were first given one. */
export const getResultsSql = (runId: string): Sql => ({ sql: 'SELECT cell_key, result_json, lists FROM results WHERE run_id = ? ORDER BY rowid', params: [runId] });

export const resultsOf = (runId: string, rows: readonly { cell_key: string; result_json: string; lists: number | string | null }[]): { cellKey: string; result: unknown }[] =>
  rows.map((r) => ({ cellKey: r.cell_key, result: withStoredLists(fromStoredJson(r.result_json), runId, r.cell_key, Number(r.lists ?? 0)) }));

// ---- the request cache (src/runtime/cache.ts)

/** The cache row under `key`, counting a hit. */
export const cacheGetSql = (key: string): Sql => ({
  sql: `UPDATE cache SET hits = hits + 1, last_hit_at = ? WHERE key = ?
       RETURNING provider, model, request_json, response_json, created_at, hits`,
  params: [isoNow(), key],
});

/** The cache columns a put writes, and what a put of a stored key replaces (a new answer: no hits yet; PostgreSQL's batched writes use both). */
export const CACHE_COLUMNS = 'key, provider, model, request_json, response_json, created_at, hits';
export const CACHE_CONFLICT_SET = `provider = excluded.provider, model = excluded.model, request_json = excluded.request_json,
         response_json = excluded.response_json, created_at = excluded.created_at, hits = 0, last_hit_at = NULL`;

export const cachePutSql = (key: string, e: CacheEntry): Sql => ({
  sql: `INSERT INTO cache (${CACHE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT (key) DO UPDATE SET ${CACHE_CONFLICT_SET}`,
  params: [key, e.provider, e.model, e.requestJson, e.responseJson, isoNow()],
});

/** Entries, hits and bytes of stored request and response JSON (a double: the total may pass 2^31). */
export const CACHE_TOTALS_SQL: Sql = {
  sql: `SELECT CAST(count(*) AS INTEGER) AS entries, CAST(coalesce(sum(hits), 0) AS INTEGER) AS hits,
       CAST(coalesce(sum(octet_length(request_json) + octet_length(response_json)), 0) AS DOUBLE PRECISION) AS bytes
     FROM cache`,
  params: [],
};

export const CACHE_BY_MODEL_SQL: Sql = {
  sql: `SELECT provider, model, CAST(count(*) AS INTEGER) AS entries, CAST(coalesce(sum(hits), 0) AS INTEGER) AS hits
     FROM cache GROUP BY provider, model ORDER BY provider, model`,
  params: [],
};

/** Delete cache entries (all, one provider's, or those created before `cutoff`). */
export function cacheClearSql(filter: { provider?: string; cutoff?: string }): Sql {
  const p = filter.provider ?? null;
  const c = filter.cutoff ?? null;
  return { sql: 'DELETE FROM cache WHERE (CAST(? AS TEXT) IS NULL OR provider = ?) AND (CAST(? AS TEXT) IS NULL OR created_at < ?)', params: [p, p, c, c] };
}

// ---- Batch API batches in flight (src/models/openai/batch.ts)

export const batchStateGetSql = (key: string): Sql => ({ sql: 'SELECT value_json FROM batch_state WHERE key = ?', params: [key] });

export const batchStateSetSql = (key: string, value: string): Sql => ({
  sql: 'INSERT INTO batch_state (key, value_json, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at',
  params: [key, value, isoNow()],
});

export const batchStateDeleteSql = (key: string): Sql => ({ sql: 'DELETE FROM batch_state WHERE key = ?', params: [key] });

/** The keys that start with `prefix` (compared as text, so no LIKE wildcards apply). */
export const batchStateKeysSql = (prefix: string): Sql => ({
  sql: 'SELECT key FROM batch_state WHERE substr(key, 1, length(CAST(? AS TEXT))) = CAST(? AS TEXT) ORDER BY key',
  params: [prefix, prefix],
});

// ---- run leases (src/runtime/run-lease.ts)

const LEASE_COLUMNS = 'run_id, token, pid, host, since, heartbeat_at';

export const leaseSql = (runId: string): Sql => ({ sql: `SELECT ${LEASE_COLUMNS} FROM run_leases WHERE run_id = ?`, params: [runId] });

/** The leases of the store's other runs with this run's config hash (the SQLite store's same-config check). */
export const sameConfigLeasesSql = (runId: string): Sql => ({
  sql: `SELECT l.run_id, l.token, l.pid, l.host, l.since, l.heartbeat_at FROM run_leases l JOIN runs r ON r.id = l.run_id
       WHERE l.run_id <> ? AND r.config_hash = (SELECT config_hash FROM runs WHERE id = ?)`,
  params: [runId, runId],
});

/** This process's lease on the run, replacing whoever held it. */
export function writeLeaseSql(runId: string, token: string): Sql {
  const at = isoNow();
  return {
    sql: `INSERT INTO run_leases (${LEASE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET token = excluded.token, pid = excluded.pid, host = excluded.host, since = excluded.since, heartbeat_at = excluded.heartbeat_at`,
    params: [runId, token, process.pid, hostname(), at, at],
  };
}

/** Refresh the heartbeat; changes no row when the lease is no longer this token's (taken over). */
export const beatLeaseSql = (runId: string, token: string): Sql => ({ sql: 'UPDATE run_leases SET heartbeat_at = ? WHERE run_id = ? AND token = ?', params: [isoNow(), runId, token] });

export const releaseLeaseSql = (runId: string, token: string): Sql => ({ sql: 'DELETE FROM run_leases WHERE run_id = ? AND token = ?', params: [runId, token] });

// ---- judge accuracy cards (src/runtime/judge-cards.ts): a newer card replaces an older one

export const putJudgeCardSql = (key: JudgeCardKey, cardJson: string): Sql => ({
  sql: 'INSERT INTO judge_cards (task, judge, version, card_json, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (task, judge, version) DO UPDATE SET card_json = excluded.card_json, created_at = excluded.created_at',
  params: [key.task, key.judge, key.version, cardJson, isoNow()],
});

/** Every stored judge card (a run's aggregation reads them all once). */
export const LIST_JUDGE_CARDS_SQL: Sql = { sql: 'SELECT task, judge, version, card_json AS "cardJson" FROM judge_cards', params: [] };

export const getJudgeCardSql = (key: JudgeCardKey): Sql => ({ sql: 'SELECT card_json FROM judge_cards WHERE task = ? AND judge = ? AND version = ?', params: [key.task, key.judge, key.version] });
