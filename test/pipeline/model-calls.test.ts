/**
 * The run's model calls alone: at most `concurrency` in flight, the others start in order as
 * places free; `onWaiting` called once, after the turn in which the first answer (or failure) came
 * back, not when every place is taken (the first requests may not be written yet). Deterministic: calls settle when the test says so.
 */
import { describe, expect, it } from 'vitest';
import { ModelCalls } from '../../src/pipeline/model-calls.js';

function deferred(): { promise: Promise<string>; resolve: (v: string) => void } {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}
const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('ModelCalls', () => {
  it('keeps `concurrency` calls in flight, starts the rest in order, and calls onWaiting once the first answer is back', async () => {
    let waiting = 0;
    const calls = new ModelCalls(2, () => waiting++);
    const answers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = answers.map((d, i) => calls.run(() => (started.push(i), d.promise)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // every place taken, no answer yet: the run is not yet waiting on its models
    await nextTurn();
    expect(waiting).toBe(0);
    answers[1]!.resolve('b');
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    // called after the turn (the freed place's request is written first), not synchronously
    expect(waiting).toBe(0);
    await nextTurn();
    expect(waiting).toBe(1);
    answers[0]!.resolve('a');
    answers[2]!.resolve('c');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    await nextTurn();
    expect(waiting).toBe(1);
  });

  it('with places to spare, onWaiting waits for the first answer (or failure)', async () => {
    let waiting = 0;
    const calls = new ModelCalls(4, () => waiting++);
    const d = deferred();
    const failing = calls.run(() => Promise.reject(new Error('refused')));
    const ok = calls.run(() => d.promise);
    await expect(failing).rejects.toThrow('refused');
    await nextTurn();
    expect(waiting).toBe(1);
    d.resolve('x');
    await ok;
    await nextTurn();
    expect(waiting).toBe(1);
  });

  it('without onWaiting it only gates', async () => {
    const calls = new ModelCalls(1);
    expect(await Promise.all([calls.run(async () => 1), calls.run(async () => 2)])).toEqual([1, 2]);
  });
});
