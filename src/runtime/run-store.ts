import type { AnnotatorProgressRow, AnswerDbInput, AnswerDbRow, AssignmentDbRow, StudyDbRow, StudyInsert, StudyItemDbRow } from './annotation-sql.js';
import type { ListReader } from './stored-lists.js';
import type { CacheEntry, CacheRow, CacheStatsRow, CellInput, CellRow, CellStatus, ItemCost, JudgeCardKey, LeaseRow, RunRow, RunStatus, StoreWrite } from './store.js';

/**
 * The run store as the pipeline, the request cache, the run lease and the workers see it: every
 * method returns a Promise, so a network store (PostgreSQL, src/runtime/pg-store.ts) never blocks
 * the event loop. Two implementations: SQLite (the embedded default, src/runtime/sqlite-run-store.ts,
 * a thin async face over the synchronous `Store`) and PostgreSQL; their statements are written once
 * (src/runtime/store-sql.ts). One test suite runs against both (test/runtime/run-store.test.ts).
 *
 * Split by concern: a caller takes the parts it uses (the report reads runs and items, the request
 * cache needs only the cache, a lease only the leases); `RunStore` is all of them, for the few
 * that open, run or serve a whole store. docs/architecture.md says why.
 */

/** What every part shares: which store it is, and how it ends. */
export interface StoreHandle {
  readonly kind: 'sqlite' | 'postgres';
  /** where it is, for messages: a file path, or the URL without any password */
  readonly location: string;
  close(): Promise<void>;
}

/** Runs, their cells and their results. */
export interface RunsStore {
  createRun(input: { configJson: string; configHash: string; label?: string }): Promise<RunRow>;
  getRun(id: string): Promise<RunRow | undefined>;
  latestRun(filter?: { status?: string[] }): Promise<RunRow | undefined>;
  listRuns(limit?: number): Promise<RunRow[]>;
  setRunStatus(id: string, status: RunStatus, summary?: unknown): Promise<void>;
  deleteRun(id: string): Promise<boolean>;

  upsertCell(runId: string, cell: CellInput): Promise<void>;
  listCells(runId: string): Promise<CellRow[]>;
  setCellStatus(runId: string, cellKey: string, status: CellStatus): Promise<void>;

  putRunResults(runId: string, results: unknown): Promise<void>;
  getRunResults(runId: string): Promise<unknown>;
  putResult(runId: string, cellKey: string, result: unknown): Promise<void>;
  getResults(runId: string): Promise<{ cellKey: string; result: unknown }[]>;
}

/** What a run stored per record, read back: outputs (records as read, generations), item measurements, costs, invalid outputs (keys: src/pipeline/store-keys.ts). */
export interface ItemsReader extends ListReader {
  getOutput(runId: string, cellKey: string, recordId: string): Promise<unknown>;
  getOutputs(runId: string, cellKey: string): Promise<{ recordId: string; output: unknown }[]>;
  /** The outputs of a cell stored for the records `ids` (in no particular order; one query): a batch of a cell's outputs without reading the whole cell. */
  getOutputsAmong(runId: string, cellKey: string, ids: readonly string[]): Promise<{ recordId: string; output: unknown }[]>;
  /** The record ids with a stored output under `cellKey` (one query), of those in `among` when given. */
  outputRecordIds(runId: string, cellKey: string, among?: readonly string[]): Promise<Set<string>>;
  countItems(runId: string): Promise<number>;
  /** How many items of `cellKey` read an answer stored under `outputKey` cut at the token limit (finishReason "length", not recorded invalid). */
  countCutAnswers(runId: string, outputKey: string, cellKey: string): Promise<number>;
  getItems(runId: string, cellKey: string): Promise<{ recordId: string; measurement: unknown }[]>;
  /** One page of a cell's measurements in getItems' order: rows after position `after` (0: the first page), at most `limit`; `next` continues. */
  itemsPage(runId: string, cellKey: string, after: number, limit: number): Promise<{ next: number; rows: { recordId: string; measurement: unknown }[] }>;
  /** One page of a cell's measurements in record-id order (code points): rows whose id follows `after` (undefined: the first page), at most `limit`. */
  itemsByIdPage(runId: string, cellKey: string, after: string | undefined, limit: number): Promise<{ recordId: string; measurement: unknown }[]>;
  /** Records of a cell that are done (measured, or an invalid model output recorded), of those in `among` when given. */
  completedRecordIds(runId: string, cellKey: string, among?: readonly string[]): Promise<Set<string>>;
  getItem(runId: string, cellKey: string, recordId: string): Promise<unknown>;
  /** Every stored output of a run (record fields, generations), in the order first stored. */
  listRunOutputs(runId: string): Promise<{ cellKey: string; recordId: string; output: unknown }[]>;
  /**
   * Text search for the report and the viewer: record ids whose stored output under one of
   * `cellKeys` holds `needle` (given lower case) in its lower-cased JSON text; and a cell's
   * measurements whose JSON text does. Case folding is the database's lower() (SQLite: ASCII only).
   */
  searchOutputs(runId: string, cellKeys: readonly string[], needle: string): Promise<string[]>;
  searchItems(runId: string, cellKey: string, needle: string): Promise<{ recordId: string; measurement: unknown }[]>;
  getCosts(runId: string, key: string): Promise<Map<string, ItemCost>>;
  /** One page of the costs under `key` in record-id order (code points): rows whose id follows `after` (undefined: the first page), at most `limit`. */
  costsByIdPage(runId: string, key: string, after: string | undefined, limit: number): Promise<{ recordId: string; cost: ItemCost }[]>;
  getInvalidOutputs(runId: string, cellKey: string): Promise<{ recordId: string; reason: string }[]>;
}

