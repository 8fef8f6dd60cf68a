/**
 * A read-only array of `length` items, each built when it is read and not kept: a function written
 * for an array of items (for…of, filter, map, length) reads items rebuilt from compact columns one
 * at a time, so they never all live at once. Each read builds a fresh item, so identity is not
 * preserved between reads; writing is refused.
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
  return new Proxy<T[]>([], {
    get(target, p, receiver) {
      if (p === 'length') return length;
      const i = indexOf(p);
      return i === undefined ? Reflect.get(target, p, receiver) : at(i);
    },
    has: (target, p) => indexOf(p) !== undefined || Reflect.has(target, p),
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
}
