import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { annotatorCountsSql, annotatorsSql, answersSql, assignmentsSql, nextAssignmentSql, putAnswerSql, SET_TOKEN_HASH, studiesSql, studyInserts, studyItemsSql, studyProgressSql, type AnnotatorProgressRow, type AnswerDbInput, type AnswerDbRow, type AssignmentDbRow, type StudyDbRow, type StudyInsert, type StudyItemDbRow } from './annotation-sql.js';
import { migratePostgres } from './pg-schema.js';
import { checkedPostgresUrl } from './store-url.js';
import type { RunStore } from './run-store.js';
import { newRunId, type CacheEntry, type CacheRow, type CacheStatsRow, type CellInput, type CellRow, type CellStatus, type ItemCost, type JudgeCardKey, type LeaseRow, type RunRow, type RunStatus, type StoreWrite } from './store.js';
import {
  batchStateDeleteSql, batchStateGetSql, batchStateKeysSql, batchStateSetSql, beatLeaseSql, CACHE_BY_MODEL_SQL, CACHE_COLUMNS, CACHE_CONFLICT_SET, CACHE_TOTALS_SQL, cacheClearSql,
  cacheGetSql, cachePutSql, completedRecordIdsSql, COST_COLUMNS, COST_CONFLICT_SET, costRowsOf, costsByIdPageSql, costsOf, countItemsSql, cutAnswersSql, createRunSql, deleteRunSql, getCostsSql, getInvalidOutputsSql,
  getJudgeCardSql, getRecordSql, getRecordsSql, getResultsSql, getRunResultsSql, getRunSql, invalidOutputsOf, itemsByIdPageSql, itemsPageOf, itemsPageSql, jsonOf, latestRunSql, leaseSql, LIST_JUDGE_CARDS_SQL, listCellsSql,
  listRunOutputsSql, listRunsSql, measurementsOf, noCell, noRun, outputRecordIdsSql, outputsAmongSql, outputsOf, POSTGRES, putCostSql, putInvalidOutputSql, putItemsSql, putJudgeCardSql,
  putRecordSql, putResultSql, putRunResultsSql, resultWritesOf, runResultsWrites, RECORD_TABLES, recordConflictSet, recordJson, releaseLeaseSql, resultsOf, runOutputsOf, runResultsOf, searchItemsSql,
  searchOutputsSql, setCellStatusSql, setRunStatusSql, toCell, toRun, upsertCellSql, writeLeaseSql, type RawCell, type RawRun, type Sql,
} from './store-sql.js';
import { listPageOf, listPartsSql, type ListPage, type ResultWrites } from './stored-lists.js';
import { retryOnDeadlock, StatementBatcher } from './statement-batcher.js';