/** What a run stores per record, and reads back. */
export interface ItemsStore extends ItemsReader {
  /** aborted when the store cannot take more writes (SQLite: disk full) */
  readonly fullSignal: AbortSignal;
  /** the first "disk full" error, once the store ran out of space */
  readonly fullError: unknown;
  putOutput(runId: string, cellKey: string, recordId: string, output: unknown): Promise<void>;
  putItem(runId: string, cellKey: string, recordId: string, measurement: unknown): Promise<void>;
  putItems(runId: string, items: readonly { cellKey: string; recordId: string; measurement: unknown }[]): Promise<void>;
  /** Several writes (outputs, items, costs) committed in one transaction, in order: all or none (src/pipeline/item-writer.ts). */
  putWrites(runId: string, writes: readonly StoreWrite[]): Promise<void>;
  putCost(runId: string, key: string, recordId: string, cost: ItemCost): Promise<void>;
  putInvalidOutput(runId: string, cellKey: string, recordId: string, reason: string, output?: unknown): Promise<void>;
}

/** The request cache's table, shared by every run of the store (src/runtime/cache.ts). */
export interface CacheStore {
  readonly kind: StoreHandle['kind'];
  cacheGet(key: string): Promise<CacheRow | undefined>;
  /** cacheGet answered synchronously, where the store can without waiting (SQLite: the scheduler's slot check) */
  cacheGetNow?(key: string): CacheRow | undefined;
  cachePut(key: string, e: CacheEntry): Promise<void>;
  cacheStats(): Promise<CacheStatsRow>;
  cacheClear(filter: { provider?: string; cutoff?: string }): Promise<number>;
  /**
   * A shared store's in-flight claim on a request (src/runtime/pg-store.ts): true when this process
   * may send it. Absent on SQLite, where the request cache's slot check does that job.
   */
  claimRequest?(key: string): Promise<{ claimed: boolean; cached?: CacheRow }>;
  releaseRequest?(key: string): Promise<void>;
  /** cachePut that also drops this process's claim on the key (one round trip) */
  cachePutReleasing?(key: string, e: CacheEntry): Promise<void>;
}

/** Batch API batches in flight (`batch_state`, src/models/openai/batch.ts): one JSON value per key. */
export interface BatchStore {
  batchStateGet(key: string): Promise<string | undefined>;
  batchStateSet(key: string, value: string): Promise<void>;
  batchStateDelete(key: string): Promise<void>;
  /** the keys that start with `prefix` */
  batchStateKeys(prefix: string): Promise<string[]>;
}

/** A run's lease: one process works on a run at a time (src/runtime/run-lease.ts). */
export interface LeaseStore {
  readonly kind: StoreHandle['kind'];
  readonly location: string;
  /** SQLite: how long a write waits for another program's lock */
  readonly lockTimeoutMs?: number;
  /** `sameConfig`: SQLite also asks about other runs' leases on the same config hash (src/runtime/store.ts) */
  takeLease<H>(runId: string, token: string, decide: (row: LeaseRow | undefined) => H | undefined, opts?: { sameConfig?: boolean }): Promise<H | undefined>;
  /** false when the lease is no longer this token's (another process took it over) */
  beatLease(runId: string, token: string): Promise<boolean>;
  releaseLease(runId: string, token: string): Promise<void>;
}

/** Judge accuracy cards (src/runtime/judge-cards.ts). */
export interface JudgeCardStore {
  putJudgeCard(key: JudgeCardKey, cardJson: string): Promise<void>;
  getJudgeCard(key: JudgeCardKey): Promise<string | undefined>;
  listJudgeCards(): Promise<(JudgeCardKey & { cardJson: string })[]>;
}

/** Annotation studies (migration v5), as rows; src/annotate/study-store.ts maps them. */
export interface StudyStore {
  /** A new study is one transaction. */
  createStudyRows(s: StudyInsert): Promise<void>;
  /** the named study, else every study newest first (only the newest with `latestOnly`) */
  studyRows(id?: string, latestOnly?: boolean): Promise<StudyDbRow[]>;
  studyItemRows(studyId: string, itemId?: string): Promise<StudyItemDbRow[]>;
  annotatorRows(studyId: string): Promise<{ id: string; tokenHash: string }[]>;
  setTokenHashes(studyId: string, rows: readonly { annotator: string; tokenHash: string }[]): Promise<void>;
  assignmentRows(studyId: string, filter?: { annotator?: string; item?: string; position?: number }): Promise<AssignmentDbRow[]>;
  nextAssignmentRow(studyId: string, annotator: string): Promise<{ next: AssignmentDbRow | undefined; done: number; total: number }>;
  /** one answer, committed at once; answering again replaces the value and counts a revision */
  putAnswer(studyId: string, answer: AnswerDbInput, at: string): Promise<void>;
  answerRows(studyId: string, filter?: { annotator?: string; item?: string }): Promise<AnswerDbRow[]>;
  studyProgress(studyId: string): Promise<AnnotatorProgressRow[]>;
}

/** What reading stored runs takes (the report, compare, the viewer, the annotation sources): runs, cells and results read, and the items. */
export interface RunReader extends ItemsReader, Pick<RunsStore, 'getRun' | 'latestRun' | 'listRuns' | 'listCells' | 'getResults' | 'getRunResults'> {
  readonly location: string;
}

/** The whole store: for the code that opens one and hands its parts on (the CLI, a run, a worker, the viewer). */
export interface RunStore extends StoreHandle, RunsStore, ItemsStore, CacheStore, BatchStore, LeaseStore, JudgeCardStore, StudyStore {}
