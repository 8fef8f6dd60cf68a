import type { RunStore } from './run-store.js';
import { Store } from './store.js';

/** Methods of the synchronous SQLite store that the async face forwards unchanged. */
const FORWARDED = [
  'createRun', 'getRun', 'latestRun', 'listRuns', 'setRunStatus', 'deleteRun',
  'upsertCell', 'listCells', 'setCellStatus',
  'putOutput', 'getOutput', 'getOutputs', 'getOutputsAmong',
  'putItem', 'putItems', 'putWrites', 'outputRecordIds', 'countItems', 'countCutAnswers', 'getItems', 'itemsPage', 'itemsByIdPage', 'getItem', 'searchOutputs', 'searchItems', 'completedRecordIds',
  'putCost', 'getCosts', 'costsByIdPage', 'putInvalidOutput', 'getInvalidOutputs',
  'putRunResults', 'getRunResults', 'putResult', 'getResults', 'resultListPage',
  'cacheGet', 'cacheStats', 'cacheClear',
  'batchStateGet', 'batchStateSet', 'batchStateDelete', 'batchStateKeys',
  'takeLease', 'beatLease', 'releaseLease',
  'putJudgeCard', 'getJudgeCard', 'listJudgeCards',
  'listRunOutputs', 'createStudyRows', 'studyRows', 'studyItemRows', 'annotatorRows', 'setTokenHashes',
  'assignmentRows', 'nextAssignmentRow', 'putAnswer', 'answerRows', 'studyProgress',
] as const satisfies readonly (keyof Store & keyof RunStore)[];

const faces = new WeakMap<Store, RunStore>();

/**
 * The SQLite store (better-sqlite3, synchronous: a local file, so a call never waits on a network)
 * behind the async RunStore interface. Each method runs at once (an async function's body runs
 * synchronously up to its first await) and resolves with the synchronous result, so a SQLite run
 * behaves exactly as before. One face per Store (cached), so callers may wrap freely.
 */
export function sqliteRunStore(store: Store): RunStore {
  let face = faces.get(store);
  if (face !== undefined) return face;
  const methods: Record<string, unknown> = {};
  for (const name of FORWARDED) {
    const fn = (store[name] as (...args: unknown[]) => unknown).bind(store);
    methods[name] = (...args: unknown[]): Promise<unknown> => {
      try {
        return Promise.resolve(fn(...args));
      } catch (err) {
        return Promise.reject(err);
      }
    };
  }
  face = {
    ...(methods as unknown as RunStore),
    kind: 'sqlite',
    location: store.path,
    get fullSignal() {
      return store.fullSignal;
    },
    get fullError() {
      return store.fullError;
    },
    lockTimeoutMs: store.lockTimeoutMs,
    cacheGetNow: (key) => store.cacheGet(key),
    // committed with the store's next transaction (the answers' group commit), settled once committed
    cachePut: (key, e) => store.cachePutSoon(key, e),
    close: () => {
      store.close();
      return Promise.resolve();
    },
  };
  faces.set(store, face);
  return face;
}

/** A part of the store a caller may take (src/runtime/run-store.ts): any of RunStore's members, with their types. */
type StorePart = Partial<RunStore>;

/**
 * What a caller taking the store's part `T` accepts: that part of any store, or the synchronous
 * SQLite Store (library callers, tests), which has every part.
 */
export type AnyStore<T extends StorePart = RunStore> = Store | T;

/** The store as the part `T`: a SQLite Store through its async face (a RunStore, so every part), anything else as given. */
export function asRunStore<T extends StorePart = RunStore>(store: AnyStore<T>): T {
  // the face is a RunStore, which has every part
  return store instanceof Store ? (sqliteRunStore(store) as unknown as T) : store;
}
