import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { RequestTimeoutError, RetryBudgetError, Scheduler, type SleepFn } from '../../src/runtime/scheduler.js';

/** A sleep that returns at once and remembers what it was asked to wait. */
function fakeSleep(): { sleep: SleepFn; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms, signal) => {
      waits.push(ms);
      return signal?.aborted === true ? Promise.reject(signal.reason) : Promise.resolve();
    },
  };
}

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

function httpError(status: number, retryAfterMs?: number): Error & { status: number; retryable: boolean; retryAfterMs?: number } {
  const e = new Error(`HTTP ${status}`) as Error & { status: number; retryable: boolean; retryAfterMs?: number };
  e.status = status;
  e.retryable = status === 429 || status >= 500;
  if (retryAfterMs !== undefined) e.retryAfterMs = retryAfterMs;
  return e;
}

describe('Scheduler concurrency', () => {
  it('never runs more than the provider limit at once and starts work in FIFO order', async () => {
    const s = new Scheduler({ concurrency: { p: 3 } });
    const gates = Array.from({ length: 10 }, () => deferred<number>());
    const started: number[] = [];
    let active = 0;
    let peak = 0;
    const runs = gates.map((g, i) =>
      s.run('p', async () => {
        started.push(i);
        active++;
        peak = Math.max(peak, active);
        const v = await g.promise;
        active--;
        return v;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(s.stats().providers.p).toMatchObject({ inFlight: 3, queued: 7 });
    gates.forEach((g, i) => g.resolve(i * 10));
    expect(await Promise.all(runs)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(peak).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(s.stats().providers.p).toMatchObject({ succeeded: 10, inFlight: 0, queued: 0 });
  });

  it('keeps providers independent', async () => {
    const s = new Scheduler({ concurrency: { a: 1, b: 1 } });
    const gate = deferred<void>();
    const a = s.run('a', () => gate.promise.then(() => 'a'));
    const b = s.run('b', async () => 'b'); // not blocked by a's busy lane
    expect(await b).toBe('b');
    gate.resolve();
    expect(await a).toBe('a');
  });

  it('rejects a non-positive concurrency', () => {
    expect(() => new Scheduler({ concurrency: { p: 0 } })).toThrow(/positive integer/);
  });
});

describe('Scheduler retries', () => {
  it('retries retryable errors with exponential back-off and equal jitter', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep, random: () => 0.5, baseDelayMs: 100 });
    let calls = 0;
    const v = await s.run('p', async () => {
      calls++;
      if (calls <= 3) throw httpError(503);
      return 'ok';
    });
    expect(v).toBe('ok');
    expect(calls).toBe(4);
    // attempt n waits exp/2 + 0.5·exp/2 with exp = 100·2^n: 75, 150, 300
    expect(waits).toEqual([75, 150, 300]);
    expect(s.stats().providers.p).toMatchObject({ attempts: 4, retries: 3, succeeded: 1, failed: 0 });
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const { sleep } = fakeSleep();
    const s = new Scheduler({ sleep, maxRetries: 2 });
    let calls = 0;
    await expect(
      s.run('p', async () => {
        calls++;
        throw httpError(500);
      }),
    ).rejects.toThrow('HTTP 500');
    expect(calls).toBe(3);
    expect(s.stats().providers.p).toMatchObject({ failed: 1, retries: 2 });
  });

  it('does not retry non-retryable errors (e.g. 400) or plain bugs', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep });
    let calls = 0;
    await expect(
      s.run('p', async () => {
        calls++;
        throw httpError(400);
      }),
    ).rejects.toThrow('HTTP 400');
    await expect(
      s.run('p', async () => {
        calls++;
        throw new TypeError('bug');
      }),
    ).rejects.toThrow('bug');
    expect(calls).toBe(2);
    expect(waits).toEqual([]);
  });

  it('caps waits at maxDelayMs', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep, random: () => 1, baseDelayMs: 1000, maxDelayMs: 1500, maxRetries: 3 });
    let calls = 0;
    await s.run('p', async () => {
      if (++calls <= 3) throw httpError(500);
      return 1;
    });
    // exp: 1000, min(2000,1500)=1500, 1500 → with random 1: 1000, 1500, 1500
    expect(waits).toEqual([1000, 1500, 1500]);
  });

  it('honours Retry-After on a 5xx', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep });
    let calls = 0;
    await s.run('p', async () => {
      if (++calls === 1) throw httpError(503, 4200);
      return 1;
    });
    expect(waits).toEqual([4200]);
  });
});

