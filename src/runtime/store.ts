import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { UserError } from '../core/errors.js';
import { annotatorCountsSql, annotatorsSql, answersSql, assignmentsSql, nextAssignmentSql, putAnswerSql, SET_TOKEN_HASH, studiesSql, studyInserts, studyItemsSql, studyProgressSql, type AnnotatorProgressRow, type AnswerDbInput, type AnswerDbRow, type AssignmentDbRow, type StudyDbRow, type StudyInsert, type StudyItemDbRow } from './annotation-sql.js';
import { migrate, SCHEMA_VERSION } from './store-schema.js';
import { isStoreFull, sqliteCode, storeProblem } from './store-errors.js';
import {
  batchStateDeleteSql, batchStateGetSql, batchStateKeysSql, batchStateSetSql, beatLeaseSql, CACHE_BY_MODEL_SQL, CACHE_TOTALS_SQL, cacheClearSql, cacheGetSql, cachePutSql,
  completedRecordIdsSql, costRowsOf, costsByIdPageSql, costsOf, countItemsSql, cutAnswersSql, createRunSql, deleteRunSql, getCostsSql, getInvalidOutputsSql, getJudgeCardSql, getRecordSql, getRecordsSql, getResultsSql,
  getRunResultsSql, getRunSql, idsAmong, invalidOutputsOf, itemsByIdPageSql, itemsPageOf, itemsPageSql, jsonOf, latestRunSql, leaseSql, LIST_JUDGE_CARDS_SQL, listCellsSql, listRunOutputsSql, listRunsSql, measurementsOf,
  noCell, noRun, outputRecordIdsSql, outputsAmongSql, outputsOf, putCostSql, putInvalidOutputSql, putJudgeCardSql, putRecordSql, putResultSql, putRunResultsSql, resultWritesOf, runResultsWrites, releaseLeaseSql, resultsOf,
  runOutputsOf, runResultsOf, sameConfigLeasesSql, searchItemsSql, searchOutputsSql, setCellStatusSql, setRunStatusSql, SQLITE, toCell, toRun, upsertCellSql, writeLeaseSql,
  type RawCell, type RawRun, type Sql,
} from './store-sql.js';
import { listPageOf, listPartsSql, type ListPage, type ResultWrites } from './stored-lists.js';

/** How long a write waits for another program's lock on the store (SLANT_STORE_LOCK_TIMEOUT_MS; default 60 s). */
export const DEFAULT_LOCK_TIMEOUT_MS = 60_000;

/**
 * Space kept free beside the store (`<store>.reserve`): when the disk fills up, deleting it lets
 * the answers already received (and in flight) be stored before the run stops, so a resume after
 * freeing space never pays for them twice.
 */
export const RESERVE_BYTES = 1 << 20;
/** Pages written to the WAL between two automatic checkpoints (see Store.open). */
const WAL_CHECKPOINT_PAGES = 4096;

/** Where a project keeps its run store, relative to the project directory. */
export const DEFAULT_STORE_PATH = '.slant/slant.db';

export type RunStatus = 'running' | 'completed' | 'failed' | 'interrupted';
/** 'not-applicable': the cell's condition cannot run on its model (never run; its result row says why) */
export type CellStatus = 'pending' | 'running' | 'completed' | 'failed' | 'interrupted' | 'not-applicable';

export interface RunRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: RunStatus;
  configJson: string;
  configHash: string;
  label: string | null;
  /** parsed summary_json, or null when none was set */
  summary: unknown;
}

export interface CellInput {
  key: string;
  model: string;
  probe: string;
  dataset: string;
  /** condition key (a mitigation with its options); default 'baseline' */
  condition?: string;
  options?: unknown;
  /** defaults to 'pending' for a new cell; an existing cell keeps its status when omitted */
  status?: CellStatus;
}

export interface CellRow {
  key: string;
  model: string;
  probe: string;
  dataset: string;
  condition: string;
  options: unknown;
  status: CellStatus;
}

/** One write of a batch (RunStore.putWrites): a row of the outputs table (a record as read, a model's answer), an item measurement, or a cost (`value` an ItemCost, `cellKey` the cost key). */
export interface StoreWrite {
  kind: 'output' | 'item' | 'cost';
  cellKey: string;
  recordId: string;
  value: unknown;
}

