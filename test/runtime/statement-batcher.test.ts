import { describe, expect, it } from 'vitest';
import { retryOnDeadlock, StatementBatcher } from '../../src/runtime/statement-batcher.js';

describe('StatementBatcher', () => {
  it('sends a call at once when idle, and the calls made while a statement is on its way together next, in order', async () => {
    const sent: number[][] = [];
    const gates: (() => void)[] = [];
    const b = new StatementBatcher<number, string>(async (xs) => {
      sent.push(xs);
      await new Promise<void>((r) => gates.push(r));
      return xs.map((x) => `#${x}`);
    });
    const first = b.run(1);
    const rest = [2, 3, 4].map((x) => b.run(x));
    expect(sent).toEqual([[1]]);
    gates.shift()?.();
    expect(await first).toBe('#1');
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([[1], [2, 3, 4]]);
    gates.shift()?.();
    expect(await Promise.all(rest)).toEqual(['#2', '#3', '#4']);
  });

  it('a failed statement fails every call in it, and the next calls are sent again', async () => {
    let n = 0;
    const b = new StatementBatcher<number, number>(async (xs) => {
      if (n++ === 1) throw new Error('refused');
      await new Promise((r) => setTimeout(r, 5));
      return xs;
    });
    const a = b.run(1);
    const both = [b.run(2), b.run(3)];
    await a;
    const settled = await Promise.allSettled(both);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await b.run(4)).toBe(4);
  });

  it('caps a batch at maxBatch calls', async () => {
    const sizes: number[] = [];
    const b = new StatementBatcher<number, number>(async (xs) => {
      sizes.push(xs.length);
      await new Promise((r) => setTimeout(r, 1));
      return xs;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5, 6].map((x) => b.run(x)));
    expect(sizes).toEqual([1, 2, 2, 1]);
  });
});

describe('retryOnDeadlock', () => {
  it('sends again only after a deadlock, at most 3 more times', async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(retryOnDeadlock(async () => (++calls < 3 ? Promise.reject(deadlock) : 'ok'))).resolves.toBe('ok');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryOnDeadlock(async () => (++calls, Promise.reject(deadlock)))).rejects.toThrow(/deadlock/);
    expect(calls).toBe(4);
    calls = 0;
    await expect(retryOnDeadlock(async () => (++calls, Promise.reject(new Error('other'))))).rejects.toThrow(/other/);
    expect(calls).toBe(1);
  });
});
