import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { annotatorCountsSql, annotatorsSql, answersSql, assignmentsSql, nextAssignmentSql, putAnswerSql, SET_TOKEN_HASH, studiesSql, studyInserts, studyItemsSql, studyProgressSql, type AnnotatorProgressRow, type AnswerDbInput, type AnswerDbRow, type AssignmentDbRow, type Sql, type StudyDbRow, type StudyInsert, type StudyItemDbRow } from './annotation-sql.js';
import { migratePostgres } from './pg-schema.js';
import { checkedPostgresUrl } from './store-url.js';
import type { RunStore } from './run-store.js';
import { newRunId, RUN_COLUMNS, toRun, type CacheRow, type CacheStatsRow, type CellInput, type CellRow, type CellStatus, type ItemCost, type JudgeCardKey, type LeaseRow, type RawRun, type RunRow, type RunStatus, type StoreWrite, costFromRow } from './store.js';
import { fromStoredJson, toStoredJson } from './stored-json.js';
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
  async cachePutReleasing(key: string, e: { provider: string; model: string; requestJson: string; responseJson: string }): Promise<void> {
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

  private async rows<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.query<R>(sql, params)).rows;
  }

  private async row<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R | undefined> {
    return (await this.query<R>(sql, params)).rows[0];
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

  async createRun(input: { configJson: string; configHash: string; label?: string }): Promise<RunRow> {
    const now = new Date();
    const at = now.toISOString();
    for (let attempt = 0; ; attempt++) {
      const id = newRunId(now);
      const r = await this.query(`INSERT INTO runs (${RUN_COLUMNS}) VALUES (?, ?, ?, 'running', ?, ?, ?, NULL) ON CONFLICT (id) DO NOTHING`, [
        id,
        at,
        at,
        redact(input.configJson),
        input.configHash,
        input.label === undefined ? null : redact(input.label),
      ]);
      if (r.rowCount === 1) return (await this.getRun(id)) as RunRow;
      if (attempt > 20) throw new Error('could not allocate a unique run id');
    }
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    const r = await this.row<RawRun>(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = ?`, [id]);
    return r === undefined ? undefined : toRun(r);
  }

  async latestRun(filter: { status?: string[] } = {}): Promise<RunRow | undefined> {
    const statuses = filter.status ?? [];
    const where = statuses.length > 0 ? `WHERE status IN (${statuses.map(() => '?').join(',')})` : '';
    const r = await this.row<RawRun>(`SELECT ${RUN_COLUMNS} FROM runs ${where} ORDER BY created_at DESC, rowid DESC LIMIT 1`, statuses);
    return r === undefined ? undefined : toRun(r);
  }

  async listRuns(limit = 50): Promise<RunRow[]> {
    return (await this.rows<RawRun>(`SELECT ${RUN_COLUMNS} FROM runs ORDER BY created_at DESC, rowid DESC LIMIT ?`, [limit])).map(toRun);
  }

  async setRunStatus(id: string, status: RunStatus, summary?: unknown): Promise<void> {
    const summaryJson = summary === undefined ? null : toStoredJson(summary, 'run summary');
    const r = await this.query('UPDATE runs SET status = ?, updated_at = ?, summary_json = coalesce(?, summary_json) WHERE id = ?', [status, new Date().toISOString(), summaryJson, id]);
    if (r.rowCount === 0) throw new Error(`no run with id "${id}"`);
  }

  async deleteRun(id: string): Promise<boolean> {
    return ((await this.query('DELETE FROM runs WHERE id = ?', [id])).rowCount ?? 0) > 0;
  }

  async upsertCell(runId: string, cell: CellInput): Promise<void> {
    await this.query(
      `INSERT INTO cells (run_id, key, model, probe, dataset, condition, options_json, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, coalesce(?, 'pending'))
       ON CONFLICT (run_id, key) DO UPDATE SET model = excluded.model, probe = excluded.probe,
         dataset = excluded.dataset, condition = excluded.condition, options_json = excluded.options_json,
         status = coalesce(?, cells.status)`,
      [runId, cell.key, cell.model, cell.probe, cell.dataset, cell.condition ?? 'baseline', cell.options === undefined ? null : toStoredJson(cell.options, 'cell options'), cell.status ?? null, cell.status ?? null],
    );
  }

  async listCells(runId: string): Promise<CellRow[]> {
    const rows = await this.rows<Omit<CellRow, 'options'> & { options_json: string | null }>('SELECT key, model, probe, dataset, condition, options_json, status FROM cells WHERE run_id = ? ORDER BY rowid', [runId]);
    return rows.map(({ options_json, ...rest }) => ({ ...rest, options: options_json === null ? null : fromStoredJson(options_json) }));
  }

  async setCellStatus(runId: string, cellKey: string, status: CellStatus): Promise<void> {
    const r = await this.query('UPDATE cells SET status = ? WHERE run_id = ? AND key = ?', [status, runId, cellKey]);
    if (r.rowCount === 0) throw new Error(`no cell "${cellKey}" in run "${runId}"`);
  }

  private static readonly PUT_OUTPUT = `INSERT INTO outputs (run_id, cell_key, record_id, output_json, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET output_json = excluded.output_json, created_at = excluded.created_at`;

  async putOutput(runId: string, cellKey: string, recordId: string, output: unknown): Promise<void> {
    await this.query(PgStore.PUT_OUTPUT, [runId, cellKey, recordId, toStoredJson(output, `output for record "${recordId}"`), new Date().toISOString()]);
  }

  async outputRecordIds(runId: string, cellKey: string, among?: readonly string[]): Promise<Set<string>> {
    const rows = await this.rows<{ record_id: string }>('SELECT record_id FROM outputs WHERE run_id = ? AND cell_key = ? AND (?::text[] IS NULL OR record_id = ANY(?::text[]))', [runId, cellKey, among ?? null, among ?? null]);
    return new Set(rows.map((r) => r.record_id));
  }

  /**
   * Outputs, items and costs in one statement (atomic: all or none; shared with the other writes
   * made while the last one was on its way: statement-batcher.ts), in the order put.
   */
  async putWrites(runId: string, writes: readonly StoreWrite[]): Promise<void> {
    if (writes.length === 0) return;
    // a value JSON cannot hold is this caller's error, found before anything is sent
    const rows = writes.map((w): WriteRow => (w.kind === 'cost' ? { runId, kind: w.kind, cellKey: w.cellKey, recordId: w.recordId, cost: w.value as ItemCost } : { runId, kind: w.kind, cellKey: w.cellKey, recordId: w.recordId, json: toStoredJson(w.value, `${w.kind === 'item' ? 'measurement' : 'output'} for record "${w.recordId}"`) }));
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
      ctes.push(`put AS (INSERT INTO cache (key, provider, model, request_json, response_json, created_at, hits)
         SELECT k, p, m, q, a, c, 0 FROM unnest(${arg(cs.map((c) => c.key))}::text[], ${arg(cs.map((c) => c.provider))}::text[], ${arg(cs.map((c) => c.model))}::text[],
           ${arg(cs.map((c) => c.requestJson))}::text[], ${arg(cs.map((c) => c.responseJson))}::text[], ${arg(cs.map((c) => c.at))}::text[]) WITH ORDINALITY AS t(k, p, m, q, a, c, n) ORDER BY n
         ON CONFLICT (key) DO UPDATE SET provider = excluded.provider, model = excluded.model, request_json = excluded.request_json,
           response_json = excluded.response_json, created_at = excluded.created_at, hits = 0, last_hit_at = NULL
         RETURNING key),
       released AS (DELETE FROM slant_cache_claims WHERE key IN (SELECT key FROM put) AND worker_id = ${arg(this.ownerId)})`);
    }
    for (const [kind, table, column] of [['output', 'outputs', 'output_json'], ['item', 'items', 'measurement_json']] as const) {
      const ws = by[kind];
      if (ws.length === 0) continue;
      kinds.push(kind);
      ctes.push(`${kind} AS (INSERT INTO ${table} (run_id, cell_key, record_id, ${column}, created_at)
         SELECT u, k, r, j, ${arg(at)}::text FROM unnest(${arg(ws.map((w) => w.runId))}::text[], ${arg(ws.map((w) => w.cellKey))}::text[], ${arg(ws.map((w) => w.recordId))}::text[], ${arg(ws.map((w) => w.json))}::text[]) WITH ORDINALITY AS t(u, k, r, j, n) ORDER BY n
         ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET ${column} = excluded.${column}, created_at = excluded.created_at)`);
    }
    if (by.cost.length > 0) {
      const ws = by.cost;
      const cs = ws.map((w) => w.cost as ItemCost);
      kinds.push('cost');
      ctes.push(`cost AS (INSERT INTO costs (run_id, key, record_id, calls, cached_calls, input_tokens, output_tokens, wall_ms, created_at)
         SELECT u, k, r, c, h, i, o, w, ${arg(at)}::text FROM unnest(${arg(ws.map((w) => w.runId))}::text[], ${arg(ws.map((w) => w.cellKey))}::text[], ${arg(ws.map((w) => w.recordId))}::text[], ${arg(cs.map((c) => c.calls))}::int[],
           ${arg(cs.map((c) => c.cachedCalls ?? 0))}::int[], ${arg(cs.map((c) => c.inputTokens))}::int[], ${arg(cs.map((c) => c.outputTokens))}::int[], ${arg(cs.map((c) => c.wallMs))}::float8[]) WITH ORDINALITY AS t(u, k, r, c, h, i, o, w, n) ORDER BY n
         ON CONFLICT (run_id, key, record_id) DO UPDATE SET calls = excluded.calls, cached_calls = excluded.cached_calls, input_tokens = excluded.input_tokens,
           output_tokens = excluded.output_tokens, wall_ms = excluded.wall_ms, created_at = excluded.created_at)`);
    }
    await retryOnDeadlock(() => this.prepared(`slant_writes_${kinds.join('_')}`, `WITH ${ctes.join(',\n')} SELECT 1`, values));
    return ops.map(() => undefined);
  });

  async getOutput(runId: string, cellKey: string, recordId: string): Promise<unknown> {
    const r = await this.row<{ output_json: string }>('SELECT output_json FROM outputs WHERE run_id = ? AND cell_key = ? AND record_id = ?', [runId, cellKey, recordId]);
    return r === undefined ? undefined : fromStoredJson(r.output_json);
  }

  async getOutputs(runId: string, cellKey: string): Promise<{ recordId: string; output: unknown }[]> {
    const rows = await this.rows<{ record_id: string; output_json: string }>('SELECT record_id, output_json FROM outputs WHERE run_id = ? AND cell_key = ? ORDER BY rowid', [runId, cellKey]);
    return rows.map((r) => ({ recordId: r.record_id, output: fromStoredJson(r.output_json) }));
  }

  private static readonly PUT_ITEM = `INSERT INTO items (run_id, cell_key, record_id, measurement_json, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET measurement_json = excluded.measurement_json, created_at = excluded.created_at`;

  async putItem(runId: string, cellKey: string, recordId: string, measurement: unknown): Promise<void> {
    await this.query(PgStore.PUT_ITEM, [runId, cellKey, recordId, toStoredJson(measurement, `measurement for record "${recordId}"`), new Date().toISOString()]);
  }

  async putItems(runId: string, items: readonly { cellKey: string; recordId: string; measurement: unknown }[]): Promise<void> {
    if (items.length === 0) return;
    // one statement (one round trip): a batch is committed whole or not at all; the last of duplicate keys wins
    const last = new Map(items.map((p) => [`${p.cellKey}\u0000${p.recordId}`, p]));
    const at = new Date().toISOString();
    const params: unknown[] = [];
    const rows = [...last.values()].map((p) => {
      params.push(runId, p.cellKey, p.recordId, toStoredJson(p.measurement, `measurement for record "${p.recordId}"`), at);
      return '(?, ?, ?, ?, ?)';
    });
    await this.query(
      `INSERT INTO items (run_id, cell_key, record_id, measurement_json, created_at) VALUES ${rows.join(', ')}
       ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET measurement_json = excluded.measurement_json, created_at = excluded.created_at`,
      params,
    );
  }

  async countItems(runId: string): Promise<number> {
    return (await this.row<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE run_id = ?', [runId]))?.n ?? 0;
  }

  async getItems(runId: string, cellKey: string): Promise<{ recordId: string; measurement: unknown }[]> {
    const rows = await this.rows<{ record_id: string; measurement_json: string }>('SELECT record_id, measurement_json FROM items WHERE run_id = ? AND cell_key = ? ORDER BY rowid', [runId, cellKey]);
    return rows.map((r) => ({ recordId: r.record_id, measurement: fromStoredJson(r.measurement_json) }));
  }

  async itemsPage(runId: string, cellKey: string, after: number, limit: number): Promise<{ next: number; rows: { recordId: string; measurement: unknown }[] }> {
    const rows = await this.rows<{ pos: string; record_id: string; measurement_json: string }>('SELECT rowid AS pos, record_id, measurement_json FROM items WHERE run_id = ? AND cell_key = ? AND rowid > ? ORDER BY rowid LIMIT ?', [runId, cellKey, after, limit]);
    return { next: rows.length === 0 ? after : Number(rows[rows.length - 1]!.pos), rows: rows.map((r) => ({ recordId: r.record_id, measurement: fromStoredJson(r.measurement_json) })) };
  }

  async listRunOutputs(runId: string): Promise<{ cellKey: string; recordId: string; output: unknown }[]> {
    const rows = await this.rows<{ cell_key: string; record_id: string; output_json: string }>('SELECT cell_key, record_id, output_json FROM outputs WHERE run_id = ? ORDER BY rowid', [runId]);
    return rows.map((r) => ({ cellKey: r.cell_key, recordId: r.record_id, output: fromStoredJson(r.output_json) }));
  }

  // annotation studies (migration v5): the statements of src/runtime/annotation-sql.ts
  private async allOf<R extends pg.QueryResultRow>(q: Sql): Promise<R[]> {
    return this.rows<R>(q.sql, q.params);
  }

  async createStudyRows(s: StudyInsert): Promise<void> {
    await this.transaction(async (q) => {
      for (const st of studyInserts(s)) await q(st.sql, st.params);
    });
  }

  async studyRows(id?: string, latestOnly = false): Promise<StudyDbRow[]> {
    return this.allOf(studiesSql(id, latestOnly));
  }

  async studyItemRows(studyId: string, itemId?: string): Promise<StudyItemDbRow[]> {
    return this.allOf(studyItemsSql(studyId, itemId));
  }

  async annotatorRows(studyId: string): Promise<{ id: string; tokenHash: string }[]> {
    return this.allOf(annotatorsSql(studyId));
  }

  async setTokenHashes(studyId: string, rows: readonly { annotator: string; tokenHash: string }[]): Promise<void> {
    await this.transaction(async (q) => {
      for (const r of rows) await q(SET_TOKEN_HASH, [r.tokenHash, studyId, r.annotator]);
    });
  }

  async assignmentRows(studyId: string, f: { annotator?: string; item?: string; position?: number } = {}): Promise<AssignmentDbRow[]> {
    return this.allOf(assignmentsSql(studyId, f));
  }

  async nextAssignmentRow(studyId: string, annotator: string): Promise<{ next: AssignmentDbRow | undefined; done: number; total: number }> {
    const counts = (await this.allOf<{ done: number; total: number }>(annotatorCountsSql(studyId, annotator)))[0] ?? { done: 0, total: 0 };
    return { next: (await this.allOf<AssignmentDbRow>(nextAssignmentSql(studyId, annotator)))[0], done: counts.done, total: counts.total };
  }

  async putAnswer(studyId: string, a: AnswerDbInput, at: string): Promise<void> {
    const q = putAnswerSql(studyId, a, at);
    await this.query(q.sql, q.params);
  }

  async answerRows(studyId: string, f: { annotator?: string; item?: string } = {}): Promise<AnswerDbRow[]> {
    return this.allOf(answersSql(studyId, f));
  }

  async studyProgress(studyId: string): Promise<AnnotatorProgressRow[]> {
    return this.allOf(studyProgressSql(studyId));
  }

  async getItem(runId: string, cellKey: string, recordId: string): Promise<unknown> {
    const r = await this.row<{ measurement_json: string }>('SELECT measurement_json FROM items WHERE run_id = ? AND cell_key = ? AND record_id = ?', [runId, cellKey, recordId]);
    return r === undefined ? undefined : fromStoredJson(r.measurement_json);
  }

  async searchOutputs(runId: string, cellKeys: readonly string[], needle: string): Promise<string[]> {
    if (cellKeys.length === 0) return [];
    const rows = await this.rows<{ record_id: string }>('SELECT DISTINCT record_id FROM outputs WHERE run_id = ? AND cell_key = ANY(?::text[]) AND strpos(lower(output_json), ?) > 0', [runId, [...cellKeys], needle]);
    return rows.map((r) => r.record_id);
  }

  async searchItems(runId: string, cellKey: string, needle: string): Promise<{ recordId: string; measurement: unknown }[]> {
    const rows = await this.rows<{ record_id: string; measurement_json: string }>('SELECT record_id, measurement_json FROM items WHERE run_id = ? AND cell_key = ? AND strpos(lower(measurement_json), ?) > 0 ORDER BY rowid', [runId, cellKey, needle]);
    return rows.map((r) => ({ recordId: r.record_id, measurement: fromStoredJson(r.measurement_json) }));
  }

  async completedRecordIds(runId: string, cellKey: string, among?: readonly string[]): Promise<Set<string>> {
    const ids = among ?? null;
    const rows = await this.rows<{ record_id: string }>(
      `SELECT record_id FROM items WHERE run_id = ? AND cell_key = ? AND (?::text[] IS NULL OR record_id = ANY(?::text[]))
       UNION SELECT record_id FROM invalid_outputs WHERE run_id = ? AND cell_key = ? AND (?::text[] IS NULL OR record_id = ANY(?::text[]))`,
      [runId, cellKey, ids, ids, runId, cellKey, ids, ids],
    );
    return new Set(rows.map((r) => r.record_id));
  }

  private static readonly PUT_COST = `INSERT INTO costs (run_id, key, record_id, calls, cached_calls, input_tokens, output_tokens, wall_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (run_id, key, record_id) DO UPDATE SET calls = excluded.calls, cached_calls = excluded.cached_calls, input_tokens = excluded.input_tokens,
       output_tokens = excluded.output_tokens, wall_ms = excluded.wall_ms, created_at = excluded.created_at`;

  async putCost(runId: string, key: string, recordId: string, cost: ItemCost): Promise<void> {
    await this.query(PgStore.PUT_COST, [runId, key, recordId, cost.calls, cost.cachedCalls ?? 0, cost.inputTokens, cost.outputTokens, cost.wallMs, new Date().toISOString()]);
  }

  async getCosts(runId: string, key: string): Promise<Map<string, ItemCost>> {
    const rows = await this.rows<{ record_id: string; calls: number; cached_calls: number; input_tokens: number; output_tokens: number; wall_ms: number }>(
      'SELECT record_id, calls, cached_calls, input_tokens, output_tokens, wall_ms FROM costs WHERE run_id = ? AND key = ?',
      [runId, key],
    );
    return new Map(rows.map((r) => [r.record_id, costFromRow(r)]));
  }

  async putInvalidOutput(runId: string, cellKey: string, recordId: string, reason: string, output?: unknown): Promise<void> {
    await this.query(
      `INSERT INTO invalid_outputs (run_id, cell_key, record_id, reason, output_json, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id, cell_key, record_id) DO UPDATE SET reason = excluded.reason, output_json = excluded.output_json, created_at = excluded.created_at`,
      [runId, cellKey, recordId, reason, output === undefined ? null : toStoredJson(output, `invalid output for record "${recordId}"`), new Date().toISOString()],
    );
  }

  async getInvalidOutputs(runId: string, cellKey: string): Promise<{ recordId: string; reason: string }[]> {
    const rows = await this.rows<{ record_id: string; reason: string }>('SELECT record_id, reason FROM invalid_outputs WHERE run_id = ? AND cell_key = ? ORDER BY rowid', [runId, cellKey]);
    return rows.map((r) => ({ recordId: r.record_id, reason: r.reason }));
  }

  async putRunResults(runId: string, results: unknown): Promise<void> {
    await this.query('UPDATE runs SET results_json = ?, updated_at = ? WHERE id = ?', [redact(JSON.stringify(results)), new Date().toISOString(), runId]);
  }

  async getRunResults(runId: string): Promise<unknown> {
    const r = await this.row<{ results_json: string | null }>('SELECT results_json FROM runs WHERE id = ?', [runId]);
    return r?.results_json == null ? undefined : (JSON.parse(r.results_json) as unknown);
  }

  async putResult(runId: string, cellKey: string, result: unknown): Promise<void> {
    await this.query(
      `INSERT INTO results (run_id, cell_key, result_json, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (run_id, cell_key) DO UPDATE SET result_json = excluded.result_json, created_at = excluded.created_at`,
      [runId, cellKey, toStoredJson(result, `result for cell "${cellKey}"`), new Date().toISOString()],
    );
  }

  async getResults(runId: string): Promise<{ cellKey: string; result: unknown }[]> {
    const rows = await this.rows<{ cell_key: string; result_json: string }>('SELECT cell_key, result_json FROM results WHERE run_id = ? ORDER BY rowid', [runId]);
    return rows.map((r) => ({ cellKey: r.cell_key, result: fromStoredJson(r.result_json) }));
  }

  async cacheGet(key: string): Promise<CacheRow | undefined> {
    return this.row<CacheRow>(
      `UPDATE cache SET hits = hits + 1, last_hit_at = ? WHERE key = ?
       RETURNING provider, model, request_json, response_json, created_at, hits`,
      [new Date().toISOString(), key],
    );
  }

  async cachePut(key: string, e: { provider: string; model: string; requestJson: string; responseJson: string }): Promise<void> {
    await this.query(
      `INSERT INTO cache (key, provider, model, request_json, response_json, created_at, hits) VALUES (?, ?, ?, ?, ?, ?, 0)
       ON CONFLICT (key) DO UPDATE SET provider = excluded.provider, model = excluded.model, request_json = excluded.request_json,
         response_json = excluded.response_json, created_at = excluded.created_at, hits = 0, last_hit_at = NULL`,
      [key, e.provider, e.model, e.requestJson, e.responseJson, new Date().toISOString()],
    );
  }

  async cacheStats(): Promise<CacheStatsRow> {
    const total = (await this.row<{ entries: number; hits: number; bytes: number }>(
      `SELECT count(*)::int AS entries, coalesce(sum(hits), 0)::int AS hits,
         coalesce(sum(octet_length(request_json) + octet_length(response_json)), 0)::bigint::float8 AS bytes FROM cache`,
    )) as { entries: number; hits: number; bytes: number };
    const byProvider = await this.rows<CacheStatsRow['byProvider'][number]>(
      'SELECT provider, model, count(*)::int AS entries, coalesce(sum(hits), 0)::int AS hits FROM cache GROUP BY provider, model ORDER BY provider, model',
    );
    return { ...total, byProvider };
  }

  async batchStateGet(key: string): Promise<string | undefined> {
    return (await this.row<{ value_json: string }>('SELECT value_json FROM batch_state WHERE key = ?', [key]))?.value_json;
  }

  async batchStateSet(key: string, value: string): Promise<void> {
    await this.query('INSERT INTO batch_state (key, value_json, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at', [key, value, new Date().toISOString()]);
  }

  async batchStateDelete(key: string): Promise<void> {
    await this.query('DELETE FROM batch_state WHERE key = ?', [key]);
  }

  async batchStateKeys(prefix: string): Promise<string[]> {
    return (await this.rows<{ key: string }>('SELECT key FROM batch_state WHERE left(key, length(?::text)) = ?::text ORDER BY key', [prefix, prefix])).map((r) => r.key);
  }

  async cacheClear(filter: { provider?: string; cutoff?: string }): Promise<number> {
    const p = filter.provider ?? null;
    const c = filter.cutoff ?? null;
    const r = await this.query('DELETE FROM cache WHERE (?::text IS NULL OR provider = ?) AND (?::text IS NULL OR created_at < ?)', [p, p, c, c]);
    return r.rowCount ?? 0;
  }

  /** `sameConfig` is SQLite's (no request claims there); here the request claims keep two runs of one config from paying twice. */
  async takeLease<H>(runId: string, token: string, decide: (row: LeaseRow | undefined) => H | undefined, _opts: { sameConfig?: boolean } = {}): Promise<H | undefined> {
    return this.transaction(async (q) => {
      // one taker at a time per run, also while the row does not exist yet
      await q('SELECT pg_advisory_xact_lock(hashtext(?))', [`slant-lease:${runId}`]);
      const [row] = await q<LeaseRow>('SELECT run_id, token, pid, host, since, heartbeat_at FROM run_leases WHERE run_id = ?', [runId]);
      const held = decide(row);
      if (held !== undefined) return held;
      const now = new Date().toISOString();
      await q(
        `INSERT INTO run_leases (run_id, token, pid, host, since, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id) DO UPDATE SET token = excluded.token, pid = excluded.pid, host = excluded.host, since = excluded.since, heartbeat_at = excluded.heartbeat_at`,
        [runId, token, process.pid, hostname(), now, now],
      );
      return undefined;
    });
  }

  async beatLease(runId: string, token: string): Promise<boolean> {
    const r = await this.query('UPDATE run_leases SET heartbeat_at = ? WHERE run_id = ? AND token = ?', [new Date().toISOString(), runId, token]);
    return (r.rowCount ?? 0) > 0;
  }

  async releaseLease(runId: string, token: string): Promise<void> {
    await this.query('DELETE FROM run_leases WHERE run_id = ? AND token = ?', [runId, token]);
  }

  async putJudgeCard(key: JudgeCardKey, cardJson: string): Promise<void> {
    await this.query(
      'INSERT INTO judge_cards (task, judge, version, card_json, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (task, judge, version) DO UPDATE SET card_json = excluded.card_json, created_at = excluded.created_at',
      [key.task, key.judge, key.version, cardJson, new Date().toISOString()],
    );
  }

  async listJudgeCards(): Promise<(JudgeCardKey & { cardJson: string })[]> {
    return this.rows<JudgeCardKey & { cardJson: string }>('SELECT task, judge, version, card_json AS "cardJson" FROM judge_cards');
  }

  async getJudgeCard(key: JudgeCardKey): Promise<string | undefined> {
    return (await this.row<{ card_json: string }>('SELECT card_json FROM judge_cards WHERE task = ? AND judge = ? AND version = ?', [key.task, key.judge, key.version]))?.card_json;
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
