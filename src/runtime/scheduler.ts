/**
 * Request scheduler for model providers: per-provider concurrency, adaptive back-off on rate
 * limits (429) honouring Retry-After, retries with exponential back-off and jitter on 5xx /
 * timeouts / reset connections (capped), a per-request timeout, and clean cancellation through
 * an AbortSignal (Ctrl-C): queued work is rejected, in-flight requests are aborted, and results
 * already returned stay returned.
 *
 * Rate limits are adaptive (AIMD): a 429 pauses the provider's whole lane for the wait the
 * server asked for and halves the lane's concurrency; each run of `limit` successes adds one
 * slot back, up to the configured maximum.
 */

import { AnsweredWhileQueued, answeredMeanwhile } from './slot-check.js';
import { defaultConcurrency } from '../models/providers.js';
import { beforeSend } from './send-fence.js';

export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface SchedulerOptions {
  /** maximum concurrent requests per provider name, e.g. { openai: 16, ollama: 1 } */
  concurrency?: Record<string, number>;
  /** for providers not in `concurrency` (default 4) */
  defaultConcurrency?: number;
  /** retries after the first attempt for errors, timeouts and resets (default 5) */
  maxRetries?: number;
  /** retries after 429 answers, counted separately (default 20) */
  maxRateLimitRetries?: number;
  /** first back-off step (default 500 ms); doubles per retry */
  baseDelayMs?: number;
  /**
   * floor under a server's wait (Retry-After: 0 or a few ms would otherwise retry in a tight loop):
   * the n-th retry waits at least minDelayMs * 2^(n-1), capped by maxDelayMs (default 100 ms)
   */
  minDelayMs?: number;
  /** cap on any single wait, including a server's Retry-After (default 60 s) */
  maxDelayMs?: number;
  /**
   * total time one request may spend failing and waiting to retry, from its first failed attempt
   * (default 5 min): past it, or when the server asks for a longer wait than is left, the request
   * fails with a RetryBudgetError instead of retrying (a 429 that never clears ends the run)
   */
  retryBudgetMs?: number;
  /** per-attempt timeout (default 120 s; 0 = none) */
  timeoutMs?: number;
  /** cancels everything (Ctrl-C) */
  signal?: AbortSignal;
  /** injectable for tests */
  sleep?: SleepFn;
  /** injectable for tests; returns [0, 1) */
  random?: () => number;
  /** the clock the retry budget is measured on (epoch ms); injectable for tests, with `sleep` */
  now?: () => number;
  /** called before each retry */
  onRetry?: (info: RetryInfo) => void;
}

/** Limits of one lane (a provider, or a model with limits of its own). */
export interface LaneLimits {
  /** requests in flight at once */
  maxConcurrency?: number;
  /** requests started in any 60 s window */
  requestsPerMinute?: number;
  /**
   * tokens (input + output, as the provider reports them) in any 60 s window: a request starts
   * only while the tokens of the requests finished in the last 60 s are below the limit (requests
   * already in flight can overshoot it by their own tokens)
   */
  tokensPerMinute?: number;
  /** cap on one wait before a retry in this lane (default: the scheduler's `maxDelayMs`, 60 s) */
  maxRetryWaitMs?: number;
  /** total retry time per request in this lane (default: the scheduler's `retryBudgetMs`, 5 min) */
  retryBudgetMs?: number;
}

const WINDOW_MS = 60_000;

export interface RetryInfo {
  provider: string;
  /** 1 for the first retry */
  attempt: number;
  delayMs: number;
  reason: 'rate-limit' | 'timeout' | 'error';
  error: unknown;
}

export interface RunOptions {
  /** cancels this request only */
  signal?: AbortSignal;
  /** overrides the scheduler's per-attempt timeout */
  timeoutMs?: number;
}

export interface LaneStats {
  /** attempts started (first tries and retries) */
  attempts: number;
  succeeded: number;
  failed: number;
  retries: number;
  rateLimited: number;
  timeouts: number;
  /** requests not sent because their answer was stored while they waited for a slot */
  servedWhileQueued: number;
  inFlight: number;
  queued: number;
  /** current adaptive concurrency limit */
  concurrency: number;
  maxConcurrency: number;
}

