import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import { heartbeatMs, type PgStore } from '../../runtime/pg-store.js';
import { executePlan, holdRecords, type ExecutionOptions, type ExecutionPlan } from '../execute.js';
import { WarningLog } from '../warnings.js';
import { recordingUsage, UsageTracker, type ModelUsage } from '../../runtime/usage.js';
import type { UnitStats } from './coordinate.js';
import { startQueue, UNITS_CHANNEL, type UnitJob } from './queue.js';
import { reapDeadWorkers } from './reaper.js';

export interface WorkerOptions {
  /** model patterns this worker serves (`*` wildcards, matched against the model label): default all */
  models?: string[];
  /** units worked on at once (default 2: the next unit starts while the last records of one finish) */
  parallel?: number;
  /** the provider slots this worker has (shown by `slant workers`) */
  slots?: number;
  /** the plan of a run, from its stored config (built once per run; the CLI builds it like `slant run --resume`) */
  planFor: (runId: string, configJson: string) => Promise<ExecutionPlan>;
  /**
   * The run's shared budget as this worker's models reserve against it (made with its plan), if
   * the run has one: aborted once the run's budget is reached; `flush` writes what this worker
   * spent and gave back.
   */
  budgetFor?: (runId: string) => { stop: AbortSignal; flush(): Promise<void> } | undefined;
  signal?: AbortSignal;
  /** stop once no unit is left for this worker (tests, benchmarks; default: keep waiting) */
  exitWhenIdle?: boolean;
  /** how often an idle worker looks for units (default 200 ms) */
  pollMs?: number;
  log?: (line: string) => void;
}

/** A glob over model labels: `*` matches any run of characters. */
export function modelMatcher(patterns: readonly string[] | undefined): (model: string) => boolean {
  if (!patterns || patterns.length === 0) return () => true;
  const res = patterns.map((p) => new RegExp(`^${p.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`));
  return (model) => res.some((r) => r.test(model));
}

/**
 * `slant worker`: take units of distributed runs from the queues of the models this worker serves,
 * run each (executePlan on the unit's records of the unit's cell, storing as a local run does),
 * and mark it done. The worker beats in slant_workers; each unit it holds is leased under that
 * heartbeat (slant_unit_leases), so if it dies its units go back to the queue (reaper.ts). A run
 * cancelled from any machine is dropped at the next unit and within a heartbeat inside a unit.
 */
