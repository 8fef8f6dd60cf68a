import { describe, expect, it } from 'vitest';
import { Gate } from '../../src/runtime/gate.js';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('Gate', () => {
  it('runs at most `limit` calls at once and gives freed places to waiters first come, first served', async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const calls = [0, 1, 2, 3, 4].map((i) =>
      gate.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            release[i] = () => resolve(i);
          }),
      ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.inFlight).toBe(2);
    release[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    release[0]!();
    release[2]!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.inFlight).toBe(2);
    release[3]!();
    release[4]!();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.inFlight).toBe(0);
  });

  it('a failing call frees its place and rejects only its own caller', async () => {
    const gate = new Gate(1);
    const bad = gate.run(() => Promise.reject(new Error('boom')));
    const good = gate.run(() => Promise.resolve('ok'));
    await expect(bad).rejects.toThrow('boom');
    await expect(good).resolves.toBe('ok');
    expect(gate.inFlight).toBe(0);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new Gate(0)).toThrow(/positive integer, got 0/);
    expect(() => new Gate(1.5)).toThrow(RangeError);
  });
});
