import type { PgStore } from '../../runtime/pg-store.js';

export interface WorkerStatus {
  id: string;
  role: string;
  host: string;
  pid: number;
  models: string[];
  slots: number;
  /** the units it holds now (unit ids) */
  holding: string[];
  unitsDone: number;
  itemsDone: number;
  /** items measured per minute since it started; undefined before its first minute */
  itemsPerMinute: number | undefined;
  beatAgoS: number;
}

/** The live workers of a shared store (heartbeat within the stale limit), with their units and rates. */
export async function listWorkers(store: PgStore): Promise<WorkerStatus[]> {
  const r = await store.query<{ id: string; role: string; host: string; pid: number; models_json: string; slots: number; units_done: number; items_done: number; up_s: number; beat_s: number; holding: string[] | null }>(
    `SELECT w.id, w.role, w.host, w.pid, w.models_json, w.slots, w.units_done, w.items_done,
       extract(epoch FROM now() - w.started_at)::float8 AS up_s, extract(epoch FROM now() - w.heartbeat_at)::float8 AS beat_s,
       array_remove(array_agg(l.unit_json::json->>'unitId'), NULL) AS holding
     FROM slant_workers w LEFT JOIN slant_unit_leases l ON l.worker_id = w.id
     WHERE w.stopped_at IS NULL AND w.role = 'worker' GROUP BY w.id ORDER BY w.started_at`,
  );
  return r.rows.map((w) => ({
    id: w.id,
    role: w.role,
    host: w.host,
    pid: w.pid,
    models: JSON.parse(w.models_json) as string[],
    slots: w.slots,
    holding: w.holding ?? [],
    unitsDone: w.units_done,
    itemsDone: w.items_done,
    itemsPerMinute: w.up_s >= 60 ? (w.items_done / w.up_s) * 60 : undefined,
    beatAgoS: w.beat_s,
  }));
}
