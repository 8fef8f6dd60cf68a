import { describe, expect, it } from 'vitest';
import { asyncSlot } from '../../src/runtime/async-slot.js';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('asyncSlot', () => {
  it('is undefined outside any run', () => {
    expect(asyncSlot<string>('a').get()).toBeUndefined();
  });

  it('follows the work across awaits, timers and callbacks, and is gone after it', async () => {
    const a = asyncSlot<string>('a');
    const seen: (string | undefined)[] = [];
    await a.run('x', async () => {
      seen.push(a.get());
      await tick();
      seen.push(a.get());
      await new Promise<void>((r) => setTimeout(() => (seen.push(a.get()), r()), 1));
    });
    expect(seen).toEqual(['x', 'x', 'x']);
    expect(a.get()).toBeUndefined();
  });

  it('keeps the other slots when one is set inside another, and an inner value only inside', async () => {
    const a = asyncSlot<string>('a');
    const b = asyncSlot<number>('b');
    const got = await a.run('outer', () =>
      b.run(1, async () => {
        await tick();
        const inner = await a.run('inner', async () => {
          await tick();
          return [a.get(), b.get()];
        });
        return [...inner, a.get(), b.get()];
      }),
    );
    expect(got).toEqual(['inner', 1, 'outer', 1]);
  });

  it('keeps concurrent runs apart', async () => {
    const a = asyncSlot<number>('a');
    const runs = [1, 2, 3].map((v) =>
      a.run(v, async () => {
        await tick();
        await tick();
        return a.get();
      }),
    );
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
  });

  it('two slots made with the same name are still two slots', () => {
    const a = asyncSlot<string>('same');
    const b = asyncSlot<string>('same');
    expect(a.run('x', () => b.get())).toBeUndefined();
  });

  it('returns what the work returns, synchronously for sync work', () => {
    expect(asyncSlot<string>('a').run('x', () => 42)).toBe(42);
  });
});