/**
 * A request stopped retrying because its retry budget is spent, or because the server asked for
 * a wait longer than what is left of it (Retry-After of days, a date years ahead). Carries the
 * last error as `cause` and its HTTP status, so it is reported as the provider failing.
 */
export class RetryBudgetError extends Error {
  readonly status?: number;
  readonly retryable = false;
  constructor(message: string, last: unknown) {
    super(message, { cause: last });
    this.name = 'RetryBudgetError';
    const status = (last as { status?: unknown } | null)?.status;
    if (typeof status === 'number') this.status = status;
  }
}

/** A duration for messages: "850 ms", "45 s", "5 min", "11 days". */
export function formatWait(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 2 * 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 2 * 86_400_000) return `${Math.round(ms / 3_600_000)} h`;
  return `${Math.round(ms / 86_400_000)} days`;
}

/** A request attempt took longer than the timeout. Retryable. */
export class RequestTimeoutError extends Error {
  readonly retryable = true;
  constructor(provider: string, ms: number) {
    super(`${provider}: request timed out after ${ms} ms`);
    this.name = 'RequestTimeoutError';
  }
}

interface Waiter {
  resolve: (waited: true) => void;
  reject: (e: unknown) => void;
  /** stops listening for the run's abort */
  unsubscribe: () => void;
  done: boolean;
}

/** The run signal of a request nothing can cancel. */
const NEVER = new AbortController().signal;

/** FIFO queue with O(1) amortised shift. */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  push(x: T): void {
    this.items.push(x);
  }
  peek(): T | undefined {
    return this.head < this.items.length ? this.items[this.head] : undefined;
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const x = this.items[this.head];
    this.items[this.head] = undefined as unknown as T;
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return x;
  }
}

class Lane {
  limit: number;
  active = 0;
  /** retries go first, so a rate-limited request does not lose its place */
  readonly retryQueue = new Fifo<Waiter>();
  readonly queue = new Fifo<Waiter>();
  paused = false;
  pauseEnd = 0;
  pauseGen = 0;
  decreasedInGen = -1;
  okStreak = 0;
  readonly stats: Omit<LaneStats, 'inFlight' | 'queued' | 'concurrency' | 'maxConcurrency'> = {
    attempts: 0,
    succeeded: 0,
    failed: 0,
    retries: 0,
    rateLimited: 0,
    timeouts: 0,
    servedWhileQueued: 0,
  };
  max: number;
  rpm: number | undefined;
  tpm: number | undefined;
  /** the lane's own cap on one wait and total retry budget (else the scheduler's) */
  maxWait: number | undefined;
  budget: number | undefined;
  /** start times of the requests of the last 60 s (only with rpm) */
  readonly starts = new Fifo<number>();
  /** [end time, tokens] of the requests finished in the last 60 s (only with tpm) */
  readonly tokens = new Fifo<[number, number]>();
  tokenSum = 0;
  /** a pump is scheduled for when the window frees a slot */
  windowTimer: NodeJS.Timeout | undefined;
  constructor(max: number) {
    this.max = max;
    this.limit = max;
  }
  /** ms until the rate windows admit another start (0: now) */
  windowWait(now: number): number {
    let wait = 0;
    if (this.rpm !== undefined) {
      while (this.starts.length > 0 && (this.starts.peek() as number) <= now - WINDOW_MS) this.starts.shift();
      if (this.starts.length >= this.rpm) wait = (this.starts.peek() as number) + WINDOW_MS - now;
    }
    if (this.tpm !== undefined) {
      for (let head = this.tokens.peek(); head !== undefined && head[0] <= now - WINDOW_MS; head = this.tokens.peek()) {
        this.tokens.shift();
        this.tokenSum -= head[1];
      }
      const head = this.tokens.peek();
      if (this.tokenSum >= this.tpm && head !== undefined) wait = Math.max(wait, head[0] + WINDOW_MS - now);
    }
    return Math.max(0, wait);
  }
  get queued(): number {
    return this.queue.length + this.retryQueue.length;
  }
}

export const defaultSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * One 'abort' listener per shared signal (the Ctrl-C signal is shared by thousands of requests),
 * fanning out to the currently subscribed callbacks; avoids piling listeners on one signal.
 */
const fanouts = new WeakMap<AbortSignal, Set<() => void>>();

