import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { EXIT, UserError } from '../../core/errors.js';
import type { PgStore } from '../../runtime/pg-store.js';
import type { RunStore } from '../../runtime/run-store.js';
import { UsageTracker, type ModelUsage } from '../../runtime/usage.js';
import { executePlan, markCellNotApplicable, type ExecutionOutcome, type ExecutionPlan, type ProducedOutput } from '../execute.js';
import type { WarningLog } from '../warnings.js';
import { ensureQueue, queueFor, startQueue, UNITS_CHANNEL, type UnitJob } from './queue.js';
import { reapDeadWorkers } from './reaper.js';

/** Records per unit (`slant run --workers --unit-size`); default 25. */
export const DEFAULT_UNIT_SIZE = 25;

/** What a worker reports for a finished unit (summed into the run's outcome). */
export interface UnitStats {
  measured: number;
  reused: number;
  generated: number;
  cacheHits: number;
  invalid: number;
  /** the unit's cell, found not applicable while running (a mitigation this model cannot run), and why */
  notApplicable?: { cellKey: string; reason: string };
  /** token usage per model of the unit's requests (units of older workers have none) */
  usage?: Record<string, ModelUsage>;
  /** the outputs the unit generated */
  produced?: ProducedOutput[];
  /** the invalid answers the unit counted (output key and record): two probes' units reading one answer count it once */
  invalidAnswers?: string[];
}

export interface CoordinateOptions {
  unitSize?: number;
  signal?: AbortSignal;
  /** told once per record whose unit finished (the progress bar) */
  onItem?: () => void;
  log?: (line: string) => void;
  /** how often to look at the units (default 250 ms) */
  pollMs?: number;
  /** told the usage of the units finished so far, each time more units finish (the progress line's spend) */
  onUsage?: (usage: Record<string, ModelUsage>) => void;
}

/**
 * The coordinator of a distributed run (`slant run --workers`): make the run's cells, cut each cell
 * into units of `unitSize` record positions, enqueue the units not done yet (one pg-boss queue per
 * model; a unit whose job is still queued or held is not enqueued again, so `--resume` after any
 * crash continues where the run was), then wait for the workers, handing dead workers' units back
 * meanwhile. Returns the run's outcome for the aggregation, which runs here.
 */
export async function coordinateRun(plan: ExecutionPlan, anyStore: RunStore, runId: string, warnings: WarningLog, opts: CoordinateOptions = {}): Promise<ExecutionOutcome> {
  if (anyStore.kind !== 'postgres') {
    throw new UserError('--workers needs a shared store', { hint: 'set `store: postgres://user@host/db` in slant.yaml or pass --store postgres://… (the password from PGPASSWORD or ~/.pgpass)' });
  }
  const store = anyStore as PgStore;
  // a resumed run keeps the units it was cut into (its finished units stay finished)
  const before = await store.query<{ unit_size: number }>('SELECT unit_size FROM slant_dist_runs WHERE run_id = ?', [runId]);
  const size = before.rows[0]?.unit_size ?? opts.unitSize ?? DEFAULT_UNIT_SIZE;
  if (before.rows[0] && opts.unitSize !== undefined && opts.unitSize !== size) opts.log?.(`run ${runId} keeps its unit size ${size} (--unit-size ${opts.unitSize} applies to new runs)`);
  const planned = await executePlan(plan, store, runId, { planOnly: true, warnings, ...(opts.signal ? { signal: opts.signal } : {}) });
  const n = new Map(planned.datasets.map((d) => [d.name, d.n]));
  const units: (UnitJob & { queue: string })[] = [];
  for (const cell of planned.cells) {
    if (cell.notApplicable !== undefined) continue;
    const total = n.get(cell.dataset) ?? 0;
    for (let from = 0; from < total; from += size) {
      const to = Math.min(total, from + size);
      units.push({ runId, unitId: `${cell.key}#${from}-${to}`, cellKey: cell.key, model: cell.model, dataset: cell.dataset, from, to, queue: queueFor(cell.model) });
    }
  }
  const queues = [...new Map(units.map((u) => [u.queue, { queue: u.queue, model: u.model }])).values()];
  const boss = await startQueue(store);
  try {
    for (const q of queues) await ensureQueue(boss, q.queue);
    await store.query(
      `INSERT INTO slant_dist_runs (run_id, queues_json, unit_size) VALUES (?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET queues_json = excluded.queues_json, cancelled_at = NULL, cancelled_by = NULL`,
      [runId, JSON.stringify(queues), size],
    );
    await enqueue(store, boss, units);
    // idle workers take them now rather than at their next poll
    await store.query('SELECT pg_notify(?, ?)', [UNITS_CHANNEL, runId]);
    return await waitForUnits(store, boss, runId, planned, units.length, warnings, opts);
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  }
}

