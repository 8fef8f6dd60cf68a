/**
 * Values that follow the work they were set around across every await and callback (the cell of a
 * request, the run's send fence, the request cache's slot check, a distributed unit's usage
 * tracker), all held in ONE AsyncLocalStorage. Node (20 and 22) pays for each AsyncLocalStorage
 * that has ever been run on every promise the process creates afterwards: it copies each one's
 * value onto the new promise. A run makes about two hundred promises per request (the model
 * wrappers, the scheduler, the store's iterators), so four storages cost that copy four times per
 * promise; one storage holding a small frame of values costs it once, and setting a value copies
 * the frame (a few entries) once per `run`, not per promise.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Frame = Readonly<Record<symbol, unknown>>;

const frames = new AsyncLocalStorage<Frame>();

interface AsyncSlot<T> {
  /** Run `fn` with this slot holding `value` (inside and in all the work it starts); the other slots keep theirs. */
  run<R>(value: T, fn: () => R): R;
  /** The value set around the current work, if any. */
  get(): T | undefined;
}

/** A slot of the shared frame; `name` only labels its key when debugging. */
export function asyncSlot<T>(name: string): AsyncSlot<T> {
  const key = Symbol(name);
  return {
    run: (value, fn) => frames.run({ ...frames.getStore(), [key]: value }, fn),
    get: () => frames.getStore()?.[key] as T | undefined,
  };
}