describe('Scheduler rate limits', () => {
  it('raises Retry-After: 0 to a minimum back-off that doubles per retry, within the configured retries', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep, maxRateLimitRetries: 6, minDelayMs: 100, maxDelayMs: 60_000 });
    let attempts = 0;
    await expect(
      s.run('p', async () => {
        attempts++;
        throw httpError(429, 0);
      }),
    ).rejects.toThrow('HTTP 429');
    // 1 attempt + 6 retries, each after a wait of at least 100 ms * 2^(retry - 1)
    expect(attempts).toBe(7);
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200]);
  });

  it('raises a tiny Retry-After (5 ms) to the minimum back-off too', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep, minDelayMs: 100 });
    let calls = 0;
    await s.run('p', async () => {
      if (++calls <= 2) throw httpError(429, 5);
      return 1;
    });
    expect(waits).toEqual([100, 200]);
  });

  it('on 429 pauses the lane for Retry-After, halves concurrency, then recovers additively', async () => {
    const { sleep, waits } = fakeSleep();
    const s = new Scheduler({ sleep, concurrency: { p: 8 } });
    let calls = 0;
    await s.run('p', async () => {
      if (++calls === 1) throw httpError(429, 2000);
      return 1;
    });
    expect(waits).toEqual([2000]);
    expect(calls).toBe(2);
    // halved to 4 by the 429; one success so far (needs 4 to grow)
    expect(s.stats().providers.p).toMatchObject({ rateLimited: 1, concurrency: 4, maxConcurrency: 8 });
    for (let i = 0; i < 3; i++) await s.run('p', async () => 1);
    expect(s.stats().providers.p?.concurrency).toBe(5);
    for (let i = 0; i < 5 + 6 + 7; i++) await s.run('p', async () => 1);
    expect(s.stats().providers.p?.concurrency).toBe(8);
    for (let i = 0; i < 20; i++) await s.run('p', async () => 1);
    expect(s.stats().providers.p?.concurrency).toBe(8);
  });

  it('holds queued requests while paused and halves only once per wave of 429s', async () => {
    let release!: () => void;
    const pauses: number[] = [];
    const sleep: SleepFn = (ms) => {
      pauses.push(ms);
      return new Promise<void>((r) => {
        release = r;
      });
    };
    const s = new Scheduler({ sleep, concurrency: { p: 4 } });
    const gate = deferred<void>();
    let calls = 0;
    const runs = Array.from({ length: 4 }, () =>
      s.run('p', async () => {
        calls++;
        if (calls <= 4) {
          await gate.promise;
          throw httpError(429, 1000);
        }
        return 'ok';
      }),
    );
    await tick();
    gate.resolve();
    await tick();
    await tick();
    expect(calls).toBe(4); // all four failed; none retried yet: the lane is paused
    expect(s.stats().providers.p).toMatchObject({ concurrency: 2, queued: 4, inFlight: 0 });
    release();
    expect(await Promise.all(runs)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(calls).toBe(8);
    expect(pauses.length).toBeGreaterThanOrEqual(1);
    expect(pauses[0]).toBe(1000);
  });

  it('counts rate-limit retries separately, with their own cap', async () => {
    const { sleep } = fakeSleep();
    const s = new Scheduler({ sleep, maxRetries: 0, maxRateLimitRetries: 3 });
    let calls = 0;
    await expect(
      s.run('p', async () => {
        calls++;
        throw httpError(429, 10);
      }),
    ).rejects.toThrow('HTTP 429');
    expect(calls).toBe(4);
  });
});