export async function runWorker(store: PgStore, opts: WorkerOptions): Promise<{ units: number }> {
  // connections and the queue first: a worker shows up in slant_workers once it can take units
  await store.warm();
  const boss = await startQueue(store);
  await store.register('worker', opts.models ?? [], opts.slots ?? 0);
  const serves = modelMatcher(opts.models);
  const plans = new Map<string, Promise<ExecutionPlan>>();
  /** per run: its probes' preparations over whole datasets (certainty's source ranking), made once for all its units */
  const preparations = new Map<string, NonNullable<ExecutionOptions['prepared']>>();
  /** per run: its datasets' records, read once for all its units (execute.ts: files up to 64 MB) */
  const held = new Map<string, NonNullable<ExecutionOptions['heldRecords']>>();
  let units = 0;
  let idleSince: number | undefined;
  /** idle loops waiting for their next poll: woken at once when units are enqueued */
  const waiting = new Set<() => void>();
  const unlisten = await store.listen(UNITS_CHANNEL, () => {
    for (const w of [...waiting]) w();
  });
  const log = opts.log ?? (() => undefined);
  const reaper = setInterval(() => void reapDeadWorkers(store, boss).catch(() => 0), heartbeatMs());
  reaper.unref();

  /** runs whose plan was looked ahead for (planAhead) */
  const lookedAhead = new Set<string>();
  /** A run's plan, held records and preparations given back (planned again if the run goes on). */
  const forget = (runId: string): void => {
    for (const m of [plans, held, preparations]) m.delete(runId);
    lookedAhead.delete(runId);
  };

  const planOf = (runId: string, configJson: string): Promise<ExecutionPlan> => {
    let p = plans.get(runId);
    if (!p) {
      p = opts.planFor(runId, configJson);
      plans.set(runId, p);
      preparations.set(runId, new Map());
      held.set(runId, new Map());
      p.catch(() => plans.delete(runId));
    }
    return p;
  };

  /**
   * The plan of a running run this worker has units to take from, built before it takes the first
   * (config, models, probes, its datasets' records read: a few hundred ms of CPU), so the run's
   * first units do not wait for it with a lease held. A plan that fails here is tried again by the unit, which
   * reports the error to the run.
   */
  const planAhead = async (runId: string): Promise<void> => {
    if (plans.has(runId) || lookedAhead.has(runId)) return;
    lookedAhead.add(runId);
    const r = await store.query<{ config_json: string }>(`SELECT config_json FROM runs WHERE id = ? AND status = 'running'`, [runId]);
    const config = r.rows[0]?.config_json;
    if (config === undefined) return;
    const plan = await planOf(runId, config).catch(() => undefined);
    const records = held.get(runId);
    // the datasets' records too (read once for all the run's units); a failed read is the unit's to report
    if (plan && records) for (const ds of plan.datasets) await holdRecords(ds, records).catch(() => undefined);
  };

  /** The next job for this worker, from the queues of live runs whose models it serves. */
  const next = async (): Promise<PgBoss.Job<UnitJob> | undefined> => {
    const runs = await store.query<{ run_id: string; queues_json: string; completed: boolean }>(
      `SELECT d.run_id, d.queues_json, r.status = 'completed' AS completed FROM slant_dist_runs d JOIN runs r ON r.id = d.run_id WHERE d.cancelled_at IS NULL ORDER BY d.created_at`,
    );
    // a completed or cancelled run gives back its plan, held records and preparations (a cancelled
    // run resumed later is planned again); a failed or interrupted one keeps them for its resume
    const live = new Set(runs.rows.filter((r) => !r.completed).map((r) => r.run_id));
    for (const id of [...plans.keys()]) if (!live.has(id)) forget(id);
    for (const r of runs.rows) {
      const queues = (JSON.parse(r.queues_json) as { queue: string; model: string }[]).filter((q) => serves(q.model));
      if (queues.length > 0) await planAhead(r.run_id);
      for (const q of queues) {
        const [job] = await boss.fetch<UnitJob>(q.queue, { batchSize: 1 });
        if (job) return job;
      }
    }
    return undefined;
  };

  const work = async (job: PgBoss.Job<UnitJob>): Promise<void> => {
    const u = job.data;
    // one round trip: lease the unit under this worker's heartbeat, mark it started (unless done or
    // its run cancelled), and read what the unit needs
    const state = await store.query<{ done: boolean; cancelled: boolean; budget_reached: boolean; config_json: string; stopped_json: string | null }>(
      `WITH lease AS (
         INSERT INTO slant_unit_leases (job_id, queue, run_id, worker_id, unit_json) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (job_id) DO UPDATE SET worker_id = excluded.worker_id, since = now()),
       started AS (
         UPDATE slant_dist_units u SET started_at = coalesce(u.started_at, now()) FROM slant_dist_runs d
         WHERE u.run_id = ? AND u.unit_id = ? AND d.run_id = u.run_id AND u.done_at IS NULL AND d.cancelled_at IS NULL)
       SELECT u.done_at IS NOT NULL AS done, d.cancelled_at IS NOT NULL AS cancelled, b.reached IS NOT NULL AS budget_reached, r.config_json,
         CASE WHEN u.done_at IS NULL THEN u.stats_json END AS stopped_json
       FROM slant_dist_units u JOIN slant_dist_runs d ON d.run_id = u.run_id JOIN runs r ON r.id = u.run_id LEFT JOIN slant_budgets b ON b.run_id = u.run_id
       WHERE u.run_id = ? AND u.unit_id = ?`,
      [job.id, job.name, u.runId, store.ownerId, JSON.stringify(u), u.runId, u.unitId, u.runId, u.unitId],
    );
    const ctrl = new AbortController();
    // every record in flight listens to the unit's signal (more than Node's default 10 is no leak)
    setMaxListeners(0, ctrl.signal);
    const onAbort = (): void => ctrl.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const watch = setInterval(() => {
      void store
        .query<{ c: boolean }>('SELECT cancelled_at IS NOT NULL AS c FROM slant_dist_runs WHERE run_id = ?', [u.runId])
        .then((r) => {
          if (r.rows[0]?.c !== false) ctrl.abort();
        })
        .catch(() => undefined);
    }, heartbeatMs());
    watch.unref();
    let leased = true;
    try {
      const row = state.rows[0];
      // a unit of a run whose budget is reached is left undone: its job ends, and the run's resume enqueues the unit again
      if (!row || row.done || row.cancelled || row.budget_reached) {
        await boss.complete(job.name, job.id);
        return;
      }
      const plan = await planOf(u.runId, row.config_json);
      const budget = opts.budgetFor?.(u.runId);
      const ds = plan.datasets.find((d) => d.name === u.dataset);
      if (!ds) throw new Error(`dataset "${u.dataset}" is not in the run's plan`);
      const warnings = new WarningLog();
      const prepared = preparations.get(u.runId);
      const heldRecords = held.get(u.runId);
      // the unit's own usage (this worker runs several units at once on the same models)
      const unitUsage = new UsageTracker();
      const out = await recordingUsage(unitUsage, () => executePlan({ ...plan, datasets: [ds] }, store, u.runId, {
        warnings,
        signal: ctrl.signal,
        range: { from: u.from, to: u.to },
        cells: (c) => c.key === u.cellKey,
        ...(prepared ? { prepared } : {}),
        ...(heldRecords ? { heldRecords } : {}),
        ...(budget !== undefined ? { stop: budget.stop } : {}),
      }));
      // what this unit spent and gave back is written before the unit counts as done or stopped
      await budget?.flush();
      // what earlier attempts of this unit stopped by the budget paid for (their outputs are reused now)
      const before = row.stopped_json !== null ? (JSON.parse(row.stopped_json) as UnitStats) : undefined;
      const paid = { generated: out.generated + (before?.generated ?? 0), cacheHits: out.cacheHits + (before?.cacheHits ?? 0), usage: addUsage(unitUsage.byModel(), before?.usage), produced: [...(before?.produced ?? []), ...(out.produced ?? [])] };
      if (out.interrupted && budget?.stop.aborted === true && !ctrl.signal.aborted) {
        // the run's budget is reached: the unit's finished records are stored, the rest wait for
        // the run's resume (which enqueues the unit again); its plan and budget are made again
        // then. What it paid for is kept with the unit, for the run's usage once the unit is done.
        log(`unit ${u.unitId} of run ${u.runId} stopped: the run's budget is reached`);
        forget(u.runId);
        await store.query('UPDATE slant_dist_units SET stats_json = ? WHERE run_id = ? AND unit_id = ? AND done_at IS NULL', [JSON.stringify({ ...paid, measured: 0, reused: 0, invalid: 0 } satisfies UnitStats), u.runId, u.unitId]);
        await boss.complete(job.name, job.id);
        return;
      }
      if (out.interrupted) {
        // this worker is stopping (or the run was cancelled): the unit goes back to the queue
        await boss.fail(job.name, job.id, { reason: 'worker stopped' });
        return;
      }
      const stats: UnitStats = { measured: out.measured, reused: out.reused, invalid: out.invalid, invalidAnswers: out.invalidAnswers ?? [], ...paid };
      const reason = out.cells.find((c) => c.key === u.cellKey)?.notApplicable;
      if (reason !== undefined) stats.notApplicable = { cellKey: u.cellKey, reason };
      // one round trip: the unit done with its counts, this worker's counts, its lease dropped
      await store.query(
        `WITH unit AS (UPDATE slant_dist_units SET done_at = now(), done_by = ?, stats_json = ?, error = NULL WHERE run_id = ? AND unit_id = ?),
         lease AS (DELETE FROM slant_unit_leases WHERE job_id = ? AND worker_id = ?)
         UPDATE slant_workers SET units_done = units_done + 1, items_done = items_done + ? WHERE id = ?`,
        [store.ownerId, JSON.stringify(stats), u.runId, u.unitId, job.id, store.ownerId, out.measured, store.ownerId],
      );
      leased = false;
      await boss.complete(job.name, job.id);
      units++;
    } catch (err) {
      // a unit that fails (bad input, a provider refusing) fails the run at its coordinator, with the reason
      const why = err instanceof Error ? err.message : String(err);
      log(`unit ${u.unitId} of run ${u.runId} failed: ${why}`);
      await store.query('UPDATE slant_dist_units SET error = ? WHERE run_id = ? AND unit_id = ?', [`${why} (on ${hostname()})`, u.runId, u.unitId]).catch(() => undefined);
      await boss.complete(job.name, job.id).catch(() => undefined);
    } finally {
      clearInterval(watch);
      opts.signal?.removeEventListener('abort', onAbort);
      if (leased) await store.query('DELETE FROM slant_unit_leases WHERE job_id = ? AND worker_id = ?', [job.id, store.ownerId]).catch(() => undefined);
    }
  };

  const loop = async (): Promise<void> => {
    while (opts.signal?.aborted !== true) {
      const job = await next();
      if (job) {
        idleSince = undefined;
        await work(job);
        continue;
      }
      idleSince ??= Date.now();
      // idle: with exitWhenIdle, stop after a quiet spell long enough for a dead worker's units to be reaped
      if (opts.exitWhenIdle === true && Date.now() - idleSince > 2 * heartbeatMs()) return;
      // until the poll interval passes or a coordinator says it enqueued units (LISTEN/NOTIFY)
      await new Promise<void>((r) => {
        const done = (): void => {
          clearTimeout(timer);
          waiting.delete(done);
          r();
        };
        const timer = setTimeout(done, opts.pollMs ?? 200);
        waiting.add(done);
      });
    }
  };

  try {
    log(`worker ${store.ownerId} serving ${opts.models?.join(', ') ?? 'all models'}`);
    await Promise.all(Array.from({ length: opts.parallel ?? 2 }, () => loop()));
  } finally {
    clearInterval(reaper);
    await unlisten();
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await store.unregister().catch(() => undefined);
  }
  return { units };
}

/** Usage per model of two attempts of a unit, added. */
function addUsage(a: Record<string, ModelUsage>, b: Record<string, ModelUsage> | undefined): Record<string, ModelUsage> {
  const t = new UsageTracker();
  t.add(a);
  if (b !== undefined) t.add(b);
  return t.byModel();
}
