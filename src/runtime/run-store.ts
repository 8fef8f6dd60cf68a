import type { CacheRow, CacheStatsRow, CellInput, CellRow, CellStatus, ItemCost, JudgeCardKey, LeaseRow, RunRow, RunStatus } from './store.js';

/**
 * The run store as the pipeline, the request cache, the run lease and the workers see it: every
 * method returns a Promise, so a network store (PostgreSQL, src/runtime/pg-store.ts) never blocks
 * the event loop. Two implementations: SQLite (the embedded default, src/runtime/sqlite-run-store.ts,
 * a thin async face over the synchronous `Store`) and PostgreSQL. One test suite runs against both
 * (test/runtime/run-store.test.ts). docs/architecture.md says why.
 */
export interface RunStore {
  readonly kind: 'sqlite' | 'postgres';
  /** where it is, for messages: a file path, or the URL without any password */
  readonly location: string;
  /** aborted when the store cannot take more writes (SQLite: disk full) */
  readonly fullSignal: AbortSignal;
  /** the first "disk full" error, once the store ran out of space */
  readonly fullError: unknown;
  /** SQLite: how long a write waits for another program's lock */
  readonly lockTimeoutMs?: number;
  close(): Promise<void>;

  createRun(input: { configJson: string; configHash: string; label?: string }): Promise<RunRow>;
  getRun(id: string): Promise<RunRow | undefined>;
  latestRun(filter?: { status?: string[] }): Promise<RunRow | undefined>;
  listRuns(limit?: number): Promise<RunRow[]>;
  setRunStatus(id: string, status: RunStatus, summary?: unknown): Promise<void>;
  deleteRun(id: string): Promise<boolean>;

  upsertCell(runId: string, cell: CellInput): Promise<void>;
  listCells(runId: string): Promise<CellRow[]>;
  setCellStatus(runId: string, cellKey: string, status: CellStatus): Promise<void>;

  putOutput(runId: string, cellKey: string, recordId: string, output: unknown): Promise<void>;
  getOutput(runId: string, cellKey: string, recordId: string): Promise<unknown>;
  getOutputs(runId: string, cellKey: string): Promise<{ recordId: string; output: unknown }[]>;

  putItem(runId: string, cellKey: string, recordId: string, measurement: unknown): Promise<void>;
  putItems(runId: string, items: readonly { cellKey: string; recordId: string; measurement: unknown }[]): Promise<void>;
  countItems(runId: string): Promise<number>;
  getItems(runId: string, cellKey: string): Promise<{ recordId: string; measurement: unknown }[]>;
  completedRecordIds(runId: string, cellKey: string): Promise<Set<string>>;

  putCost(runId: string, key: string, recordId: string, cost: ItemCost): Promise<void>;
  getCosts(runId: string, key: string): Promise<Map<string, ItemCost>>;
  putInvalidOutput(runId: string, cellKey: string, recordId: string, reason: string, output?: unknown): Promise<void>;
  getInvalidOutputs(runId: string, cellKey: string): Promise<{ recordId: string; reason: string }[]>;

  putRunResults(runId: string, results: unknown): Promise<void>;
  getRunResults(runId: string): Promise<unknown>;
  putResult(runId: string, cellKey: string, result: unknown): Promise<void>;
  getResults(runId: string): Promise<{ cellKey: string; result: unknown }[]>;

  cacheGet(key: string): Promise<CacheRow | undefined>;
  /** cacheGet answered synchronously, where the store can without waiting (SQLite: the scheduler's slot check) */
  cacheGetNow?(key: string): CacheRow | undefined;
  cachePut(key: string, e: { provider: string; model: string; requestJson: string; responseJson: string }): Promise<void>;
  cacheStats(): Promise<CacheStatsRow>;
  cacheClear(filter: { provider?: string; cutoff?: string }): Promise<number>;

  takeLease<H>(runId: string, token: string, decide: (row: LeaseRow | undefined) => H | undefined): Promise<H | undefined>;
  beatLease(runId: string, token: string): Promise<void>;
  releaseLease(runId: string, token: string): Promise<void>;

  putJudgeCard(key: JudgeCardKey, cardJson: string): Promise<void>;

  /**
   * A shared store's in-flight claim on a request (src/runtime/pg-store.ts): true when this process
   * may send it. Absent on SQLite, where the request cache's slot check does that job.
   */
  claimRequest?(key: string): Promise<{ claimed: boolean; cached?: CacheRow }>;
  releaseRequest?(key: string): Promise<void>;
  /** cachePut that also drops this process's claim on the key (one round trip) */
  cachePutReleasing?(key: string, e: { provider: string; model: string; requestJson: string; responseJson: string }): Promise<void>;
  getJudgeCard(key: JudgeCardKey): Promise<string | undefined>;
  listJudgeCards(): Promise<(JudgeCardKey & { cardJson: string })[]>;
}