/** Calls, tokens (cached answers included: they are the strategy's cost) and wall time of one item's output. */
export interface ItemCost {
  calls: number;
  /** of `calls`, those served from the request cache (absent: none) */
  cachedCalls?: number;
  inputTokens: number;
  outputTokens: number;
  wallMs: number;
}

/**
 * A read-only connection to a store file. A WAL store needs its `-shm` index to be read, and
 * SQLite creates it next to the file; in a folder nobody may write (a read-only mount, an archive)
 * with no `-shm` left there (a store closed cleanly has none), that fails with SQLITE_CANTOPEN.
 * Then the file is read into memory (the store cannot change under us: its folder cannot be
 * written), with its header switched from WAL to the rollback journal, which an in-memory image
 * needs. A `-wal` file with content could hold committed writes the image would miss: refused.
 */
function openForReading(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (err) {
    db.close();
    if (sqliteCode(err) !== 'SQLITE_CANTOPEN') throw err;
    if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) {
      throw new UserError(`cannot read the run store ${path}: its write-ahead log (${path}-wal) holds writes that need a ${path}-shm file, which cannot be created in that folder`, {
        cause: err,
        hint: 'copy the store with its -wal file to a folder you can write, and point --store there',
      });
    }
    const image = readFileSync(path);
    // bytes 18-19: file format write/read version, 2 = WAL, 1 = rollback journal
    if (image.length >= 20 && image[18] === 2 && image[19] === 2) image[18] = image[19] = 1;
    return new Database(image, { readonly: true });
  }
}

