import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/runtime/pool.js';

/** One turn of the event loop: every promise reaction queued by then has run. */
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A call that ends when `release(i)` is called, recording how many ran at once. */
function gatedCalls() {
  const gates = new Map<number, () => void>();
  let active = 0;
  let peak = 0;
  const started: number[] = [];
  const fn = async (i: number): Promise<void> => {
    started.push(i);
    active++;
    peak = Math.max(peak, active);
    await new Promise<void>((resolve) => gates.set(i, resolve));
    active--;
  };
  const release = async (i: number): Promise<void> => {
    gates.get(i)?.();
    await tick();
  };
  return { fn, release, started, peak: () => peak };
}

describe('runPool', () => {
  it('runs at most `concurrency` calls at once and starts the next item only when a slot frees', async () => {
    const g = gatedCalls();
    const done = runPool([0, 1, 2, 3, 4], 2, g.fn);
    await tick();
    expect(g.started).toEqual([0, 1]);
    await g.release(1);
    expect(g.started).toEqual([0, 1, 2]);
    await g.release(0);
    expect(g.started).toEqual([0, 1, 2, 3]);
    for (const i of [2, 3, 4]) await g.release(i);
    await done;
    expect(g.started).toEqual([0, 1, 2, 3, 4]);
    expect(g.peak()).toBe(2);
  });

  it('pulls an async iterable only as slots free up', async () => {
    const pulled: number[] = [];
    async function* items(): AsyncGenerator<number> {
      for (let i = 0; i < 6; i++) {
        pulled.push(i);
        yield i;
      }
    }
    const g = gatedCalls();
    const done = runPool(items(), 3, g.fn);
    await tick();
    expect(pulled).toEqual([0, 1, 2]);
    for (const i of [0, 1, 2, 3, 4, 5]) await g.release(i);
    await done;
    expect(pulled).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('waits for every call before it returns', async () => {
    const ended: number[] = [];
    await runPool([30, 10, 20], 3, async (ms) => {
      await new Promise((r) => setTimeout(r, ms));
      ended.push(ms);
    });
    expect(ended).toEqual([10, 20, 30]);
  });

  it('stops pulling on the first error and rethrows it once the calls in flight have settled', async () => {
    const ended: number[] = [];
    const started: number[] = [];
    const run = runPool([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await new Promise((r) => setTimeout(r, i === 1 ? 5 : 20));
      if (i === 1) throw new Error(`failed ${i}`);
      ended.push(i);
    });
    await expect(run).rejects.toThrow('failed 1');
    // 0 was in flight when 1 failed: it finished before the error came back; nothing after 1 started
    expect(ended).toEqual([0]);
    expect(started).toEqual([0, 1]);
  });

  it('starts nothing more once the signal aborts', async () => {
    const ctrl = new AbortController();
    const started: number[] = [];
    await runPool(
      [0, 1, 2, 3],
      1,
      async (i) => {
        started.push(i);
        if (i === 1) ctrl.abort();
        await Promise.resolve();
      },
      ctrl.signal,
    );
    expect(started).toEqual([0, 1]);
  });

  it('runs one call at a time when given no positive concurrency', async () => {
    const g = gatedCalls();
    const done = runPool([0, 1, 2], 0, g.fn);
    await tick();
    expect(g.started).toEqual([0]);
    for (const i of [0, 1, 2]) await g.release(i);
    await done;
    expect(g.peak()).toBe(1);
  });
});