describe('Scheduler timeouts and cancellation', () => {
  it('times out an attempt that never settles, retries it, then fails with RequestTimeoutError', async () => {
    const { sleep } = fakeSleep();
    const s = new Scheduler({ sleep, timeoutMs: 20, maxRetries: 1 });
    const seen: boolean[] = [];
    const err = await s
      .run('p', (signal) => {
        signal.addEventListener('abort', () => seen.push(true));
        return new Promise<never>(() => undefined); // ignores its signal entirely
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(seen).toEqual([true, true]); // both attempts were told to stop
    expect(s.stats().providers.p).toMatchObject({ timeouts: 2, attempts: 2, failed: 1 });
  });

  it('Ctrl-C aborts in-flight and queued requests and keeps finished results', async () => {
    const ctrl = new AbortController();
    const s = new Scheduler({ signal: ctrl.signal, concurrency: { p: 2 } });
    const finished = await s.run('p', async () => 'done');
    const inflightSignals: AbortSignal[] = [];
    let queuedStarted = 0;
    const hang = (signal: AbortSignal): Promise<string> => {
      inflightSignals.push(signal);
      return new Promise<string>(() => undefined);
    };
    const a = s.run('p', hang);
    const b = s.run('p', hang);
    const c = s.run('p', async () => {
      queuedStarted++;
      return 'never';
    });
    await tick();
    ctrl.abort(new Error('interrupted'));
    const results = await Promise.allSettled([a, b, c]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : ''))).toEqual(['interrupted', 'interrupted', 'interrupted']);
    expect(inflightSignals.every((sig) => sig.aborted)).toBe(true);
    expect(queuedStarted).toBe(0);
    expect(finished).toBe('done');
    await expect(s.run('p', async () => 'late')).rejects.toThrow('interrupted');
    expect(s.stats().providers.p).toMatchObject({ inFlight: 0 });
  });

  it('a per-request signal cancels only that request, including during back-off', async () => {
    const s = new Scheduler({ baseDelayMs: 60_000, concurrency: { p: 1 } });
    const ctrl = new AbortController();
    const mine = s.run(
      'p',
      async () => {
        throw httpError(500);
      },
      { signal: ctrl.signal },
    );
    await tick();
    ctrl.abort(new Error('cancelled'));
    await expect(mine).rejects.toThrow('cancelled'); // not stuck in the 30-60 s back-off
    expect(await s.run('p', async () => 'other')).toBe('other');
  });

  it('adds one listener to a signal shared by many requests, not one per request', async () => {
    const shared = new AbortController();
    const s = new Scheduler({ signal: shared.signal, concurrency: { p: 2 } });
    const perRequest = new AbortController();
    const gate = deferred<void>();
    const runs = Array.from({ length: 50 }, () => s.run('p', () => gate.promise, { signal: perRequest.signal }));
    await tick();
    expect(getEventListeners(shared.signal, 'abort')).toHaveLength(1);
    expect(getEventListeners(perRequest.signal, 'abort')).toHaveLength(1);
    gate.resolve();
    await Promise.all(runs);
  });
});

describe('Scheduler rate windows', () => {
  it('requestsPerMinute: the third of three requests starts only when the first leaves the 60 s window', async () => {
    vi.useFakeTimers();
    try {
      const s = new Scheduler({ concurrency: { p: 10 } });
      s.configure('p', { requestsPerMinute: 2 });
      let started = 0;
      const runs = [0, 1, 2].map(() =>
        s.run('p', async () => {
          started++;
          return 1;
        }),
      );
      await vi.advanceTimersByTimeAsync(59_000);
      expect(started).toBe(2);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(started).toBe(3);
      await Promise.all(runs);
    } finally {
      vi.useRealTimers();
    }
  });
  it('tokensPerMinute: no request starts while the reported tokens of the last 60 s reach the limit', async () => {
    vi.useFakeTimers();
    try {
      const s = new Scheduler({ concurrency: { p: 1 } });
      s.configure('p', { tokensPerMinute: 100 });
      let started = 0;
      const call = (): Promise<unknown> =>
        s.run('p', async () => {
          started++;
          return { usage: { inputTokens: 80, outputTokens: 30 } };
        });
      const runs = [call(), call()];
      await vi.advanceTimersByTimeAsync(1_000);
      expect(started).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(started).toBe(2);
      await Promise.all(runs);
    } finally {
      vi.useRealTimers();
    }
  });
  it('rejects a limit that is not a positive integer', () => {
    expect(() => new Scheduler().configure('p', { requestsPerMinute: 0 })).toThrow(/requestsPerMinute/);
  });
});

