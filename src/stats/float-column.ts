/**
 * Numbers appended one at a time into a typed array (grown by half again when full): a group's
 * per-item values read in one pass over its items, eight bytes each, outside the garbage-collected
 * heap, where an array of numbers (or of the objects they came from) would keep the heap growing
 * with the run.
 */
export class FloatColumn {
  private data = new Float64Array(1024);
  private n = 0;

  get length(): number {
    return this.n;
  }

  push(x: number): void {
    if (this.n === this.data.length) {
      const next = new Float64Array(Math.ceil(this.data.length * 1.5));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.n++] = x;
  }

  /** The values pushed, in order (a view: valid until the next push). */
  values(): Float64Array {
    return this.data.subarray(0, this.n);
  }
}