/** Enqueue each unit that is neither done nor held by a live job (a resumed run re-enqueues only the rest). */
async function enqueue(store: PgStore, boss: Awaited<ReturnType<typeof startQueue>>, units: readonly (UnitJob & { queue: string })[]): Promise<void> {
  const rows = await store.query<{ unit_id: string; job_id: string | null; queue: string; done_at: Date | null }>('SELECT unit_id, job_id, queue, done_at FROM slant_dist_units WHERE run_id = ?', [units[0]?.runId ?? '']);
  const known = new Map(rows.rows.map((r) => [r.unit_id, r]));
  const todo: (UnitJob & { queue: string })[] = [];
  for (const u of units) {
    const k = known.get(u.unitId);
    if (k?.done_at) continue;
    if (k?.job_id) {
      const job = await boss.getJobById(k.queue, k.job_id);
      if (job && (job.state === 'created' || job.state === 'retry' || job.state === 'active')) continue;
    }
    todo.push(u);
  }
  for (let i = 0; i < todo.length; i += 500) {
    const chunk = todo.slice(i, i + 500);
    // the unit rows name their job first: a crash before the job exists leaves a unit whose job is
    // missing, which a resume enqueues again (never a job the unit table does not know)
    const withIds = chunk.map((u) => ({ u, id: randomUUID() }));
    await store.transaction(async (q) => {
      for (const { u, id } of withIds) {
        const { queue, ...job } = u;
        await q(
          `INSERT INTO slant_dist_units (run_id, unit_id, queue, unit_json, records, job_id) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (run_id, unit_id) DO UPDATE SET queue = excluded.queue, unit_json = excluded.unit_json, records = excluded.records, job_id = excluded.job_id, error = NULL`,
          [u.runId, u.unitId, queue, JSON.stringify(job), u.to - u.from, id],
        );
      }
    });
    await boss.insert(
      withIds.map(({ u, id }) => {
        const { queue, ...job } = u;
        return { id, name: queue, data: job, retryLimit: 1_000, retryDelay: 0 };
      }),
    );
  }
}

