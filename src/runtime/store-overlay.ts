/**
 * A store that reads through to another and writes only to itself, for the cost plan on a shared
 * (PostgreSQL) store: the plan's dry run writes what it writes (cells, its request-cache rows) to a private SQLite store, and
 * reads what the shared store holds through it (its request cache; for `slant plan --resume`, what
 * the run being resumed already stored), without copying the shared store and without writing to it.
 *
 * The run being resumed lives in the shared store under `baseRunId` and in the private one under
 * `ownRunId`: a call naming the run reads both (what the private store has wins) and writes to the
 * private one. Every call the overlay does not read through (writes, leases, anything new) goes to
 * the private store alone, so the shared store is never written.
 */
import type { CacheRow } from './store.js';
import type { RunStore } from './run-store.js';

type AnyFn = (...args: unknown[]) => Promise<unknown>;

export function overlayStore(own: RunStore, base: RunStore, runs?: { baseRunId: string; ownRunId: string }): RunStore {
  const ownFn = (name: string): AnyFn => (own as unknown as Record<string, AnyFn>)[name]!.bind(own);
  const baseFn = (name: string): AnyFn => (base as unknown as Record<string, AnyFn>)[name]!.bind(base);
  const isRun = (id: unknown): boolean => runs !== undefined && id === runs.baseRunId;
  const ownArgs = (args: unknown[]): unknown[] => (isRun(args[0]) ? [runs!.ownRunId, ...args.slice(1)] : args);

  /** a call naming the resumed run: both stores' answers, combined */
  const both = (name: string, combine: (mine: unknown, theirs: unknown) => unknown): AnyFn => async (...args) => {
    const mine = await ownFn(name)(...ownArgs(args));
    return isRun(args[0]) ? combine(mine, await baseFn(name)(...args)) : mine;
  };
  const union = (a: unknown, b: unknown): Set<string> => new Set([...(b as Set<string>), ...(a as Set<string>)]);
  const firstOf = (a: unknown, b: unknown): unknown => (a !== undefined && a !== null ? a : b);
  const byRecord = (a: unknown, b: unknown): unknown[] => {
    const mine = a as { recordId: string }[];
    const have = new Set(mine.map((r) => r.recordId));
    return [...(b as { recordId: string }[]).filter((r) => !have.has(r.recordId)), ...mine];
  };

  const reads: Record<string, AnyFn> = {
    getRun: async (id) => (isRun(id) ? base.getRun(id as string) : own.getRun(id as string)),
    completedRecordIds: both('completedRecordIds', union),
    outputRecordIds: both('outputRecordIds', union),
    getOutput: both('getOutput', firstOf),
    getItem: both('getItem', firstOf),
    getOutputs: both('getOutputs', byRecord),
    getOutputsAmong: both('getOutputsAmong', byRecord),
    getItems: both('getItems', byRecord),
    getInvalidOutputs: both('getInvalidOutputs', byRecord),
    getCosts: both('getCosts', (a, b) => new Map([...(b as Map<string, unknown>), ...(a as Map<string, unknown>)])),
    countItems: both('countItems', (a, b) => (a as number) + (b as number)),
    listCells: both('listCells', (a, b) => {
      const mine = a as { cellKey: string }[];
      const have = new Set(mine.map((c) => c.cellKey));
      return [...(b as { cellKey: string }[]).filter((c) => !have.has(c.cellKey)), ...mine];
    }),
    // the request cache: an answer either store holds is an answer the run will not pay for
    cacheGet: async (key) => ((await own.cacheGet(key as string)) as CacheRow | undefined) ?? base.cacheGet(key as string),
  };

  return new Proxy(own, {
    get(target, prop, receiver) {
      if (typeof prop !== 'string') return Reflect.get(target, prop, receiver) as unknown;
      // the private store answers alone, and asynchronously (a synchronous peek would miss the shared cache)
      if (prop === 'cacheGetNow' || prop === 'claimRequest' || prop === 'releaseRequest' || prop === 'cachePutReleasing') return undefined;
      if (prop === 'close') return () => own.close();
      const read = reads[prop];
      if (read !== undefined) return read;
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => (v as AnyFn).apply(target, ownArgs(args));
    },
  });
}