/** `?` placeholders (the SQLite store's style, kept so the two read alike) as PostgreSQL's `$1, $2, …`. */
function numbered(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

/**
 * The run store in PostgreSQL (`--store postgres://…`), shared by the machines of a distributed run:
 * the same tables and migrations as the SQLite store (src/runtime/pg-schema.ts), through a `pg`
 * connection pool; every call is a network round trip, never blocking the event loop.
 */
export class PgStore implements RunStore {
  readonly kind = 'postgres' as const;
  private readonly never = new AbortController();
  readonly fullError: unknown = undefined;

  private constructor(
    readonly pool: pg.Pool,
    readonly location: string,
    readonly url: string,
  ) {}

  get fullSignal(): AbortSignal {
    return this.never.signal;
  }

  /**
   * `keepConnections`: a long-lived process (`slant worker`) keeps its idle connections open instead
   * of closing them after 10 s idle, so a run arriving later does not pay for new ones (see warm()).
   */
  static async open(spec: string, opts: { max?: number; keepConnections?: boolean } = {}): Promise<PgStore> {
    const { url, shown } = checkedPostgresUrl(spec);
    const pool = new pg.Pool({ connectionString: url, max: opts.max ?? POOL_SIZE, application_name: 'slant', ...(opts.keepConnections === true ? { idleTimeoutMillis: 0 } : {}) });
    // an idle client's connection dropping (server restart) must not crash the process; the next query reports it
    pool.on('error', () => undefined);
    try {
      await migratePostgres(pool, shown);
    } catch (err) {
      await pool.end().catch(() => undefined);
      if (err instanceof UserError) throw err;
      throw new UserError(`cannot open the run store ${shown}: ${redact((err as Error).message)}`, {
        cause: err,
        hint: 'check that PostgreSQL is running there and that the user may connect (password: PGPASSWORD or ~/.pgpass)',
      });
    }
    return new PgStore(pool, shown, url);
  }

  /**
   * Open the pool's connections now (a worker, before it takes units): a new PostgreSQL connection
   * costs a backend process on the server and a handshake on both sides, better paid while idle
   * than while a unit is held.
   */
  async warm(): Promise<void> {
    const clients = await Promise.all(Array.from({ length: this.pool.options.max }, () => this.pool.connect()));
    for (const c of clients) c.release();
  }

  /**
   * Call \`fn\` on each NOTIFY on \`channel\` (a connection of its own, outside the pool). Best effort:
   * a notification lost with a dropped connection only means the caller's next poll finds the work.
   * Returns the function that stops listening.
   */
  async listen(channel: string, fn: (payload: string | undefined) => void): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'slant-listen' });
    client.on('error', () => undefined);
    client.on('notification', (n) => {
      if (n.channel === channel) fn(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => undefined);
      return async () => undefined;
    }
    return () => client.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.unregister().catch(() => undefined);
    await this.pool.end();
  }

  /** This process's id among the store's live processes (slant_workers): claims and units are held under it. */
  readonly ownerId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private beat: NodeJS.Timeout | undefined;
  private registering: Promise<void> | undefined;

  /**
   * Join the store's live processes with a heartbeat (every SLANT_WORKER_HEARTBEAT_MS, default 5 s).
   * A process whose heartbeat is older than SLANT_WORKER_STALE_MS (default 30 s) is taken for dead:
   * its request claims and its units go to others.
   */
  register(role: 'worker' | 'coordinator' | 'process', models: readonly string[] = [], slots = 0): Promise<void> {
    this.registering ??= (async () => {
      await this.query(
        `INSERT INTO slant_workers (id, role, host, pid, models_json, slots) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET role = excluded.role, models_json = excluded.models_json, slots = excluded.slots, heartbeat_at = now()`,
        [this.ownerId, role, hostname(), process.pid, JSON.stringify(models), slots],
      );
      this.beat = setInterval(() => {
        this.query('UPDATE slant_workers SET heartbeat_at = now() WHERE id = ?', [this.ownerId]).catch(() => undefined);
      }, heartbeatMs());
      this.beat.unref();
    })();
    return this.registering;
  }

  /** Leave the live processes (a clean stop): claims still held are dropped. */
  async unregister(): Promise<void> {
    if (this.registering === undefined) return;
    await this.registering.catch(() => undefined);
    if (this.beat !== undefined) clearInterval(this.beat);
    this.beat = undefined;
    this.registering = undefined;
    await this.query('DELETE FROM slant_cache_claims WHERE worker_id = ?', [this.ownerId]);
    await this.query('UPDATE slant_workers SET stopped_at = now() WHERE id = ?', [this.ownerId]);
  }

  /**
   * Claim a request (by its cache key) before sending it: true when this process may send it, false
   * while another live process has it in flight (its answer will appear in the cache); with the
   * answer (a cache hit, counted) when it is stored already, so a caller needs no cacheGet first. A claim held
   * by a process that stopped beating is taken over. Made in the database, so two machines never
   * pay twice for the same request.
   */
  async claimRequest(key: string): Promise<{ claimed: boolean; cached?: CacheRow }> {
    await this.register('process');
    return this.claims.run(key);
  }

  /** Claims made together (statement-batcher.ts): one statement for many keys, in key order (the rows are locked in one order). */
  private readonly claims = new StatementBatcher<string, { claimed: boolean; cached?: CacheRow }>(async (keys) => {
    const sorted = [...new Set(keys)].sort();
    const r = await retryOnDeadlock(() =>
      this.prepared<{ key: string; claimed: boolean } & Partial<CacheRow>>(
        'slant_claim_requests',
        `WITH req AS (SELECT k AS key FROM unnest($1::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n),
         hit AS (UPDATE cache SET hits = cache.hits + 1, last_hit_at = $4 FROM req WHERE cache.key = req.key
           RETURNING cache.key, provider, model, request_json, response_json, created_at, hits),
         c AS (
           INSERT INTO slant_cache_claims (key, worker_id) SELECT key, $2 FROM req WHERE key NOT IN (SELECT key FROM hit)
           ON CONFLICT (key) DO UPDATE SET worker_id = excluded.worker_id, claimed_at = now()
           WHERE slant_cache_claims.worker_id = excluded.worker_id OR NOT EXISTS (
             SELECT 1 FROM slant_workers w WHERE w.id = slant_cache_claims.worker_id AND w.stopped_at IS NULL
               AND w.heartbeat_at > now() - make_interval(secs => $3))
           RETURNING key)
         SELECT req.key, c.key IS NOT NULL AS claimed, hit.provider, hit.model, hit.request_json, hit.response_json, hit.created_at, hit.hits
         FROM req LEFT JOIN hit ON hit.key = req.key LEFT JOIN c ON c.key = req.key`,
        [sorted, this.ownerId, staleMs() / 1000, new Date().toISOString()],
      ),
    );
    const byKey = new Map(r.rows.map((row) => [row.key, row]));
    return keys.map((k) => {
      const row = byKey.get(k);
      if (row?.response_json != null) {
        const { provider, model, request_json, response_json, created_at, hits } = row as CacheRow;
        return { claimed: false, cached: { provider, model, request_json, response_json, created_at, hits } };
      }
      return { claimed: row?.claimed === true };
    });
  });

  async releaseRequest(key: string): Promise<void> {
    await this.query('DELETE FROM slant_cache_claims WHERE key = ? AND worker_id = ?', [key, this.ownerId]);
  }

  /** Store the answer and drop the claim on it (in one statement, shared with the writes made meanwhile). */
  async cachePutReleasing(key: string, e: CacheEntry): Promise<void> {
    await this.writes.run({ cache: { key, ...e, at: new Date().toISOString() } });
  }

  /**
   * A statement of the hot path (a request, an answer, a batch of writes) as a named prepared
   * statement: PostgreSQL parses and plans it once per connection instead of on every call
   * (`$n` placeholders; `name` must be unique to the text).
   */
  private prepared<R extends pg.QueryResultRow = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>({ name, text, values });
  }

  async query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(numbered(sql), params);
  }

  /** Run `fn` in one transaction on one pooled connection. */
  async transaction<T>(fn: (q: <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const q = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> => (await client.query<R>(numbered(sql), params)).rows;
      const out = await fn(q);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  // each statement as written once for both databases (src/runtime/store-sql.ts)
  private async all<R extends pg.QueryResultRow>(q: Sql): Promise<R[]> {
    return (await this.query<R>(q.sql, q.params)).rows;
  }

  private async one<R extends pg.QueryResultRow>(q: Sql): Promise<R | undefined> {
    return (await this.query<R>(q.sql, q.params)).rows[0];
  }

  /** Run a write; the number of rows it changed. */
  private async change(q: Sql): Promise<number> {
    return (await this.query(q.sql, q.params)).rowCount ?? 0;
  }

  async createRun(input: { configJson: string; configHash: string; label?: string }): Promise<RunRow> {
    const now = new Date();
    const at = now.toISOString();
    for (let attempt = 0; ; attempt++) {
      const id = newRunId(now);
      if ((await this.change(createRunSql(id, at, input))) === 1) return (await this.getRun(id)) as RunRow;
      if (attempt > 20) throw new Error('could not allocate a unique run id');
    }
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    const r = await this.one<RawRun>(getRunSql(id));
    return r === undefined ? undefined : toRun(r);
  }

  async latestRun(filter: { status?: string[] } = {}): Promise<RunRow | undefined> {
    const r = await this.one<RawRun>(latestRunSql(filter.status ?? []));
    return r === undefined ? undefined : toRun(r);
  }

  async listRuns(limit = 50): Promise<RunRow[]> {
    return (await this.all<RawRun>(listRunsSql(limit))).map(toRun);
  }

  async setRunStatus(id: string, status: RunStatus, summary?: unknown): Promise<void> {
    if ((await this.change(setRunStatusSql(id, status, summary))) === 0) throw noRun(id);
  }

  async deleteRun(id: string): Promise<boolean> {
    return (await this.change(deleteRunSql(id))) > 0;
  }

  async upsertCell(runId: string, cell: CellInput): Promise<void> {
    await this.change(upsertCellSql(runId, cell));
  }

  async listCells(runId: string): Promise<CellRow[]> {
    return (await this.all<RawCell>(listCellsSql(runId))).map(toCell);
  }

  async setCellStatus(runId: string, cellKey: string, status: CellStatus): Promise<void> {
    if ((await this.change(setCellStatusSql(runId, cellKey, status))) === 0) throw noCell(runId, cellKey);
  }

  async putOutput(runId: string, cellKey: string, recordId: string, output: unknown): Promise<void> {
    await this.change(putRecordSql('output', runId, cellKey, recordId, output));
  }

  async outputRecordIds(runId: string, cellKey: string, among?: readonly string[]): Promise<Set<string>> {
    return new Set((await this.all<{ record_id: string }>(outputRecordIdsSql(POSTGRES, runId, cellKey, among))).map((r) => r.record_id));
  }

  /**
   * Outputs, items and costs in one statement (atomic: all or none; shared with the other writes
   * made while the last one was on its way: statement-batcher.ts), in the order put.
   */
  async putWrites(runId: string, writes: readonly StoreWrite[]): Promise<void> {
    if (writes.length === 0) return;
    // a value JSON cannot hold is this caller's error, found before anything is sent
    const rows = writes.map((w): WriteRow => (w.kind === 'cost' ? { runId, kind: w.kind, cellKey: w.cellKey, recordId: w.recordId, cost: w.value as ItemCost } : { runId, kind: w.kind, cellKey: w.cellKey, recordId: w.recordId, json: recordJson(w.kind, w.recordId, w.value) }));
    await this.writes.run({ rows });
  }

  /**
   * Answers for the request cache and rows for outputs, items and costs, written together: one
   * statement (a multi-row INSERT per table over arrays, in the order put: a table's \`rowid\`
   * keeps "first stored"), one round trip for every write made while the last was on its way. A
   * key written twice keeps its last value, as writing them one after another would.
   */
  private readonly writes = new StatementBatcher<WriteOp, void>(async (ops) => {
    const at = new Date().toISOString();
    const cache = new Map<string, NonNullable<WriteOp['cache']>>();
    const last = new Map<string, WriteRow>();
    for (const op of ops) {
      if (op.cache) cache.set(op.cache.key, op.cache);
      for (const w of op.rows ?? []) {
        const id = `${w.runId}\u0000${w.kind}\u0000${w.cellKey}\u0000${w.recordId}`;
        last.delete(id);
        last.set(id, w);
      }
    }
    const by = { output: [] as WriteRow[], item: [] as WriteRow[], cost: [] as WriteRow[] };
    for (const w of last.values()) by[w.kind].push(w);
    const values: unknown[] = [];
    const arg = (v: unknown): string => `$${values.push(v)}`;
    const ctes: string[] = [];
    const kinds: string[] = [];
    if (cache.size > 0) {
      const cs = [...cache.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      kinds.push('cache');
      ctes.push(`put AS (INSERT INTO cache (${CACHE_COLUMNS})
         SELECT k, p, m, q, a, c, 0 FROM unnest(${arg(cs.map((c) => c.key))}::text[], ${arg(cs.map((c) => c.provider))}::text[], ${arg(cs.map((c) => c.model))}::text[],
           ${arg(cs.map((c) => c.requestJson))}::text[], ${arg(cs.map((c) => c.responseJson))}::text[], ${arg(cs.map((c) => c.at))}::text[]) WITH ORDINALITY AS t(k, p, m, q, a, c, n) ORDER BY n
         ON CONFLICT (key) DO UPDATE SET ${CACHE_CONFLICT_SET}
         RETURNING key),
       released AS (DELETE FROM slant_cache_claims WHERE key IN (SELECT key FROM put) AND worker_id = ${arg(this.ownerId)})`);
    }
    for (const kind of ['output', 'item'] as const) {
      const ws = by[kind];
      if (ws.length === 0) continue;
      kinds.push(kind);
      const { table, column } = RECORD_TABLES[kind];
      ctes.push(`${kind} AS (INSERT INTO ${table} (run_id, cell_key, record_id, ${column}, created_at)
         SELECT u, k, r, j, ${arg(at)}::text FROM unnest(${arg(ws.map((w) => w.runId))}::text[], ${arg(ws.map((w) => w.cellKey))}::text[], ${arg(ws.map((w) => w.recordId))}::text[], ${arg(ws.map((w) => w.json))}::text[]) WITH ORDINALITY AS t(u, k, r, j, n) ORDER BY n
         ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET ${recordConflictSet(kind)})`);
    }
    if (by.cost.length > 0) {
      const ws = by.cost;
      const cs = ws.map((w) => w.cost as ItemCost);
      kinds.push('cost');
      ctes.push(`cost AS (INSERT INTO costs (run_id, key, record_id, ${COST_COLUMNS})
         SELECT u, k, r, c, h, i, o, w, ${arg(at)}::text FROM unnest(${arg(ws.map((w) => w.runId))}::text[], ${arg(ws.map((w) => w.cellKey))}::text[], ${arg(ws.map((w) => w.recordId))}::text[], ${arg(cs.map((c) => c.calls))}::int[],
           ${arg(cs.map((c) => c.cachedCalls ?? 0))}::int[], ${arg(cs.map((c) => c.inputTokens))}::int[], ${arg(cs.map((c) => c.outputTokens))}::int[], ${arg(cs.map((c) => c.wallMs))}::float8[]) WITH ORDINALITY AS t(u, k, r, c, h, i, o, w, n) ORDER BY n
         ON CONFLICT (run_id, key, record_id) DO UPDATE SET ${COST_CONFLICT_SET})`);
    }
    await retryOnDeadlock(() => this.prepared(`slant_writes_${kinds.join('_')}`, `WITH ${ctes.join(',\n')} SELECT 1`, values));
    return ops.map(() => undefined);
  });

  async getOutput(runId: string, cellKey: string, recordId: string): Promise<unknown> {
    return jsonOf(await this.one(getRecordSql('output', runId, cellKey, recordId)));
  }

  async getOutputs(runId: string, cellKey: string): Promise<{ recordId: string; output: unknown }[]> {
    return outputsOf(await this.all(getRecordsSql('output', runId, cellKey)));
  }

  async getOutputsAmong(runId: string, cellKey: string, ids: readonly string[]): Promise<{ recordId: string; output: unknown }[]> {
    return ids.length === 0 ? [] : outputsOf(await this.all(outputsAmongSql(POSTGRES, runId, cellKey, ids)));
  }

  async putItem(runId: string, cellKey: string, recordId: string, measurement: unknown): Promise<void> {
    await this.change(putRecordSql('item', runId, cellKey, recordId, measurement));
  }

  /** One statement (one round trip): a batch is committed whole or not at all. */
  async putItems(runId: string, items: readonly { cellKey: string; recordId: string; measurement: unknown }[]): Promise<void> {
    if (items.length === 0) return;
    await this.change(putItemsSql(runId, items));
  }

  async countItems(runId: string): Promise<number> {
    return (await this.one<{ n: number }>(countItemsSql(runId)))?.n ?? 0;
  }

  async countCutAnswers(runId: string, outputKey: string, cellKey: string): Promise<number> {
    return (await this.one<{ n: number }>(cutAnswersSql(POSTGRES, runId, outputKey, cellKey)))?.n ?? 0;
  }

  async getItems(runId: string, cellKey: string): Promise<{ recordId: string; measurement: unknown }[]> {
    return measurementsOf(await this.all(getRecordsSql('item', runId, cellKey)));
  }

  async itemsPage(runId: string, cellKey: string, after: number, limit: number): Promise<{ next: number; rows: { recordId: string; measurement: unknown }[] }> {
    return itemsPageOf(await this.all(itemsPageSql(runId, cellKey, after, limit)), after);
  }

  async itemsByIdPage(runId: string, cellKey: string, after: string | undefined, limit: number): Promise<{ recordId: string; measurement: unknown }[]> {
    return measurementsOf(await this.all(itemsByIdPageSql(POSTGRES, runId, cellKey, after, limit)));
  }

  async listRunOutputs(runId: string): Promise<{ cellKey: string; recordId: string; output: unknown }[]> {
    return runOutputsOf(await this.all(listRunOutputsSql(runId)));
  }

  // annotation studies (migration v5): the statements of src/runtime/annotation-sql.ts
  async createStudyRows(s: StudyInsert): Promise<void> {
    await this.transaction(async (q) => {
      for (const st of studyInserts(s)) await q(st.sql, st.params);
    });
  }

  async studyRows(id?: string, latestOnly = false): Promise<StudyDbRow[]> {
    return this.all(studiesSql(id, latestOnly));
  }

  async studyItemRows(studyId: string, itemId?: string): Promise<StudyItemDbRow[]> {
    return this.all(studyItemsSql(studyId, itemId));
  }

  async annotatorRows(studyId: string): Promise<{ id: string; tokenHash: string }[]> {
    return this.all(annotatorsSql(studyId));
  }

  async setTokenHashes(studyId: string, rows: readonly { annotator: string; tokenHash: string }[]): Promise<void> {
    await this.transaction(async (q) => {
      for (const r of rows) await q(SET_TOKEN_HASH, [r.tokenHash, studyId, r.annotator]);
    });
  }

  async assignmentRows(studyId: string, f: { annotator?: string; item?: string; position?: number } = {}): Promise<AssignmentDbRow[]> {
    return this.all(assignmentsSql(studyId, f));
  }

  async nextAssignmentRow(studyId: string, annotator: string): Promise<{ next: AssignmentDbRow | undefined; done: number; total: number }> {
    const counts = (await this.one<{ done: number; total: number }>(annotatorCountsSql(studyId, annotator))) ?? { done: 0, total: 0 };
    return { next: await this.one<AssignmentDbRow>(nextAssignmentSql(studyId, annotator)), done: counts.done, total: counts.total };
  }

  async putAnswer(studyId: string, a: AnswerDbInput, at: string): Promise<void> {
    await this.change(putAnswerSql(studyId, a, at));
  }

  async answerRows(studyId: string, f: { annotator?: string; item?: string } = {}): Promise<AnswerDbRow[]> {
    return this.all(answersSql(studyId, f));
  }

  async studyProgress(studyId: string): Promise<AnnotatorProgressRow[]> {
    return this.all(studyProgressSql(studyId));
  }

  async getItem(runId: string, cellKey: string, recordId: string): Promise<unknown> {
    return jsonOf(await this.one(getRecordSql('item', runId, cellKey, recordId)));
  }

  async searchOutputs(runId: string, cellKeys: readonly string[], needle: string): Promise<string[]> {
    if (cellKeys.length === 0) return [];
    return (await this.all<{ record_id: string }>(searchOutputsSql(POSTGRES, runId, cellKeys, needle))).map((r) => r.record_id);
  }

  async searchItems(runId: string, cellKey: string, needle: string): Promise<{ recordId: string; measurement: unknown }[]> {
    return measurementsOf(await this.all(searchItemsSql(POSTGRES, runId, cellKey, needle)));
  }

  async completedRecordIds(runId: string, cellKey: string, among?: readonly string[]): Promise<Set<string>> {
    return new Set((await this.all<{ record_id: string }>(completedRecordIdsSql(POSTGRES, runId, cellKey, among))).map((r) => r.record_id));
  }

  async putCost(runId: string, key: string, recordId: string, cost: ItemCost): Promise<void> {
    await this.change(putCostSql(runId, key, recordId, cost));
  }

  async getCosts(runId: string, key: string): Promise<Map<string, ItemCost>> {
    return costsOf(await this.all(getCostsSql(runId, key)));
  }

  async costsByIdPage(runId: string, key: string, after: string | undefined, limit: number): Promise<{ recordId: string; cost: ItemCost }[]> {
    return costRowsOf(await this.all(costsByIdPageSql(POSTGRES, runId, key, after, limit)));
  }

  async putInvalidOutput(runId: string, cellKey: string, recordId: string, reason: string, output?: unknown): Promise<void> {
    await this.change(putInvalidOutputSql(runId, cellKey, recordId, reason, output));
  }

  async getInvalidOutputs(runId: string, cellKey: string): Promise<{ recordId: string; reason: string }[]> {
    return invalidOutputsOf(await this.all(getInvalidOutputsSql(runId, cellKey)));
  }

  async putRunResults(runId: string, results: unknown): Promise<void> {
    const w = runResultsWrites(runId, results);
    await this.putWithLists(w, putRunResultsSql(runId, w));
  }

  async getRunResults(runId: string): Promise<unknown> {
    return runResultsOf(runId, await this.one(getRunResultsSql(runId)));
  }

  async putResult(runId: string, cellKey: string, result: unknown): Promise<void> {
    const w = resultWritesOf(runId, cellKey, result);
    await this.putWithLists(w, putResultSql(runId, cellKey, w));
  }

  /** A result's long lists, part by part (each part made as it is written), then its row, in one transaction. */
  private async putWithLists(w: ResultWrites, row: Sql): Promise<void> {
    await this.transaction(async (q) => {
      for (const p of w.parts()) await q(p.sql, p.params);
      await q(row.sql, row.params);
    });
  }

  async getResults(runId: string): Promise<{ cellKey: string; result: unknown }[]> {
    return resultsOf(runId, await this.all(getResultsSql(runId)));
  }

  async resultListPage(runId: string, owner: string, list: number, from: number, limit: number): Promise<ListPage> {
    return listPageOf(owner, await this.all(listPartsSql(runId, owner, list, from, limit)), from);
  }

  async cacheGet(key: string): Promise<CacheRow | undefined> {
    return this.one<CacheRow>(cacheGetSql(key));
  }

  async cachePut(key: string, e: CacheEntry): Promise<void> {
    await this.change(cachePutSql(key, e));
  }

  async cacheStats(): Promise<CacheStatsRow> {
    const total = (await this.one(CACHE_TOTALS_SQL)) as Omit<CacheStatsRow, 'byProvider'>;
    return { ...total, byProvider: await this.all<CacheStatsRow['byProvider'][number]>(CACHE_BY_MODEL_SQL) };
  }

  async batchStateGet(key: string): Promise<string | undefined> {
    return (await this.one<{ value_json: string }>(batchStateGetSql(key)))?.value_json;
  }

  async batchStateSet(key: string, value: string): Promise<void> {
    await this.change(batchStateSetSql(key, value));
  }

  async batchStateDelete(key: string): Promise<void> {
    await this.change(batchStateDeleteSql(key));
  }

  async batchStateKeys(prefix: string): Promise<string[]> {
    return (await this.all<{ key: string }>(batchStateKeysSql(prefix))).map((r) => r.key);
  }

  async cacheClear(filter: { provider?: string; cutoff?: string }): Promise<number> {
    return this.change(cacheClearSql(filter));
  }

  /** `sameConfig` is SQLite's (no request claims there); here the request claims keep two runs of one config from paying twice. */
  async takeLease<H>(runId: string, token: string, decide: (row: LeaseRow | undefined) => H | undefined, _opts: { sameConfig?: boolean } = {}): Promise<H | undefined> {
    return this.transaction(async (q) => {
      // one taker at a time per run, also while the row does not exist yet
      await q('SELECT pg_advisory_xact_lock(hashtext(?))', [`slant-lease:${runId}`]);
      const lease = leaseSql(runId);
      const [row] = await q<LeaseRow>(lease.sql, lease.params);
      const held = decide(row);
      if (held !== undefined) return held;
      const write = writeLeaseSql(runId, token);
      await q(write.sql, write.params);
      return undefined;
    });
  }

  async beatLease(runId: string, token: string): Promise<boolean> {
    return (await this.change(beatLeaseSql(runId, token))) > 0;
  }

  async releaseLease(runId: string, token: string): Promise<void> {
    await this.change(releaseLeaseSql(runId, token));
  }

  async putJudgeCard(key: JudgeCardKey, cardJson: string): Promise<void> {
    await this.change(putJudgeCardSql(key, cardJson));
  }

  async listJudgeCards(): Promise<(JudgeCardKey & { cardJson: string })[]> {
    return this.all(LIST_JUDGE_CARDS_SQL);
  }

  async getJudgeCard(key: JudgeCardKey): Promise<string | undefined> {
    return (await this.one<{ card_json: string }>(getJudgeCardSql(key)))?.card_json;
  }
}

/** A row for the outputs, items or costs table, its JSON made (putWrites). */
interface WriteRow {
  runId: string;
  kind: StoreWrite['kind'];
  cellKey: string;
  recordId: string;
  json?: string;
  cost?: ItemCost;
}

/** One caller's writes (PgStore's write batcher): an answer for the request cache, or rows. */
interface WriteOp {
  cache?: { key: string; provider: string; model: string; requestJson: string; responseJson: string; at: string };
  rows?: WriteRow[];
}

/** Connections a process keeps to the store at most (pg's pool). */
const POOL_SIZE = 10;

function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** How often a process sharing the store says it is alive (SLANT_WORKER_HEARTBEAT_MS; default 5 s). */
export const heartbeatMs = (): number => envMs('SLANT_WORKER_HEARTBEAT_MS', 5_000);
/** After how long without a heartbeat a process is taken for dead (SLANT_WORKER_STALE_MS; default 30 s). */
export const staleMs = (): number => envMs('SLANT_WORKER_STALE_MS', 30_000);