async function waitForUnits(store: PgStore, boss: Awaited<ReturnType<typeof startQueue>>, runId: string, planned: ExecutionOutcome, total: number, warnings: WarningLog, opts: CoordinateOptions): Promise<ExecutionOutcome> {
  const outcome: ExecutionOutcome = { ...planned, measured: 0, reused: 0, generated: 0, cacheHits: 0, invalid: 0 };
  let ticked = 0;
  let told = -1;
  const spent = opts.onUsage ? new FinishedUsage(store, runId) : undefined;
  let stoppedByBudget = false;
  for (;;) {
    if (opts.signal?.aborted) return { ...outcome, interrupted: true };
    const r = await store.query<{ done: number; records: number; failed: string | null; cancelled_by: string | null }>(
      `SELECT count(u.done_at)::int AS done, coalesce(sum(u.records) FILTER (WHERE u.done_at IS NOT NULL), 0)::int AS records,
         min(u.unit_id || ': ' || u.error) FILTER (WHERE u.error IS NOT NULL) AS failed, d.cancelled_by
       FROM slant_dist_runs d LEFT JOIN slant_dist_units u ON u.run_id = d.run_id WHERE d.run_id = ? GROUP BY d.cancelled_by`,
      [runId],
    );
    const row = r.rows[0];
    if (row?.cancelled_by) throw new UserError(`run ${runId} was cancelled (${row.cancelled_by})`, { exitCode: EXIT.interrupted, hint: `continue it with \`slant run --workers --resume ${runId}\`` });
    if (row?.failed) throw new UserError(`a unit of run ${runId} failed on a worker: ${row.failed}`, { hint: `fix the cause, then \`slant run --workers --resume ${runId}\` (finished units are kept)` });
    for (; ticked < (row?.records ?? 0); ticked++) opts.onItem?.();
    if ((row?.done ?? 0) !== told) {
      told = row?.done ?? 0;
      opts.log?.(`run ${runId}: ${told}/${total} unit(s) done`);
      if (spent) opts.onUsage?.(await spent.update());
    }
    if ((row?.done ?? 0) >= total) break;
    // the run's budget is reached (by any worker): once no worker holds a unit of the run, its
    // finished units are the run's outcome, and the run stops (exit 4; the resume enqueues the rest)
    const budget = await store.query<{ leased: number }>('SELECT (SELECT count(*) FROM slant_unit_leases l WHERE l.run_id = b.run_id)::int AS leased FROM slant_budgets b WHERE b.run_id = ? AND b.reached IS NOT NULL', [runId]);
    if (budget.rows[0] !== undefined && budget.rows[0].leased === 0) {
      stoppedByBudget = true;
      opts.log?.(`run ${runId}: its budget is reached; ${told}/${total} unit(s) done`);
      break;
    }
    await reapDeadWorkers(store, boss).catch(() => 0);
    await new Promise((res) => setTimeout(res, opts.pollMs ?? 250));
  }
  const stats = await store.query<{ stats_json: string | null; unit_json: string }>('SELECT stats_json, unit_json FROM slant_dist_units WHERE run_id = ?', [runId]);
  const usage = new UsageTracker();
  /** per condition (of the unit's cell): the usage of its units, for the spend table */
  const byCondition = new Map<string, UsageTracker>();
  const conditionOf = new Map(planned.cells.map((c) => [c.key, c.conditionLabel]));
  const produced = new Map<string, (ProducedOutput & { condition: string })[]>();
  const invalidAnswers = new Set<string>();
  for (const s of stats.rows) {
    const u = s.stats_json ? (JSON.parse(s.stats_json) as UnitStats) : undefined;
    if (!u) continue;
    const condition = conditionOf.get((JSON.parse(s.unit_json) as UnitJob).cellKey) ?? '';
    let tracker = byCondition.get(condition);
    if (tracker === undefined) byCondition.set(condition, (tracker = new UsageTracker()));
    if (u.usage) {
      usage.add(u.usage);
      tracker.add(u.usage);
    }
    for (const p of u.produced ?? []) {
      const k = `${p.key}\u0000${p.recordId}`;
      const list = produced.get(k);
      if (list === undefined) produced.set(k, [{ ...p, condition }]);
      else list.push({ ...p, condition });
    }
    outcome.measured += u.measured;
    outcome.reused += u.reused;
    outcome.generated += u.generated;
    outcome.cacheHits += u.cacheHits;
    // units of older workers list no answers: their counts add up as they are
    if (u.invalidAnswers === undefined) outcome.invalid += u.invalid;
    else for (const a of u.invalidAnswers) if (!invalidAnswers.has(a)) {
      invalidAnswers.add(a);
      outcome.invalid++;
    }
    // a cell a worker found not applicable is reported so, as a single-process run reports it
    const cell = u.notApplicable ? outcome.cells.find((c) => c.key === u.notApplicable?.cellKey) : undefined;
    if (cell && u.notApplicable) markCellNotApplicable(cell, u.notApplicable.reason, warnings);
  }
  // Two units of different probes on the same summary may both ask for it when they run at once:
  // one request is paid and the other waits for its answer through the request cache. A
  // single-process run asks once and the second probe reads the stored summary, so the output
  // counts once: the extra copies leave the counts and the usage.
  for (const copies of produced.values()) {
    if (copies.length < 2) continue;
    const kept = copies.find((c) => !c.cached) ?? copies[0];
    for (const c of copies) {
      if (c === kept) continue;
      outcome.generated--;
      if (c.cached) outcome.cacheHits--;
      usage.subtract(c.usage);
      byCondition.get(c.condition)?.subtract(c.usage);
    }
  }
  if (Object.keys(usage.byModel()).length > 0) {
    outcome.usage = usage.byModel();
    outcome.usageByCondition = Object.fromEntries([...byCondition].map(([c, t]) => [c, t.byModel()]));
  }
  return stoppedByBudget ? { ...outcome, interrupted: true } : outcome;
}

/** Cancel a distributed run from any machine: workers stop taking its units, its coordinator stops waiting. */
export async function cancelRun(store: PgStore, runId: string): Promise<boolean> {
  const r = await store.query(`UPDATE slant_dist_runs SET cancelled_at = now(), cancelled_by = ? WHERE run_id = ? AND cancelled_at IS NULL`, [`cancelled from ${hostname()}`, runId]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * What the run's finished units used, summed per model. The coordinator makes no model calls of
 * its own, so this is the spend a distributed run's progress line can show; it grows unit by unit
 * (a unit's usage is written when the unit finishes). Each unit is read once: the poll asks only
 * for units finished since the last one, so a long run does not re-read every finished unit.
 */
class FinishedUsage {
  private readonly usage = new UsageTracker();
  private readonly seen: string[] = [];

  constructor(
    private readonly store: PgStore,
    private readonly runId: string,
  ) {}

  async update(): Promise<Record<string, ModelUsage>> {
    const rows = await this.store.query<{ unit_id: string; stats_json: string }>(
      'SELECT unit_id, stats_json FROM slant_dist_units WHERE run_id = ? AND done_at IS NOT NULL AND stats_json IS NOT NULL AND NOT (unit_id = ANY(?::text[]))',
      [this.runId, this.seen],
    );
    for (const r of rows.rows) {
      this.seen.push(r.unit_id);
      const u = (JSON.parse(r.stats_json) as UnitStats).usage;
      if (u) this.usage.add(u);
    }
    return this.usage.byModel();
  }
}
