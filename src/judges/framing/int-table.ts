/**
 * A read-only map from non-negative integer keys (below 2^31) to non-negative integer values, in
 * two Int32Arrays with open addressing (linear probing, a table at most half full). The framing
 * judge looks up a bigram for almost every token of a text by the pair of its word ids; a
 * Map<number, number> lookup was most of the n-gram walk's time. Written here because
 * it is a dozen lines and no dependency offers a typed-array integer map that we already ship.
 */
export class IntTable {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;
  readonly size: number;

  constructor(entries: Iterable<readonly [number, number]>) {
    const list = [...entries];
    let cap = 8;
    while (cap < list.length * 2) cap *= 2;
    this.keys = new Int32Array(cap).fill(-1);
    this.values = new Int32Array(cap);
    this.mask = cap - 1;
    let size = 0;
    for (const [k, v] of list) {
      if (!Number.isInteger(k) || k < 0 || k > 0x7fffffff || !Number.isInteger(v) || v < 0 || v > 0x7fffffff) throw new RangeError(`IntTable takes integers in [0, 2^31): ${k} → ${v}`);
      let i = slot(k, this.mask);
      while (this.keys[i] !== -1 && this.keys[i] !== k) i = (i + 1) & this.mask;
      if (this.keys[i] === -1) size++;
      this.keys[i] = k;
      this.values[i] = v;
    }
    this.size = size;
  }

  /** The value of `key`, −1 when it has none (as Map.get's undefined). */
  get(key: number): number {
    const keys = this.keys;
    let i = slot(key, this.mask);
    for (;;) {
      const k = keys[i] as number;
      if (k === key) return this.values[i] as number;
      if (k === -1) return -1;
      i = (i + 1) & this.mask;
    }
  }
}

/** Fibonacci hashing of the key's bits into the table. */
function slot(key: number, mask: number): number {
  return (Math.imul(key, 0x9e3779b1) >>> 16 ^ Math.imul(key, 0x85ebca6b)) & mask;
}
