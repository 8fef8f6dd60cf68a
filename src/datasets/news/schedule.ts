import { Cron } from 'croner';
import { UserError } from '../../core/errors.js';
import { defaultSleep, type SleepFn } from '../../runtime/scheduler.js';

/**
 * The builder's schedule: `--every 24h` (an interval: 90s, 30m, 24h, 7d) or `--every "0 6 * * *"`
 * (a cron expression, parsed by croner; 5 or 6 fields, UTC unless a timezone is given).
 *
 * Restart safety: the next run is computed from the last COMPLETED pass stored in news_fetches, not
 * from the process start. A restarted process therefore waits out the rest of the interval instead
 * of fetching again at once, a pass that crashed is retried on the next start, and a cron time
 * missed while the process was down is caught up once. Duplicates are excluded by the store itself
 * (unique URL, title check in the insert transaction), whatever the timing.
 */
export type Every = { kind: 'interval'; ms: number; text: string } | { kind: 'cron'; pattern: string; timezone?: string };

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseEvery(text: string, timezone?: string): Every {
  const t = text.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)$/i.exec(t);
  if (m !== null) {
    const ms = Number(m[1]) * (UNITS[(m[2] ?? '').toLowerCase()] ?? 0);
    if (!(ms >= 1000)) throw new UserError(`--every ${text}: the interval must be at least 1s`);
    return { kind: 'interval', ms, text: t };
  }
  try {
    const probe = new Cron(t, { paused: true, ...(timezone !== undefined ? { timezone } : {}) });
    if (probe.nextRun() === null) throw new Error('it never fires');
    probe.stop();
  } catch (err) {
    throw new UserError(`--every "${text}" is neither an interval (e.g. 24h, 30m) nor a cron expression (e.g. "0 6 * * *"): ${(err as Error).message}`);
  }
  return timezone !== undefined ? { kind: 'cron', pattern: t, timezone } : { kind: 'cron', pattern: t };
}

/** When the next pass is due, given the start of the last completed one. */
export function nextRunAt(every: Every, lastCompleted: Date | undefined, now: Date): Date {
  if (lastCompleted === undefined) return now;
  if (every.kind === 'interval') {
    const due = lastCompleted.getTime() + every.ms;
    return new Date(Math.max(due, now.getTime()));
  }
  const cron = new Cron(every.pattern, { paused: true, ...(every.timezone !== undefined ? { timezone: every.timezone } : {}) });
  try {
    const afterLast = cron.nextRun(lastCompleted);
    if (afterLast !== null && afterLast.getTime() <= now.getTime()) return now; // missed while down: catch up once
    return cron.nextRun(now) ?? new Date(8.64e15);
  } finally {
    cron.stop();
  }
}

export interface ScheduleOptions {
  every: Every;
  /** start of the last completed pass (read from the store before every wait) */
  lastCompleted: () => Date | undefined;
  runOnce: () => Promise<unknown>;
  signal?: AbortSignal;
  /** injectable for tests */
  now?: () => Date;
  sleep?: SleepFn;
  log?: (line: string) => void;
  /** stop after this many passes (tests); default: until the signal aborts */
  maxRuns?: number;
}

/**
 * Long-lived loop: wait until due, run one pass, repeat. A failed pass is logged and retried at the
 * next due time (the failed pass does not count as completed); a UserError (bad key or options)
 * stops the loop. Resolves when `signal` aborts (SIGINT/SIGTERM) or after maxRuns.
 */
export async function runSchedule(opts: ScheduleOptions): Promise<number> {
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? defaultSleep;
  const log = opts.log ?? (() => undefined);
  let runs = 0;
  let lastFailure: Date | undefined;
  while (!isAborted(opts.signal) && (opts.maxRuns === undefined || runs < opts.maxRuns)) {
    const last = opts.lastCompleted();
    // after a failed pass, wait a full period from the failure rather than spinning
    const base = lastFailure !== undefined && (last === undefined || lastFailure > last) ? lastFailure : last;
    const due = nextRunAt(opts.every, base, now());
    const wait = due.getTime() - now().getTime();
    if (wait > 0) {
      log(`next pass at ${due.toISOString()}`);
      try {
        await sleep(wait, opts.signal);
      } catch {
        break; // aborted
      }
      continue; // re-read the store: another process may have run meanwhile
    }
    runs++;
    try {
      await opts.runOnce();
      lastFailure = undefined;
    } catch (err) {
      if (err instanceof UserError || isAborted(opts.signal)) throw err;
      lastFailure = now();
      log(`pass failed: ${(err as Error).message}`);
    }
  }
  return runs;
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
