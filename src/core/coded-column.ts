/**
 * Values appended one at a time, each kept as its index in a dictionary of the distinct values
 * seen: one byte per item while there are at most 256 distinct values, two up to 65,536, four
 * beyond. A group's items mostly repeat a few shapes (a label, a period, a verdict), so a run's
 * aggregation keeps the few shapes and a byte per item instead of every item object.
 */
export class CodedColumn<T> {
  private codes: Uint8Array | Uint16Array | Uint32Array = new Uint8Array(1024);
  private n = 0;
  private readonly index = new Map<string, number>();
  private readonly distinct: T[] = [];

  get length(): number {
    return this.n;
  }

  /** The number of distinct values pushed. */
  get size(): number {
    return this.distinct.length;
  }

  /** Append `value`; values with the same `key` are one value (the first one pushed is kept). */
  push(key: string, value: T): void {
    let code = this.index.get(key);
    if (code === undefined) {
      code = this.distinct.length;
      this.index.set(key, code);
      this.distinct.push(value);
    }
    if (this.n === this.codes.length || code > maxCode(this.codes)) this.grow(code);
    this.codes[this.n++] = code;
  }

  /** The value at position i (0 ≤ i < length). */
  at(i: number): T {
    if (!(Number.isInteger(i) && i >= 0 && i < this.n)) throw new RangeError(`CodedColumn.at: index ${i} outside 0..${this.n - 1}`);
    return this.distinct[this.codes[i]!]!;
  }

  /** The values in the order pushed (the distinct objects, shared). */
  toArray(): T[] {
    const out = new Array<T>(this.n);
    for (let i = 0; i < this.n; i++) out[i] = this.distinct[this.codes[i]!]!;
    return out;
  }

  /** Room for one more code, in an array wide enough for `code` (longer by half when full). */
  private grow(code: number): void {
    const length = this.n === this.codes.length ? Math.ceil(this.codes.length * 1.5) : this.codes.length;
    const bytes = Math.max(this.codes.BYTES_PER_ELEMENT, code > 0xffff ? 4 : code > 0xff ? 2 : 1);
    const next = bytes === 4 ? new Uint32Array(length) : bytes === 2 ? new Uint16Array(length) : new Uint8Array(length);
    next.set(this.codes.subarray(0, this.n));
    this.codes = next;
  }
}

const maxCode = (a: Uint8Array | Uint16Array | Uint32Array): number => 2 ** (8 * a.BYTES_PER_ELEMENT) - 1;
