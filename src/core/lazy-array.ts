/**
 * A read-only array of `length` items, each built when it is read and not kept: a function written
 * for an array of items (for…of, filter, map, length) reads items rebuilt from compact columns one
 * at a time, so they never all live at once. Each read builds a fresh item, so identity is not
 * preserved between reads; writing is refused. Its indices are its own keys (Object.keys, deep
 * equality), and JSON.stringify writes it as the array it reads as; `isLazyArray` tells it apart,
 * for writers that stream its items rather than hold its whole text.
 */
export function lazyArray<T>(length: number, at: (i: number) => T): readonly T[] {
  const indexOf = (p: string | symbol): number | undefined => {
    if (typeof p !== 'string' || !/^(0|[1-9][0-9]*)$/.test(p)) return undefined;
    const i = Number(p);
    return i < length ? i : undefined;
  };
  const refuse = (): never => {
    throw new TypeError('lazyArray: the items are read-only');
  };
  const proxy = new Proxy<T[]>([], {
    get(target, p, receiver) {
      if (p === 'length') return length;
      const i = indexOf(p);
      return i === undefined ? Reflect.get(target, p, receiver) : at(i);
    },
    has: (target, p) => indexOf(p) !== undefined || Reflect.has(target, p),
    ownKeys: (target) => [...Array.from({ length }, (_, i) => String(i)), ...Reflect.ownKeys(target)],
    getOwnPropertyDescriptor(target, p) {
      const i = indexOf(p);
      if (i !== undefined) return { value: at(i), writable: false, enumerable: true, configurable: true };
      const d = Reflect.getOwnPropertyDescriptor(target, p);
      return p === 'length' && d ? { ...d, value: length } : d;
    },
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
  lazy.add(proxy);
  return proxy;
}

const lazy = new WeakSet<object>();

/** Whether `x` is an array made by lazyArray. */
export const isLazyArray = (x: unknown): x is readonly unknown[] => typeof x === 'object' && x !== null && lazy.has(x);
