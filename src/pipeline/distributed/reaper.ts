import type PgBoss from 'pg-boss';
import { staleMs, type PgStore } from '../../runtime/pg-store.js';

/**
 * Hand the units of dead workers back to the queue: a worker whose heartbeat is older than the
 * stale limit is marked stopped (by exactly one reaper: the UPDATE decides) and each unit it held
 * is failed in pg-boss, which retries it at once on another worker. Run by every worker and by
 * the coordinator, so a dead worker's units move on as long as anyone is alive. Returns the number
 * of units handed back.
 */
export async function reapDeadWorkers(store: PgStore, boss: PgBoss): Promise<number> {
  const dead = await store.query<{ id: string }>(
    `UPDATE slant_workers SET stopped_at = now() WHERE stopped_at IS NULL AND heartbeat_at < now() - make_interval(secs => ?) RETURNING id`,
    [staleMs() / 1000],
  );
  if (dead.rows.length === 0) return 0;
  const ids = dead.rows.map((r) => r.id);
  const held = await store.query<{ job_id: string; queue: string }>('DELETE FROM slant_unit_leases WHERE worker_id = ANY(?) RETURNING job_id, queue', [ids]);
  await store.query('DELETE FROM slant_cache_claims WHERE worker_id = ANY(?)', [ids]);
  for (const r of held.rows) await boss.fail(r.queue, r.job_id, { reason: 'worker stopped beating' });
  return held.rows.length;
}
