import { describe, expect, it } from 'vitest';
import { PlanDuringRun } from '../../src/cli/plan-during-run.js';
import type { BegunCostPlan, CostPlan } from '../../src/pipeline/cost-plan/estimate.js';

/** A begun plan that records what is asked of it (the dry pass itself: test/cli/budget.test.ts, plan.test.ts). */
function begun(make: (o: { turns?: boolean; signal?: AbortSignal }) => Promise<CostPlan>) {
  const calls: string[] = [];
  const seen: { turns?: boolean; signal?: AbortSignal }[] = [];
  const b: BegunCostPlan = {
    make(o = {}) {
      calls.push('make');
      seen.push(o);
      return make(o);
    },
    dispose() {
      calls.push('dispose');
      return Promise.resolve();
    },
  };
  return { b, calls, seen };
}

const PLAN = { totals: { requests: { fresh: 7 } } } as unknown as CostPlan;
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PlanDuringRun: the cost plan made while the run waits on its models', () => {
  it('begins only when the run first waits, a step per turn, and the results get that plan', async () => {
    const { b, calls, seen } = begun(() => Promise.resolve(PLAN));
    const notes: unknown[] = [];
    const p = new PlanDuringRun(b, (err) => notes.push(err));
    await turn();
    expect(calls).toEqual([]);
    p.onWaiting();
    p.onWaiting();
    await turn();
    expect(calls).toEqual(['make']);
    expect(seen[0]?.turns).toBe(true);
    expect(await p.result()).toBe(PLAN);
    await p.dispose();
    expect(calls).toEqual(['make']);
    expect(notes).toEqual([]);
  });

  it('a run that never waited on a model: the results make it, at full pace', async () => {
    const { b, calls, seen } = begun(() => Promise.resolve(PLAN));
    const p = new PlanDuringRun(b, () => undefined);
    expect(await p.result()).toBe(PLAN);
    expect(calls).toEqual(['make']);
    expect(seen[0]?.turns).toBe(false);
  });

  it('a run that ends before it began lets the copy go without a pass, and says nothing', async () => {
    const { b, calls } = begun(() => Promise.resolve(PLAN));
    const notes: unknown[] = [];
    const p = new PlanDuringRun(b, (err) => notes.push(err));
    await p.dispose();
    expect(calls).toEqual(['dispose']);
    expect(notes).toEqual([]);
  });

  it('a run that ends while the pass is made stops it (its signal) and says nothing', async () => {
    let signal: AbortSignal | undefined;
    const { b } = begun(
      (o) =>
        new Promise((_resolve, reject) => {
          signal = o.signal;
          o.signal?.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    );
    const notes: unknown[] = [];
    const p = new PlanDuringRun(b, (err) => notes.push(err));
    p.onWaiting();
    await turn();
    expect(signal?.aborted).toBe(false);
    await p.dispose();
    expect(signal?.aborted).toBe(true);
    expect(notes).toEqual([]);
  });

  it('a plan that cannot be made is said once, and the results have none (the run goes on)', async () => {
    const { b } = begun(() => Promise.reject(new Error('no dataset')));
    const notes: unknown[] = [];
    const p = new PlanDuringRun(b, (err) => notes.push((err as Error).message));
    p.onWaiting();
    expect(await p.result()).toBeUndefined();
    await p.dispose();
    expect(notes).toEqual(['no dataset']);
  });
});
