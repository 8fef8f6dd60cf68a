import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EXIT, UserError } from '../core/errors.js';
import type { LeaseRow } from './store.js';
import { asRunStore, type AnyStore } from './sqlite-run-store.js';
import type { RunStore } from './run-store.js';

/** A lease whose holder has not refreshed it for this long is taken over (default 30 s). */
export const LEASE_STALE_MS = 30_000;
/** How often the holder refreshes its lease (default 5 s). */
export const LEASE_HEARTBEAT_MS = 5_000;

export interface LeaseHolder {
  pid: number;
  host: string;
  since: string;
  heartbeatAt: string;
}

export interface LeaseOptions {
  /** wait for the holder to finish instead of failing at once (`--wait`) */
  wait?: boolean;
  staleMs?: number;
  heartbeatMs?: number;
  /** how often a waiting process looks again (default 1 s) */
  pollMs?: number;
  signal?: AbortSignal;
  /** told once when waiting starts */
  onWait?: (holder: LeaseHolder) => void;
}

/** The run is being worked on by another live process. */
export class RunLeaseHeldError extends UserError {
  constructor(
    readonly runId: string,
    readonly holder: LeaseHolder,
  ) {
    super(`run ${runId} is being worked on by another slant process (pid ${holder.pid} on ${holder.host}, since ${holder.since})`, {
      exitCode: EXIT.usage,
      hint: `wait for it to finish, or pass --wait to start when it does; a holder that died is taken over ${LEASE_STALE_MS / 1000} s after its last heartbeat (at once on the same host)`,
    });
    this.name = 'RunLeaseHeldError';
  }
}

/** Whether a process with this pid exists on this machine (EPERM: it exists, owned by someone else). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per run: the lease row in the store's `run_leases` table. Taken in an immediate
 * transaction; refreshed by a heartbeat; taken over when its holder is gone (pid not alive on the
 * same host, or no heartbeat for `staleMs`); released when the run ends.
 */
export class RunLease {
  private timer: NodeJS.Timeout | undefined;
  private constructor(
    private readonly store: RunStore,
    readonly runId: string,
    private readonly token: string,
  ) {}

  static async acquire(anyStore: AnyStore, runId: string, opts: LeaseOptions = {}): Promise<RunLease> {
    const store = asRunStore(anyStore);
    const token = randomBytes(8).toString('hex');
    const staleMs = opts.staleMs ?? LEASE_STALE_MS;
    let told = false;
    for (;;) {
      const holder = await store.takeLease(runId, token, (row) => liveHolder(row, staleMs));
      if (holder === undefined) {
        const lease = new RunLease(store, runId, token);
        lease.startHeartbeat(opts.heartbeatMs ?? LEASE_HEARTBEAT_MS);
        return lease;
      }
      if (opts.wait !== true) throw new RunLeaseHeldError(runId, holder);
      if (!told) opts.onWait?.(holder);
      told = true;
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, opts.pollMs ?? 1000);
        opts.signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(t);
            reject(new UserError(`stopped waiting for run ${runId}`, { exitCode: EXIT.interrupted }));
          },
          { once: true },
        );
      });
    }
  }

  private startHeartbeat(ms: number): void {
    this.timer = setInterval(() => {
      // a busy store skips one beat; the lease goes stale only after many
      this.store.beatLease(this.runId, this.token).catch(() => undefined);
    }, ms);
    this.timer.unref();
  }

  async release(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    try {
      await this.store.releaseLease(this.runId, this.token);
    } catch {
      // the store is gone or broken: the lease goes stale and is taken over
    }
  }
}

/** The lease's live holder, or undefined when there is none (no lease, or its holder is gone: take it). */
function liveHolder(row: LeaseRow | undefined, staleMs: number): LeaseHolder | undefined {
  if (row === undefined) return undefined;
  const sameHostDead = row.host === hostname() && row.pid !== process.pid && !pidAlive(row.pid);
  const stale = Date.now() - Date.parse(row.heartbeat_at) > staleMs;
  if (sameHostDead || stale) return undefined;
  return { pid: row.pid, host: row.host, since: row.since, heartbeatAt: row.heartbeat_at };
}