describe('Scheduler retry caps and budget', () => {
  /** A clock that the fake sleep moves forward: waits cost no real time but count against the budget. */
  function fakeClock(): { sleep: SleepFn; now: () => number; waits: number[] } {
    let t = 1_000_000;
    const waits: number[] = [];
    return {
      waits,
      now: () => t,
      sleep: (ms) => {
        waits.push(ms);
        t += ms;
        return Promise.resolve();
      },
    };
  }

  it('caps each wait at 60 s by default, even when the server asks for longer', async () => {
    const { sleep, now, waits } = fakeClock();
    const s = new Scheduler({ sleep, now, retryBudgetMs: 10 * 60_000 });
    let calls = 0;
    await s.run('p', async () => {
      if (++calls <= 2) throw httpError(503, 120_000);
      return 1;
    });
    expect(waits).toEqual([60_000, 60_000]);
  });

  it('gives up when the next wait would end past the retry budget (a 429 with Retry-After: 0 forever)', async () => {
    const { sleep, now, waits } = fakeClock();
    const s = new Scheduler({ sleep, now, minDelayMs: 100, retryBudgetMs: 1000, maxRateLimitRetries: 1000 });
    let calls = 0;
    const err = await s
      .run('p', async () => {
        calls++;
        throw httpError(429, 0);
      })
      .catch((e: unknown) => e);
    expect(waits).toEqual([100, 200, 400]); // 700 ms spent; 800 more would end at 1500 > 1000
    expect(calls).toBe(4);
    expect(err).toBeInstanceOf(RetryBudgetError);
    expect((err as RetryBudgetError).message).toBe('HTTP 429; gave up after 3 retries in 700 ms: the retry budget of 1 s per request is spent');
    expect((err as RetryBudgetError).status).toBe(429);
    expect(s.stats().providers.p).toMatchObject({ failed: 1, retries: 3 });
  });

  it('gives up at once when the server asks for a wait longer than the budget (11 days)', async () => {
    const { sleep, now, waits } = fakeClock();
    const s = new Scheduler({ sleep, now });
    let calls = 0;
    const err = await s
      .run('p', async () => {
        calls++;
        throw httpError(429, 11 * 86_400_000);
      })
      .catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
    expect((err as Error).message).toBe('HTTP 429; the server asks to wait 11 days, longer than the 5 min left of the retry budget (5 min, after 0 retries in 0 ms): gave up');
  });

  it('a lane can set its own cap and budget (providers.<name>.maxRetryWaitMs / retryBudgetMs)', async () => {
    const { sleep, now, waits } = fakeClock();
    const s = new Scheduler({ sleep, now, random: () => 1, maxRetries: 100 });
    s.configure('p', { maxRetryWaitMs: 250, retryBudgetMs: 1000 });
    await expect(
      s.run('p', async () => {
        throw httpError(500);
      }),
    ).rejects.toThrow(/retry budget of 1 s per request is spent/);
    // back-off 500 → capped 250, then 250 each until the next would pass 1000 ms
    expect(waits).toEqual([250, 250, 250, 250]);
  });
});

describe('Scheduler retry budget at its edge', () => {
  it('a budget already spent is reported as spent, not as a server wait longer than a negative rest', async () => {
    let t = 0;
    // each attempt takes 400 ms of the clock; the waits (100, 200 ms) too
    const s = new Scheduler({ now: () => t, sleep: async (ms) => void (t += ms), minDelayMs: 100, retryBudgetMs: 1000, maxRateLimitRetries: 100 });
    const err = await s
      .run('p', async () => {
        t += 400;
        throw httpError(429, 0);
      })
      .catch((e: unknown) => e);
    // failures at 400 (first), 900, 1500 (> 1000: spent)
    expect((err as Error).message).toBe('HTTP 429; gave up after 2 retries in 1 s: the retry budget of 1 s per request is spent');
  });
});