/** `2026-11-22T18-05-03-ab12`: UTC time to the second plus 4 random hex digits; sorts by time. */
export function newRunId(now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

/**
 * The run store: one SQLite file (WAL) holding runs, cells, outputs, item measurements,
 * results and the request cache. Every put is its own committed transaction, so a process
 * killed between puts loses nothing it had stored. Schema: docs/store.md.
 */
/** The store's SQLite page cache, KiB per connection (a quarter of SQLite's default; see Store.open). */
export const PAGE_CACHE_KIB = 512;

export class Store {
  readonly path: string;
  readonly db: Database.Database;
  readonly lockTimeoutMs: number;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly fullCtrl = new AbortController();
  /** the first "disk full" error, once the store ran out of space (the run then stops) */
  fullError: unknown;
  /** simulated disk size in pages (SLANT_STORE_MAX_PAGES, fault injection), else undefined */
  private readonly pageLimit: number | undefined;

  private constructor(db: Database.Database, path: string, lockTimeoutMs: number, pageLimit: number | undefined) {
    this.db = db;
    this.path = path;
    this.lockTimeoutMs = lockTimeoutMs;
    this.pageLimit = pageLimit;
  }

  /** Aborted when the disk holding the store is full: stop starting new work. */
  get fullSignal(): AbortSignal {
    return this.fullCtrl.signal;
  }

  /**
   * Run a write. On "disk full" the first time: delete the reserve file (freeing its space), mark
   * the store full (fullSignal aborts, so the run stops starting work) and retry once, so the
   * answers in hand are kept.
   */
  guard<T>(write: () => T): T {
    try {
      return write();
    } catch (err) {
      if (!isStoreFull(err)) throw err;
      const freed = this.fullError === undefined && this.releaseReserve();
      this.fullError ??= err;
      if (!this.fullCtrl.signal.aborted) this.fullCtrl.abort(err);
      if (!freed) throw err;
      return write();
    }
  }

  private releaseReserve(): boolean {
    if (this.path === ':memory:') return false;
    const reserve = `${this.path}.reserve`;
    if (!existsSync(reserve)) return false;
    rmSync(reserve, { force: true });
    if (this.pageLimit !== undefined) {
      const pageSize = this.db.pragma('page_size', { simple: true }) as number;
      this.db.pragma(`max_page_count = ${this.pageLimit + Math.ceil(RESERVE_BYTES / pageSize)}`);
    }
    return true;
  }

  /**
   * Open (creating file and parent directories if needed) and migrate. `:memory:` works too.
   * `readOnly`: for commands that only read (runs, report, compare, cache stats, view), so a store
   * on a read-only mount, or a file the user may not write, can still be read; see openReadOnly.
   */
  static open(path: string = DEFAULT_STORE_PATH, opts: { readOnly?: boolean } = {}): Store {
    if (opts.readOnly === true && path !== ':memory:') return Store.openReadOnly(path);
    let db: Database.Database | undefined;
    const lockTimeoutMs = envInt('SLANT_STORE_LOCK_TIMEOUT_MS') ?? DEFAULT_LOCK_TIMEOUT_MS;
    const pageLimit = envInt('SLANT_STORE_MAX_PAGES');
    try {
      if (path !== ':memory:') ensureDir(dirname(path));
      db = new Database(path);
      db.pragma(`busy_timeout = ${lockTimeoutMs}`);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // The WAL is copied into the database every WAL_CHECKPOINT_PAGES pages (SQLite's default is
      // 1,000): a run's commits rewrite the same table and index pages, and each checkpoint copied
      // them again (a third of the commits' CPU at 5,000 requests, bench:cli-runner). A committed
      // transaction is as safe in the WAL as in the database file; the WAL grows to ~16 MiB.
      db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
      db.pragma('foreign_keys = ON');
      // A small page cache (512 KiB; SQLite's default is 2 MiB, better-sqlite3 builds with 16 MiB),
      // which a run storing its long records as read filled with pages it never reads again
      // (bench:measure's peak memory, ~3 MiB less than with 2 MiB). Reads of a large run
      // come from the OS file cache (bench:report unchanged within this machine's noise).
      db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
      if (pageLimit !== undefined) db.pragma(`max_page_count = ${pageLimit}`);
      migrate(db, path);
      if (path !== ':memory:') keepReserve(`${path}.reserve`);
      return new Store(db, path, lockTimeoutMs, pageLimit);
    } catch (err) {
      db?.close();
      if (err instanceof UserError) throw err;
      throw storeProblem(err, path, { lockTimeoutMs }) ?? new UserError(`cannot open run store ${path}: ${(err as Error).message}`, { cause: err });
    }
  }

  /**
   * Open an existing store without writing anything: no folder or reserve file is made, the
   * journal mode is left as it is and nothing is migrated. A store of an older schema is
   * migrated by a writable open when that is possible (reading it as it is would miss columns),
   * else refused with what to do. A write through this store fails as SQLITE_READONLY (storeProblem).
   */
  private static openReadOnly(path: string): Store {
    const lockTimeoutMs = envInt('SLANT_STORE_LOCK_TIMEOUT_MS') ?? DEFAULT_LOCK_TIMEOUT_MS;
    let db: Database.Database | undefined;
    try {
      db = openForReading(path);
      db.pragma(`busy_timeout = ${lockTimeoutMs}`);
      db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version !== SCHEMA_VERSION) {
        db.close();
        db = undefined;
        if (version > SCHEMA_VERSION) throw new UserError(`run store ${path} has schema version ${version}, but this slant knows only up to ${SCHEMA_VERSION}`, { hint: 'upgrade slant, or point --store at another file' });
        try {
          return Store.open(path);
        } catch (err) {
          throw new UserError(`run store ${path} has the older schema version ${version} (this slant reads ${SCHEMA_VERSION}) and cannot be upgraded here: it is read-only`, {
            cause: err,
            hint: 'run any slant command on it once where it can be written (a writable copy works too), then read it here',
          });
        }
      }
      return new Store(db, path, lockTimeoutMs, undefined);
    } catch (err) {
      db?.close();
      if (err instanceof UserError) throw err;
      throw storeProblem(err, path, { lockTimeoutMs }) ?? new UserError(`cannot open run store ${path}: ${(err as Error).message}`, { cause: err });
    }
  }

  close(): void {
    // cache rows still waiting for their transaction are committed first
    if (this.db.open && this.cacheQueue.length > 0) this.commitCacheRows(this.takeCacheQueue());
    this.statements.clear();
    if (this.db.open) this.db.close();
  }

  /** A prepared statement, cached by its SQL text (for the runtime modules built on the store). */
  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Run `fn` in one transaction (nested calls become savepoints). `fn` must be synchronous. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // each statement as written once for both databases (src/runtime/store-sql.ts)
  private get<R>(q: Sql): R | undefined {
    return this.statement(q.sql).get(...q.params) as R | undefined;
  }

  private all<R>(q: Sql): R[] {
    return this.statement(q.sql).all(...q.params) as R[];
  }

  /** Run a write; the number of rows it changed. */
  private change(q: Sql): number {
    return this.statement(q.sql).run(...q.params).changes;
  }

  /** The config JSON is stored redacted (src/core/redact.ts). */
  createRun(input: { configJson: string; configHash: string; label?: string }): RunRow {
    return this.guard(() => {
      const now = new Date();
      const at = now.toISOString();
      for (let attempt = 0; ; attempt++) {
        const id = newRunId(now);
        if (this.change(createRunSql(id, at, input)) === 1) return this.getRun(id) as RunRow;
        if (attempt > 20) throw new Error('could not allocate a unique run id');
      }
    });
  }

  getRun(id: string): RunRow | undefined {
    const r = this.get<RawRun>(getRunSql(id));
    return r === undefined ? undefined : toRun(r);
  }

  /** The most recently created run, optionally only among runs with one of the given statuses. */
  latestRun(filter: { status?: string[] } = {}): RunRow | undefined {
    const r = this.get<RawRun>(latestRunSql(filter.status ?? []));
    return r === undefined ? undefined : toRun(r);
  }

  /** Newest first. */
  listRuns(limit = 50): RunRow[] {
    return this.all<RawRun>(listRunsSql(limit)).map(toRun);
  }

  /** Set status (and summary, when given). Throws if the run does not exist. */
  setRunStatus(id: string, status: RunStatus, summary?: unknown): void {
    this.guard(() => {
      if (this.change(setRunStatusSql(id, status, summary)) === 0) throw noRun(id);
    });
  }

  /** Deletes the run and everything stored under it. Returns false if there was no such run. */
  deleteRun(id: string): boolean {
    return this.guard(() => this.change(deleteRunSql(id)) > 0);
  }

  upsertCell(runId: string, cell: CellInput): void {
    this.guard(() => this.change(upsertCellSql(runId, cell)));
  }

  /** In the order the cells were first added. */
  listCells(runId: string): CellRow[] {
    return this.all<RawCell>(listCellsSql(runId)).map(toCell);
  }

  setCellStatus(runId: string, cellKey: string, status: CellStatus): void {
    this.guard(() => {
      if (this.change(setCellStatusSql(runId, cellKey, status)) === 0) throw noCell(runId, cellKey);
    });
  }

  putOutput(runId: string, cellKey: string, recordId: string, output: unknown): void {
    this.guard(() => this.change(putRecordSql('output', runId, cellKey, recordId, output)));
  }

  getOutput(runId: string, cellKey: string, recordId: string): unknown {
    return jsonOf(this.get(getRecordSql('output', runId, cellKey, recordId)));
  }

  /** All outputs of a cell, in the order records were first stored. */
  getOutputs(runId: string, cellKey: string): { recordId: string; output: unknown }[] {
    return outputsOf(this.all(getRecordsSql('output', runId, cellKey)));
  }

  /** The outputs of a cell stored for the records `ids`, in no particular order. */
  getOutputsAmong(runId: string, cellKey: string, ids: readonly string[]): { recordId: string; output: unknown }[] {
    return ids.length === 0 ? [] : outputsOf(this.all(outputsAmongSql(SQLITE, runId, cellKey, ids)));
  }

  /** Idempotent: storing a record again replaces its measurement but keeps its position. */
  putItem(runId: string, cellKey: string, recordId: string, measurement: unknown): void {
    this.guard(() => this.change(putRecordSql('item', runId, cellKey, recordId, measurement)));
  }

  /** Number of item measurements stored for a run (all its cells). */
  countItems(runId: string): number {
    return (this.get<{ n: number }>(countItemsSql(runId)) as { n: number }).n;
  }

  countCutAnswers(runId: string, outputKey: string, cellKey: string): number {
    return (this.get<{ n: number }>(cutAnswersSql(SQLITE, runId, outputKey, cellKey)) as { n: number }).n;
  }

  /** Measurements of a cell, in the order records were first stored. */
  getItems(runId: string, cellKey: string): { recordId: string; measurement: unknown }[] {
    return measurementsOf(this.all(getRecordsSql('item', runId, cellKey)));
  }

  /**
   * One page of a cell's measurements in the order first stored (as getItems): the rows after
   * position `after` (0: from the start), at most `limit`. `next` is the position to pass for the
   * page after this one; aggregation and the report read a large cell page by page this way, so
   * their memory does not grow with the run.
   */
  itemsPage(runId: string, cellKey: string, after: number, limit: number): { next: number; rows: { recordId: string; measurement: unknown }[] } {
    return itemsPageOf(this.all(itemsPageSql(runId, cellKey, after, limit)), after);
  }

  itemsByIdPage(runId: string, cellKey: string, after: string | undefined, limit: number): { recordId: string; measurement: unknown }[] {
    return measurementsOf(this.all(itemsByIdPageSql(SQLITE, runId, cellKey, after, limit)));
  }

  /** Every stored output of a run (record fields, generations), in the order first stored. */
  listRunOutputs(runId: string): { cellKey: string; recordId: string; output: unknown }[] {
    return runOutputsOf(this.all(listRunOutputsSql(runId)));
  }

  // annotation studies (migration v5): the statements of src/runtime/annotation-sql.ts
  createStudyRows(s: StudyInsert): void {
    this.transaction(() => {
      for (const q of studyInserts(s)) this.change(q);
    });
  }

  studyRows(id?: string, latestOnly = false): StudyDbRow[] {
    return this.all(studiesSql(id, latestOnly));
  }

  studyItemRows(studyId: string, itemId?: string): StudyItemDbRow[] {
    return this.all(studyItemsSql(studyId, itemId));
  }

  annotatorRows(studyId: string): { id: string; tokenHash: string }[] {
    return this.all(annotatorsSql(studyId));
  }

  setTokenHashes(studyId: string, rows: readonly { annotator: string; tokenHash: string }[]): void {
    this.transaction(() => {
      for (const r of rows) this.change({ sql: SET_TOKEN_HASH, params: [r.tokenHash, studyId, r.annotator] });
    });
  }

  assignmentRows(studyId: string, f: { annotator?: string; item?: string; position?: number } = {}): AssignmentDbRow[] {
    return this.all(assignmentsSql(studyId, f));
  }

  nextAssignmentRow(studyId: string, annotator: string): { next: AssignmentDbRow | undefined; done: number; total: number } {
    const counts = this.get<{ done: number; total: number }>(annotatorCountsSql(studyId, annotator)) ?? { done: 0, total: 0 };
    return { next: this.get<AssignmentDbRow>(nextAssignmentSql(studyId, annotator)), done: counts.done, total: counts.total };
  }

  putAnswer(studyId: string, a: AnswerDbInput, at: string): void {
    this.change(putAnswerSql(studyId, a, at));
  }

  answerRows(studyId: string, f: { annotator?: string; item?: string } = {}): AnswerDbRow[] {
    return this.all(answersSql(studyId, f));
  }

  studyProgress(studyId: string): AnnotatorProgressRow[] {
    return this.all(studyProgressSql(studyId));
  }

  /** One record's measurement in a cell, or undefined. */
  getItem(runId: string, cellKey: string, recordId: string): unknown {
    return jsonOf(this.get(getRecordSql('item', runId, cellKey, recordId)));
  }

  /** Record ids whose stored output under one of `cellKeys` holds `needle` (lower case) in its lower-cased JSON text. */
  searchOutputs(runId: string, cellKeys: readonly string[], needle: string): string[] {
    if (cellKeys.length === 0) return [];
    return this.all<{ record_id: string }>(searchOutputsSql(SQLITE, runId, cellKeys, needle)).map((r) => r.record_id);
  }

  /** Measurements of a cell whose lower-cased JSON text holds `needle` (lower case), in first-stored order. */
  searchItems(runId: string, cellKey: string, needle: string): { recordId: string; measurement: unknown }[] {
    return measurementsOf(this.all(searchItemsSql(SQLITE, runId, cellKey, needle)));
  }

  /**
   * Records of a cell that are done: measured, or recorded as an invalid model output (what a
   * resumed run skips).
   */
  completedRecordIds(runId: string, cellKey: string, among?: readonly string[]): Set<string> {
    return idsAmong(this.all<{ record_id: string }>(completedRecordIdsSql(SQLITE, runId, cellKey, among)).map((r) => r.record_id), among);
  }

  /** What one item's output cost (idempotent per key and record: a re-measured item replaces it). */
  putCost(runId: string, key: string, recordId: string, cost: ItemCost): void {
    this.guard(() => this.change(putCostSql(runId, key, recordId, cost)));
  }

  /** Costs stored under `key`, by record id. */
  getCosts(runId: string, key: string): Map<string, ItemCost> {
    return costsOf(this.all(getCostsSql(runId, key)));
  }

  costsByIdPage(runId: string, key: string, after: string | undefined, limit: number): { recordId: string; cost: ItemCost }[] {
    return costRowsOf(this.all(costsByIdPageSql(SQLITE, runId, key, after, limit)));
  }

  /** A model output that could not be measured (empty, unusable): kept with its reason, counted per cell. */
  putInvalidOutput(runId: string, cellKey: string, recordId: string, reason: string, output?: unknown): void {
    this.guard(() => this.change(putInvalidOutputSql(runId, cellKey, recordId, reason, output)));
  }

  /** Invalid outputs of a cell, in the order they were stored. */
  getInvalidOutputs(runId: string, cellKey: string): { recordId: string; reason: string }[] {
    return invalidOutputsOf(this.all(getInvalidOutputsSql(runId, cellKey)));
  }

  /**
   * The run's final results (stored before the report files are written), for `slant report`: kept
   * as the exact JSON text of results.json (NaN and ±Infinity become null, as in the file).
   */
  putRunResults(runId: string, results: unknown): void {
    const w = runResultsWrites(runId, results);
    this.guard(() => this.transaction(() => this.putWithLists(w, putRunResultsSql(runId, w))));
  }

  getRunResults(runId: string): unknown {
    return runResultsOf(runId, this.get(getRunResultsSql(runId)));
  }

  putResult(runId: string, cellKey: string, result: unknown): void {
    const w = resultWritesOf(runId, cellKey, result);
    this.guard(() => this.transaction(() => this.putWithLists(w, putResultSql(runId, cellKey, w))));
  }

  /** A result's long lists, part by part (each part made as it is written), then its row. */
  private putWithLists(w: ResultWrites, row: Sql): void {
    for (const q of w.parts()) this.change(q);
    this.change(row);
  }

  getResults(runId: string): { cellKey: string; result: unknown }[] {
    return resultsOf(runId, this.all(getResultsSql(runId)));
  }

  resultListPage(runId: string, owner: string, list: number, from: number, limit: number): ListPage {
    return listPageOf(owner, this.all(listPartsSql(runId, owner, list, from, limit)), from);
  }

  cacheGet(key: string): CacheRow | undefined {
    return this.guard(() => this.get<CacheRow>(cacheGetSql(key)));
  }

  cachePut(key: string, e: CacheEntry): void {
    this.guard(() => this.change(cachePutSql(key, e)));
  }

  /** Cache rows put by cachePutSoon, waiting for the store's next transaction. */
  private cacheQueue: { q: Sql; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private cacheFlush: NodeJS.Immediate | undefined;

  /**
   * cachePut with the store's next transaction (what the run's request cache uses): the next
   * putWrites (the group commit of the answers that arrived, src/pipeline/item-writer.ts) takes it
   * in, or, when none comes before the event loop's next check phase, one transaction of the cache
   * rows queued by then. Settles once the row is committed, so a cached answer is still stored
   * before it is returned; answers arriving together share a commit instead of one commit each.
   */
  cachePutSoon(key: string, e: CacheEntry): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.cacheQueue.push({ q: cachePutSql(key, e), resolve, reject });
      this.cacheFlush ??= setImmediate(() => {
        this.cacheFlush = undefined;
        if (this.db.open) this.commitCacheRows(this.takeCacheQueue());
      });
    });
  }

  private takeCacheQueue(): typeof this.cacheQueue {
    const rows = this.cacheQueue;
    this.cacheQueue = [];
    return rows;
  }

  /** The queued cache rows in one transaction of their own, each settled with the outcome. */
  private commitCacheRows(rows: typeof this.cacheQueue): void {
    if (rows.length === 0) return;
    try {
      this.putCacheRows(rows);
    } catch (err) {
      for (const r of rows) r.reject(err);
      return;
    }
    for (const r of rows) r.resolve();
  }

  private putCacheRows(rows: typeof this.cacheQueue): void {
    const commit = (): void => {
      for (const r of rows) this.guard(() => this.change(r.q));
    };
    if (rows.length === 1) return commit();
    this.commitTogether(commit);
  }

  cacheStats(): CacheStatsRow {
    return { ...(this.get(CACHE_TOTALS_SQL) as Omit<CacheStatsRow, 'byProvider'>), byProvider: this.all(CACHE_BY_MODEL_SQL) };
  }

  /** Batch API batches in flight (src/models/openai/batch.ts): one JSON value per key. */
  batchStateGet(key: string): string | undefined {
    return this.get<{ value_json: string }>(batchStateGetSql(key))?.value_json;
  }

  batchStateSet(key: string, value: string): void {
    this.change(batchStateSetSql(key, value));
  }

  batchStateDelete(key: string): void {
    this.change(batchStateDeleteSql(key));
  }

  /** The keys that start with `prefix` (compared as text, so no LIKE wildcards apply). */
  batchStateKeys(prefix: string): string[] {
    return this.all<{ key: string }>(batchStateKeysSql(prefix)).map((r) => r.key);
  }

  /** Delete cache entries (all, one provider's, or those created before `cutoff`). Returns the count. */
  cacheClear(filter: { provider?: string; cutoff?: string }): number {
    return this.change(cacheClearSql(filter));
  }

  /**
   * In one write transaction: read the run's lease row, ask `decide` (undefined: take it), and if
   * so write ours. Returns what `decide` returned (src/runtime/run-lease.ts). With `sameConfig`,
   * the leases of the store's other runs with this run's config hash are asked about first (a
   * second process started on the same config at once: SQLite has no request claims, so it is
   * refused, or waits, instead of paying for the same requests in parallel).
   */
  takeLease<H>(runId: string, token: string, decide: (row: LeaseRow | undefined) => H | undefined, opts: { sameConfig?: boolean } = {}): H | undefined {
    return this.db
      .transaction((): H | undefined => {
        if (opts.sameConfig === true) {
          for (const other of this.all<LeaseRow>(sameConfigLeasesSql(runId))) {
            const held = decide(other);
            if (held !== undefined) return held;
          }
        }
        const held = decide(this.get<LeaseRow>(leaseSql(runId)));
        if (held !== undefined) return held;
        this.change(writeLeaseSql(runId, token));
        return undefined;
      })
      .immediate();
  }

  /** Refresh the lease's heartbeat; false when the lease is no longer this token's (taken over). */
  beatLease(runId: string, token: string): boolean {
    return this.change(beatLeaseSql(runId, token)) > 0;
  }

  releaseLease(runId: string, token: string): void {
    this.change(releaseLeaseSql(runId, token));
  }

  /** Judge accuracy cards (src/runtime/judge-cards.ts): a newer card replaces an older one. */
  putJudgeCard(key: JudgeCardKey, cardJson: string): void {
    this.change(putJudgeCardSql(key, cardJson));
  }

  /** Every stored judge card (a run's aggregation reads them all once). */
  listJudgeCards(): (JudgeCardKey & { cardJson: string })[] {
    return this.all(LIST_JUDGE_CARDS_SQL);
  }

  getJudgeCard(key: JudgeCardKey): string | undefined {
    return this.get<{ card_json: string }>(getJudgeCardSql(key))?.card_json;
  }

  /**
   * Commit several writes (outputs, item measurements, costs) in one transaction, in order
   * (src/pipeline/item-writer.ts). If the disk fills inside it, SQLite rolls the transaction back
   * while `guard` frees the reserve: the writes are then committed again one at a time (upserts,
   * each guarded), so every answer received is kept while there is room.
   */
  putWrites(runId: string, writes: readonly StoreWrite[]): void {
    // the request-cache rows waiting (cachePutSoon) go in the same transaction
    const cached = this.takeCacheQueue();
    try {
      this.putWritesWith(runId, writes, cached);
    } catch (err) {
      // the cache rows are not what failed (or a full disk failed them too): committed on their own
      this.commitCacheRows(cached);
      throw err;
    }
    for (const r of cached) r.resolve();
  }

  private putWritesWith(runId: string, writes: readonly StoreWrite[], cached: typeof this.cacheQueue): void {
    // the rows committed together share their time (one clock read per transaction)
    const at = new Date().toISOString();
    const commit = (): void => {
      for (const r of cached) this.guard(() => this.change(r.q));
      for (const w of writes) {
        if (w.kind === 'cost') this.guard(() => this.change(putCostSql(runId, w.cellKey, w.recordId, w.value as ItemCost, at)));
        else this.guard(() => this.change(putRecordSql(w.kind === 'item' ? 'item' : 'output', runId, w.cellKey, w.recordId, w.value, at)));
      }
    };
    if (writes.length + cached.length <= 1) return commit();
    this.commitTogether(commit);
  }

  /**
   * Run `commit` (guarded upserts) in one transaction. When the disk fills inside it, SQLite may
   * roll the whole transaction back on its own; `guard` then frees the reserve and the remaining
   * writes land outside any transaction, so the final COMMIT fails with "no transaction is
   * active". Either way the writes are redone one at a time (upserts, each guarded), so every
   * answer received is kept while there is room.
   */
  private commitTogether(commit: () => void): void {
    const fullBefore = this.fullError;
    try {
      this.transaction(commit);
    } catch (err) {
      // only a full disk (this transaction's, or again) is retried; any other error is the caller's
      if (this.fullError === undefined || (this.fullError === fullBefore && !isStoreFull(err))) throw err;
      commit();
    }
  }

  /** The record ids with a stored output under `cellKey` (one query, instead of a lookup per record that finds nothing in a fresh run). */
  outputRecordIds(runId: string, cellKey: string, among?: readonly string[]): Set<string> {
    return idsAmong(this.all<{ record_id: string }>(outputRecordIdsSql(SQLITE, runId, cellKey, among)).map((r) => r.record_id), among);
  }

  /** Commit several item measurements in one transaction (src/pipeline/item-writer.ts). */
  putItems(runId: string, items: readonly { cellKey: string; recordId: string; measurement: unknown }[]): void {
    this.commitTogether(() => {
      for (const p of items) this.putItem(runId, p.cellKey, p.recordId, p.measurement);
    });
  }
}