function subscribe(signal: AbortSignal, cb: () => void): () => void {
  let set = fanouts.get(signal);
  if (set === undefined) {
    const subs = new Set<() => void>();
    set = subs;
    fanouts.set(signal, subs);
    signal.addEventListener(
      'abort',
      () => {
        for (const f of [...subs]) f();
        subs.clear();
      },
      { once: true },
    );
  }
  const s = set;
  s.add(cb);
  return () => {
    s.delete(cb);
  };
}

/** A controller aborted when any of `parents` aborts (with that parent's reason); `unlink` detaches it. */
function linkedController(parents: (AbortSignal | undefined)[]): { ctrl: AbortController; unlink: () => void } {
  const ctrl = new AbortController();
  const unsubs: (() => void)[] = [];
  for (const s of parents) {
    if (s === undefined) continue;
    if (s.aborted) {
      ctrl.abort(s.reason);
      break;
    }
    unsubs.push(subscribe(s, () => ctrl.abort(s.reason)));
  }
  return {
    ctrl,
    unlink: () => {
      for (const u of unsubs) u();
    },
  };
}

function errorInfo(err: unknown): { retryable: boolean; status?: number; retryAfterMs?: number } {
  if (typeof err !== 'object' || err === null) return { retryable: false };
  const e = err as { retryable?: unknown; status?: unknown; retryAfterMs?: unknown };
  const out: { retryable: boolean; status?: number; retryAfterMs?: number } = { retryable: e.retryable === true };
  if (typeof e.status === 'number') out.status = e.status;
  if (typeof e.retryAfterMs === 'number' && Number.isFinite(e.retryAfterMs)) out.retryAfterMs = e.retryAfterMs;
  return out;
}

export class Scheduler {
  private readonly lanes = new Map<string, Lane>();
  private readonly opts: Required<Omit<SchedulerOptions, 'signal' | 'onRetry' | 'concurrency'>> & {
    concurrency: Record<string, number>;
  };
  private readonly signal: AbortSignal | undefined;
  private readonly onRetry: ((info: RetryInfo) => void) | undefined;

  constructor(opts: SchedulerOptions = {}) {
    this.opts = {
      concurrency: { ...(opts.concurrency ?? {}) },
      defaultConcurrency: opts.defaultConcurrency ?? 4,
      maxRetries: opts.maxRetries ?? 5,
      maxRateLimitRetries: opts.maxRateLimitRetries ?? 20,
      baseDelayMs: opts.baseDelayMs ?? 500,
      minDelayMs: opts.minDelayMs ?? 100,
      maxDelayMs: opts.maxDelayMs ?? 60_000,
      retryBudgetMs: opts.retryBudgetMs ?? 300_000,
      now: opts.now ?? Date.now,
      timeoutMs: opts.timeoutMs ?? 120_000,
      sleep: opts.sleep ?? defaultSleep,
      random: opts.random ?? Math.random,
    };
    for (const [name, n] of Object.entries(this.opts.concurrency)) {
      if (!Number.isInteger(n) || n < 1) throw new RangeError(`Scheduler: concurrency for "${name}" must be a positive integer, got ${n}`);
    }
    if (!Number.isInteger(this.opts.defaultConcurrency) || this.opts.defaultConcurrency < 1)
      throw new RangeError(`Scheduler: defaultConcurrency must be a positive integer, got ${this.opts.defaultConcurrency}`);
    this.signal = opts.signal;
    this.onRetry = opts.onRetry;
  }

