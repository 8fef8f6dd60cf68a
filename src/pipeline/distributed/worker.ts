import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import { heartbeatMs, type PgStore } from '../../runtime/pg-store.js';
import { executePlan, type ExecutionPlan } from '../execute.js';
import { WarningLog } from '../warnings.js';
import type { UnitStats } from './coordinate.js';
import { startQueue, type UnitJob } from './queue.js';
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
  await store.register('worker', opts.models ?? [], opts.slots ?? 0);
  const boss = await startQueue(store);
  const serves = modelMatcher(opts.models);
  const plans = new Map<string, Promise<ExecutionPlan>>();
  let units = 0;
  let idleSince: number | undefined;
  const log = opts.log ?? (() => undefined);
  const reaper = setInterval(() => void reapDeadWorkers(store, boss).catch(() => 0), heartbeatMs());
  reaper.unref();

  const planOf = (runId: string, configJson: string): Promise<ExecutionPlan> => {
    let p = plans.get(runId);
    if (!p) {
      p = opts.planFor(runId, configJson);
      plans.set(runId, p);
      p.catch(() => plans.delete(runId));
    }
    return p;
  };

  /** The next job for this worker, from the queues of live runs whose models it serves. */
  const next = async (): Promise<PgBoss.Job<UnitJob> | undefined> => {
    const runs = await store.query<{ queues_json: string }>('SELECT queues_json FROM slant_dist_runs WHERE cancelled_at IS NULL ORDER BY created_at');
    for (const r of runs.rows) {
      for (const q of JSON.parse(r.queues_json) as { queue: string; model: string }[]) {
        if (!serves(q.model)) continue;
        const [job] = await boss.fetch<UnitJob>(q.queue, { batchSize: 1 });
        if (job) return job;
      }
    }
    return undefined;
  };

  const work = async (job: PgBoss.Job<UnitJob>): Promise<void> => {
    const u = job.data;
    await store.query('INSERT INTO slant_unit_leases (job_id, queue, run_id, worker_id, unit_json) VALUES (?, ?, ?, ?, ?) ON CONFLICT (job_id) DO UPDATE SET worker_id = excluded.worker_id, since = now()', [job.id, job.name, u.runId, store.ownerId, JSON.stringify(u)]);
    const ctrl = new AbortController();
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
    try {
      const state = await store.query<{ done: boolean; cancelled: boolean; config_json: string }>(
        `SELECT u.done_at IS NOT NULL AS done, d.cancelled_at IS NOT NULL AS cancelled, r.config_json
         FROM slant_dist_units u JOIN slant_dist_runs d ON d.run_id = u.run_id JOIN runs r ON r.id = u.run_id WHERE u.run_id = ? AND u.unit_id = ?`,
        [u.runId, u.unitId],
      );
      const row = state.rows[0];
      if (!row || row.done || row.cancelled) {
        await boss.complete(job.name, job.id);
        return;
      }
      await store.query('UPDATE slant_dist_units SET started_at = coalesce(started_at, now()) WHERE run_id = ? AND unit_id = ?', [u.runId, u.unitId]);
      const plan = await planOf(u.runId, row.config_json);
      const ds = plan.datasets.find((d) => d.name === u.dataset);
      if (!ds) throw new Error(`dataset "${u.dataset}" is not in the run's plan`);
      const warnings = new WarningLog();
      const out = await executePlan({ ...plan, datasets: [ds] }, store, u.runId, {
        warnings,
        signal: ctrl.signal,
        records: (i) => i >= u.from && i < u.to,
        cells: (c) => c.key === u.cellKey,
      });
      if (out.interrupted) {
        // this worker is stopping (or the run was cancelled): the unit goes back to the queue
        await boss.fail(job.name, job.id, { reason: 'worker stopped' });
        return;
      }
      const stats: UnitStats = { measured: out.measured, reused: out.reused, generated: out.generated, cacheHits: out.cacheHits, invalid: out.invalid };
      const reason = out.cells.find((c) => c.key === u.cellKey)?.notApplicable;
      if (reason !== undefined) stats.notApplicable = { cellKey: u.cellKey, reason };
      await store.query('UPDATE slant_dist_units SET done_at = now(), done_by = ?, stats_json = ?, error = NULL WHERE run_id = ? AND unit_id = ?', [store.ownerId, JSON.stringify(stats), u.runId, u.unitId]);
      await store.query('UPDATE slant_workers SET units_done = units_done + 1, items_done = items_done + ? WHERE id = ?', [out.measured, store.ownerId]);
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
      await store.query('DELETE FROM slant_unit_leases WHERE job_id = ? AND worker_id = ?', [job.id, store.ownerId]).catch(() => undefined);
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
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
    }
  };

  try {
    log(`worker ${store.ownerId} serving ${opts.models?.join(', ') ?? 'all models'}`);
    await Promise.all(Array.from({ length: opts.parallel ?? 2 }, () => loop()));
  } finally {
    clearInterval(reaper);
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await store.unregister().catch(() => undefined);
  }
  return { units };
}