/** An answer as the request cache stores it. */
export interface CacheEntry {
  provider: string;
  model: string;
  requestJson: string;
  responseJson: string;
}

/** A request-cache row as stored. */
export interface CacheRow {
  provider: string;
  model: string;
  request_json: string;
  response_json: string;
  created_at: string;
  hits: number;
}

export interface CacheStatsRow {
  entries: number;
  hits: number;
  /** bytes of stored request and response JSON */
  bytes: number;
  byProvider: { provider: string; model: string; entries: number; hits: number }[];
}

/** A run's lease row (src/runtime/run-lease.ts). */
export interface LeaseRow {
  run_id: string;
  token: string;
  pid: number;
  host: string;
  since: string;
  heartbeat_at: string;
}

export interface JudgeCardKey {
  task: string;
  judge: string;
  version: string;
}


/** Create the store's directory; a fresh `.slant/` gets a .gitignore so the cache is never committed. */
function ensureDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  if (basename(dir) === '.slant') writeFileSync(`${dir}/.gitignore`, '*\n');
}

/** Write the reserve file if it is missing (no space for it: no reserve, nothing else changes). */
function keepReserve(file: string): void {
  if (existsSync(file)) return;
  try {
    writeFileSync(file, Buffer.alloc(RESERVE_BYTES));
  } catch {
    rmSync(file, { force: true });
  }
}

function envInt(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