  /** Set a provider's maximum concurrency (before or between runs). */
  setConcurrency(provider: string, n: number): void {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`Scheduler: concurrency for "${provider}" must be a positive integer, got ${n}`);
    this.opts.concurrency[provider] = n;
    const lane = this.lanes.get(provider);
    if (lane !== undefined) {
      lane.max = n;
      lane.limit = n;
      this.pump(lane);
    }
  }

  /**
   * Set a lane's limits (a provider name, or any lane name a model runs under). Unset fields keep
   * their current value; `maxConcurrency` also resets the adaptive limit.
   */
  configure(lane: string, limits: LaneLimits): void {
    for (const [k, v] of Object.entries(limits) as [keyof LaneLimits, number | undefined][]) {
      if (v !== undefined && (!Number.isInteger(v) || v < 1)) throw new RangeError(`Scheduler: ${k} for "${lane}" must be a positive integer, got ${v}`);
    }
    if (limits.maxConcurrency !== undefined) this.setConcurrency(lane, limits.maxConcurrency);
    const l = this.lane(lane);
    if (limits.requestsPerMinute !== undefined) l.rpm = limits.requestsPerMinute;
    if (limits.tokensPerMinute !== undefined) l.tpm = limits.tokensPerMinute;
    if (limits.maxRetryWaitMs !== undefined) l.maxWait = limits.maxRetryWaitMs;
    if (limits.retryBudgetMs !== undefined) l.budget = limits.retryBudgetMs;
    this.pump(l);
  }

  /** A lane's configured maximum concurrency (the default for lanes never configured). */
  maxConcurrency(lane: string): number {
    return this.lanes.get(lane)?.max ?? this.opts.concurrency[lane] ?? this.opts.defaultConcurrency;
  }

  /** Run `fn` under the provider's concurrency limit, with retries and timeout. */
  async run<T>(provider: string, fn: (signal: AbortSignal) => Promise<T>, opts: RunOptions = {}): Promise<T> {
    const lane = this.lane(provider);
    // the request's own controller only when two signals can cancel it: with one (the usual
    // Ctrl-C signal) that signal is used as it is, an AbortController fewer per request
    const link = this.signal !== undefined && opts.signal !== undefined && this.signal !== opts.signal ? linkedController([this.signal, opts.signal]) : undefined;
    const runSignal = link?.ctrl.signal ?? this.signal ?? opts.signal ?? NEVER;
    const timeoutMs = opts.timeoutMs ?? this.opts.timeoutMs;
    let errorRetries = 0;
    let rateLimitRetries = 0;
    let firstFailure: number | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        const waited = await this.acquire(lane, runSignal, attempt > 0);
        // asked only after a wait (a queue or a back-off): a request that took a free slot at once
        // was looked up by its caller just before (one read of the store fewer per request)
        const meanwhile = waited || attempt > 0 ? this.checkMeanwhile(lane) : undefined;
        if (meanwhile !== undefined) throw new AnsweredWhileQueued(meanwhile.value);
        await this.checkFence(lane);
        let outcome: { ok: true; value: T } | { ok: false; error: unknown; timedOut: boolean };
        lane.stats.attempts++;
        try {
          outcome = { ok: true, value: await this.attempt(provider, fn, runSignal, timeoutMs) };
        } catch (error) {
          outcome = { ok: false, error, timedOut: error instanceof RequestTimeoutError };
        } finally {
          lane.active--;
        }
        if (outcome.ok) {
          if (lane.tpm !== undefined) this.countTokens(lane, outcome.value);
          lane.stats.succeeded++;
          this.onSuccess(lane);
          this.pump(lane);
          return outcome.value;
        }
        this.pump(lane);
        if (runSignal.aborted) {
          lane.stats.failed++;
          throw runSignal.reason;
        }
        const info = errorInfo(outcome.error);
        if (outcome.timedOut) lane.stats.timeouts++;
        const rateLimited = info.status === 429;
        const exhausted = rateLimited ? rateLimitRetries >= this.opts.maxRateLimitRetries : errorRetries >= this.opts.maxRetries;
        if (!info.retryable || exhausted) {
          lane.stats.failed++;
          throw outcome.error;
        }
        firstFailure ??= this.opts.now();
        const delayMs = this.delayFor(lane, rateLimited ? rateLimitRetries : errorRetries, info.retryAfterMs);
        const overBudget = this.overBudget(lane, firstFailure, delayMs, info.retryAfterMs, rateLimitRetries + errorRetries, outcome.error);
        if (overBudget !== undefined) {
          lane.stats.failed++;
          throw overBudget;
        }
        if (rateLimited) rateLimitRetries++;
        else errorRetries++;
        lane.stats.retries++;
        this.onRetry?.({
          provider,
          attempt: attempt + 1,
          delayMs,
          reason: rateLimited ? 'rate-limit' : outcome.timedOut ? 'timeout' : 'error',
          error: outcome.error,
        });
        if (rateLimited) {
          lane.stats.rateLimited++;
          this.onRateLimit(lane, delayMs); // the lane pause is the back-off; re-queue in front
        } else {
          // a controller of its own for the wait: the sleep listens on it, never on a signal
          // thousands of requests share
          const wait = linkedController([runSignal]);
          try {
            await this.opts.sleep(delayMs, wait.ctrl.signal);
          } finally {
            wait.unlink();
          }
        }
      }
    } finally {
      link?.unlink();
    }
  }

  /** With a slot held: ask the run's send fence (src/runtime/send-fence.ts); when it refuses, give the slot back and fail. */
  private async checkFence(lane: Lane): Promise<void> {
    const fence = beforeSend();
    if (fence === undefined) return;
    try {
      await fence;
    } catch (err) {
      lane.active--;
      this.pump(lane);
      throw err;
    }
  }

  /** With a slot held: ask the caller's slot check (the request cache); on an answer, give the slot back. */
  private checkMeanwhile(lane: Lane): { value: unknown } | undefined {
    let found: { value: unknown } | undefined;
    try {
      found = answeredMeanwhile();
    } catch {
      found = undefined; // a failing look-up never blocks the request itself
    }
    if (found === undefined) return undefined;
    lane.stats.servedWhileQueued++;
    lane.active--;
    this.pump(lane);
    return found;
  }

  stats(): { providers: Record<string, LaneStats>; total: Omit<LaneStats, 'concurrency' | 'maxConcurrency'> } {
    const providers: Record<string, LaneStats> = {};
    const total = { attempts: 0, succeeded: 0, failed: 0, retries: 0, rateLimited: 0, timeouts: 0, servedWhileQueued: 0, inFlight: 0, queued: 0 };
    for (const [name, lane] of this.lanes) {
      const s: LaneStats = { ...lane.stats, inFlight: lane.active, queued: lane.queued, concurrency: lane.limit, maxConcurrency: lane.max };
      providers[name] = s;
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += s[k];
    }
    return { providers, total };
  }

  private lane(provider: string): Lane {
    let lane = this.lanes.get(provider);
    if (lane === undefined) {
      lane = new Lane(this.opts.concurrency[provider] ?? this.opts.defaultConcurrency);
      this.lanes.set(provider, lane);
    }
    return lane;
  }

  /**
   * Exponential back-off with "equal jitter", or the server's Retry-After raised to the minimum
   * back-off (minDelayMs, doubling per retry); capped at maxDelayMs.
   */
  private delayFor(lane: Lane, attempt: number, retryAfterMs: number | undefined): number {
    const cap = lane.maxWait ?? this.opts.maxDelayMs;
    if (retryAfterMs !== undefined) {
      const floor = this.opts.minDelayMs * 2 ** attempt;
      return Math.min(Math.max(retryAfterMs, floor), cap);
    }
    const exp = Math.min(cap, this.opts.baseDelayMs * 2 ** attempt);
    return Math.round(exp / 2 + this.opts.random() * (exp / 2));
  }

  /**
   * The error that ends a request instead of one more retry, when the wait would end past its
   * retry budget: the budget is spent, or the server asked for a wait that cannot fit in what is
   * left of it (waiting the capped minute and asking again would only repeat the refusal).
   */
  private overBudget(lane: Lane, firstFailure: number, delayMs: number, retryAfterMs: number | undefined, retries: number, last: unknown): RetryBudgetError | undefined {
    const budget = lane.budget ?? this.opts.retryBudgetMs;
    const elapsed = this.opts.now() - firstFailure;
    const left = budget - elapsed;
    const lastText = last instanceof Error ? last.message : String(last);
    const tries = `${retries} ${retries === 1 ? 'retry' : 'retries'} in ${formatWait(elapsed)}`;
    const spent = new RetryBudgetError(`${lastText}; gave up after ${tries}: the retry budget of ${formatWait(budget)} per request is spent`, last);
    if (left <= 0) return spent;
    if (retryAfterMs !== undefined && retryAfterMs > left) {
      return new RetryBudgetError(`${lastText}; the server asks to wait ${formatWait(retryAfterMs)}, longer than the ${formatWait(left)} left of the retry budget (${formatWait(budget)}, after ${tries}): gave up`, last);
    }
    if (delayMs > left) return spent;
    return undefined;
  }

  private onSuccess(lane: Lane): void {
    if (lane.limit >= lane.max) return;
    lane.okStreak++;
    if (lane.okStreak >= lane.limit) {
      lane.limit++;
      lane.okStreak = 0;
    }
  }

  private onRateLimit(lane: Lane, delayMs: number): void {
    // many in-flight requests hit the same 429 wave: shrink once per pause
    if (lane.decreasedInGen !== lane.pauseGen || !lane.paused) {
      lane.limit = Math.max(1, Math.floor(lane.limit / 2));
      lane.okStreak = 0;
    }
    const end = this.opts.now() + delayMs;
    if (lane.paused && end <= lane.pauseEnd) return;
    lane.paused = true;
    lane.pauseEnd = end;
    const gen = ++lane.pauseGen;
    lane.decreasedInGen = gen;
    const resume = (): void => {
      if (lane.pauseGen !== gen) return;
      lane.paused = false;
      this.pump(lane);
    };
    this.opts.sleep(delayMs, this.signal).then(resume, resume);
  }

  private countTokens(lane: Lane, value: unknown): void {
    const usage = (value as { usage?: { inputTokens?: unknown; outputTokens?: unknown } } | null)?.usage;
    if (usage === undefined) return;
    const n = (typeof usage.inputTokens === 'number' ? usage.inputTokens : 0) + (typeof usage.outputTokens === 'number' ? usage.outputTokens : 0);
    if (n <= 0) return;
    lane.tokens.push([Date.now(), n]);
    lane.tokenSum += n;
  }

  /** True when the rate windows admit a start now; otherwise schedules a pump for when they will. */
  private windowOpen(lane: Lane): boolean {
    if (lane.rpm === undefined && lane.tpm === undefined) return true;
    const wait = lane.windowWait(Date.now());
    if (wait === 0) return true;
    if (lane.windowTimer === undefined) {
      lane.windowTimer = setTimeout(() => {
        lane.windowTimer = undefined;
        this.pump(lane);
      }, wait);
      lane.windowTimer.unref();
    }
    return false;
  }

  private started(lane: Lane): void {
    lane.active++;
    if (lane.rpm !== undefined) lane.starts.push(Date.now());
  }

  /** A slot of the lane: resolves false when one was free at once, true once one was given after waiting in the queue. */
  private acquire(lane: Lane, signal: AbortSignal, retry: boolean): Promise<boolean> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (!lane.paused && lane.active < lane.limit && lane.queued === 0 && this.windowOpen(lane)) {
      this.started(lane);
      return Promise.resolve(false);
    }
    return new Promise<boolean>((resolve, reject) => {
      const w: Waiter = {
        resolve,
        reject,
        done: false,
        unsubscribe: () => undefined,
      };
      // through the fan-out: the signal may be shared by every queued request
      w.unsubscribe = subscribe(signal, () => {
        if (w.done) return;
        w.done = true; // left in the queue; pump skips it
        reject(signal.reason);
      });
      (retry ? lane.retryQueue : lane.queue).push(w);
    });
  }

  private pump(lane: Lane): void {
    while (!lane.paused && lane.active < lane.limit && lane.queued > 0) {
      if (!this.windowOpen(lane)) return;
      const w = lane.retryQueue.shift() ?? lane.queue.shift();
      if (w === undefined) return;
      if (w.done) continue;
      w.done = true;
      w.unsubscribe();
      this.started(lane);
      w.resolve(true);
    }
  }

  private async attempt<T>(provider: string, fn: (signal: AbortSignal) => Promise<T>, runSignal: AbortSignal, timeoutMs: number): Promise<T> {
    const { ctrl, unlink } = linkedController([runSignal]);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    // Racing against the abort guarantees progress even if `fn` ignores its signal.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(ctrl.signal.reason);
      ctrl.signal.addEventListener('abort', onAbort, { once: true });
    });
    if (timeoutMs > 0) timer = setTimeout(() => ctrl.abort(new RequestTimeoutError(provider, timeoutMs)), timeoutMs);
    try {
      const work = fn(ctrl.signal);
      work.catch(() => undefined); // its rejection after an abort is expected and handled via the race
      return await Promise.race([work, aborted]);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      if (onAbort !== undefined) ctrl.signal.removeEventListener('abort', onAbort);
      unlink();
    }
  }
}

let defaultScheduler: Scheduler | undefined;

/** The process-wide scheduler used when a model or embedder gets none (shared, so limits hold across them). */
export function getDefaultScheduler(): Scheduler {
  defaultScheduler ??= new Scheduler({ concurrency: defaultConcurrency() });
  return defaultScheduler;
}
