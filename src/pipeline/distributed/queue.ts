import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { PgStore } from '../../runtime/pg-store.js';

/**
 * The job queue of distributed runs: pg-boss (10.x, the last line that supports Node 20; see
 * docs/distributed.md for why pg-boss) in the same PostgreSQL database as the store, under its own
 * schema `pgboss`. One queue per model, so a worker takes only the units of models it can serve
 * (`slant worker --models gguf:*`). A unit's lease is its worker's heartbeat (reaper.ts): a worker
 * that stops beating has its active jobs failed, which pg-boss hands out again at once (retryDelay
 * 0). pg-boss's own expiry (6 h) is only a backstop.
 */
const UNIT_EXPIRY_S = 6 * 3600;

/** The PostgreSQL channel a coordinator notifies once it enqueued units: idle workers look at once instead of at their next poll. */
export const UNITS_CHANNEL = 'slant_units';

export interface UnitJob {
  runId: string;
  unitId: string;
  cellKey: string;
  model: string;
  dataset: string;
  /** record positions [from, to) in the dataset */
  from: number;
  to: number;
}

/** A queue name for a model label (pg-boss names: letters, digits, `_`, `-`). */
export function queueFor(model: string): string {
  return `slant-units-${createHash('sha256').update(model).digest('hex').slice(0, 16)}`;
}

export async function startQueue(store: PgStore, opts: { supervise?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: store.url,
    max: 4,
    application_name: 'slant-queue',
    schedule: false,
    supervise: opts.supervise ?? true,
    // expired jobs (the 6 h backstop) are found within a minute
    maintenanceIntervalSeconds: 60,
  });
  // a connection error is reported by the next queue call; an unhandled 'error' event would end the process
  boss.on('error', () => undefined);
  await boss.start();
  return boss;
}

export async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  if ((await boss.getQueue(name)) === null) {
    try {
      await boss.createQueue(name, { name, retryLimit: 1_000, retryDelay: 0, expireInSeconds: UNIT_EXPIRY_S });
    } catch (err) {
      // another coordinator created it meanwhile
      if ((await boss.getQueue(name)) === null) throw err;
    }
  }
}
