import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EXIT, UserError } from '../core/errors.js';
import type { LeaseRow } from './store.js';
import { asRunStore, type AnyStore } from './sqlite-run-store.js';
import type { LeaseStore } from './run-store.js';

/** A lease whose holder has not refreshed it for this long is taken over (default 30 s; SLANT_LEASE_STALE_MS). */
const LEASE_STALE_MS = 30_000;
/** How often the holder refreshes its lease (default 5 s; SLANT_LEASE_HEARTBEAT_MS). */
const LEASE_HEARTBEAT_MS = 5_000;

function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface LeaseHolder {
  /** the run the lease is on (another run's, when a second process started on the same config) */
  runId: string;
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
  /**
   * A new run: also refused (or made to wait) while another run of the same config is being worked
   * on (SQLite, which has no request claims: src/runtime/store.ts takeLease).
   */
  sameConfig?: boolean;
}

/** The run is being worked on by another live process. */
export class RunLeaseHeldError extends UserError {
  constructor(
    readonly runId: string,
    readonly holder: LeaseHolder,
  ) {
    super(
      holder.runId === runId
        ? `run ${runId} is being worked on by another slant process (pid ${holder.pid} on ${holder.host}, since ${holder.since})`
        : `the same config is being run by another slant process (run ${holder.runId}, pid ${holder.pid} on ${holder.host}, since ${holder.since}); running it twice at once would pay for every request twice`,
      {
        exitCode: EXIT.usage,
        hint:
          holder.runId === runId
            ? `wait for it to finish, or pass --wait to start when it does; a holder that died is taken over ${LEASE_STALE_MS / 1000} s after its last heartbeat (at once on the same host)`
            : `pass --wait to start when it ends (its answers are then served from the request cache), or follow it with \`slant run --resume ${holder.runId} --wait\``,
      },
    );
    this.name = 'RunLeaseHeldError';
  }
}

/** This process's lease was taken over by another process (it stalled past the stale limit): it must stop. */
export class RunLeaseLostError extends UserError {
  constructor(readonly runId: string) {
    super(`run ${runId} was taken over by another slant process while this one was stalled; this one stops here without sending more requests (what it stored is kept)`, {
      exitCode: EXIT.usage,
      hint: `the other process carries the run on; see \`slant runs\`, or follow it with \`slant run --resume ${runId} --wait\``,
    });
    this.name = 'RunLeaseLostError';
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
  /** when the store last confirmed the lease was ours (ms; the time the confirming write was sent) */
  private confirmedAt = Date.now();
  private lost: RunLeaseLostError | undefined;
  private verifying: Promise<void> | undefined;
  private constructor(
    private readonly store: LeaseStore,
    readonly runId: string,
    private readonly token: string,
    /** a confirmation younger than this lets a request go without asking the store (well under the stale limit) */
    private readonly trustMs: number,
  ) {}

  static async acquire(anyStore: AnyStore<LeaseStore>, runId: string, opts: LeaseOptions = {}): Promise<RunLease> {
    const store = asRunStore(anyStore);
    const token = randomBytes(8).toString('hex');
    const staleMs = opts.staleMs ?? envMs('SLANT_LEASE_STALE_MS', LEASE_STALE_MS);
    const heartbeatMs = opts.heartbeatMs ?? envMs('SLANT_LEASE_HEARTBEAT_MS', LEASE_HEARTBEAT_MS);
    let told = false;
    for (;;) {
      const holder = await store.takeLease(runId, token, (row) => liveHolder(row, staleMs), { sameConfig: opts.sameConfig === true });
      if (holder === undefined) {
        const lease = new RunLease(store, runId, token, Math.min(2 * heartbeatMs, staleMs / 2));
        lease.startHeartbeat(heartbeatMs);
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
      this.confirm().catch(() => undefined);
    }, ms);
    this.timer.unref();
  }

  /** Refresh the lease in the store: resolves while it is ours, rejects with RunLeaseLostError once it is not. */
  confirm(): Promise<void> {
    if (this.lost !== undefined) return Promise.reject(this.lost);
    this.verifying ??= (async () => {
      const sent = Date.now();
      try {
        if (await this.store.beatLease(this.runId, this.token)) this.confirmedAt = Math.max(this.confirmedAt, sent);
        else this.lost ??= new RunLeaseLostError(this.runId);
      } finally {
        this.verifying = undefined;
      }
      if (this.lost !== undefined) throw this.lost;
    })();
    return this.verifying;
  }

  /**
   * The send fence (src/runtime/send-fence.ts): a request goes at once while the lease was confirmed
   * within `trustMs`; after longer (the process stalled: its heartbeat could not run) the store is
   * asked first, and a lease another process took over stops the request.
   */
  readonly fence = (): Promise<void> | undefined => {
    if (this.lost !== undefined) return Promise.reject(this.lost);
    if (Date.now() - this.confirmedAt < this.trustMs) return undefined;
    return this.confirm();
  };

  async release(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.lost !== undefined) return;
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
  return { runId: row.run_id, pid: row.pid, host: row.host, since: row.since, heartbeatAt: row.heartbeat_at };
}
