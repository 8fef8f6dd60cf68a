/** Rows of each chunk: 4,096 articles, a few tens of KB. */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;

/** Compressed rows in one piece: row k's segments and values are `seg`/`value` from `start[k]` to `start[k + 1]`. */
export interface FlatRows {
  start: Int32Array;
  seg: Uint16Array;
  value: Float64Array;
}

/** out[seg] += value over row k's entries. */
export function addFlatRow(out: Float64Array, rows: FlatRows, k: number): void {
  for (let p = rows.start[k] as number, end = rows.start[k + 1] as number; p < end; p++) {
    const j = rows.seg[p] as number;
    out[j] = (out[j] as number) + (rows.value[p] as number);
  }
}

/**
 * Every row of a SparseRows, as its chunks in order: row i is row `i % 4,096` of chunk `i / 4,096`
 * (SparseRows.chunkList). Read in place, so a reader over many rows copies none of them.
 */
export type ChunkedRows = readonly FlatRows[];

/** out[seg] += value over row i's entries. */
export function addRowOf(out: Float64Array, rows: ChunkedRows, i: number): void {
  const c = rows[i >>> CHUNK_BITS] as FlatRows;
  const r = i & (CHUNK - 1);
  const seg = c.seg;
  const value = c.value;
  for (let p = c.start[r] as number, end = c.start[r + 1] as number; p < end; p++) {
    const j = seg[p] as number;
    out[j] = (out[j] as number) + (value[p] as number);
  }
}

/** The sum of row i: its entries in segment order, the same number as its K counts added in order. */
export function rowTotalOf(rows: ChunkedRows, i: number): number {
  const c = rows[i >>> CHUNK_BITS] as FlatRows;
  const r = i & (CHUNK - 1);
  let s = 0;
  for (let p = c.start[r] as number, end = c.start[r + 1] as number; p < end; p++) s += c.value[p] as number;
  return s;
}

/** Row i as K numbers, written into `out` (zeros where it has no entry). */
export function denseRowOf(out: Float64Array, rows: ChunkedRows, i: number): Float64Array {
  out.fill(0);
  const c = rows[i >>> CHUNK_BITS] as FlatRows;
  const r = i & (CHUNK - 1);
  for (let p = c.start[r] as number, end = c.start[r + 1] as number; p < end; p++) out[c.seg[p] as number] = c.value[p] as number;
  return out;
}

/**
 * Rows of K segment counts (K ≤ 1,000), appended one article at a time and kept by their non-zero
 * entries only, in segment order. A summary maps its few sentences to a few of the K segments, so a
 * row is a few entries (about 14 bytes each) where a dense row was K × 8 bytes.
 *
 * The rows go into chunks of `CHUNK` rows, each copied once into arrays of its exact size when full:
 * nothing is ever joined or grown past its size, so a column of 100,000 rows never exists twice
 * (a joined copy beside its blocks) and leaves no dead arrays for the heap to free later.
 *
 * Every sum over a row adds its non-zero entries in segment order, which gives the same number as
 * adding all K (x + 0 is x for the non-negative counts kept here).
 */
export class SparseRows {
  /** the full chunks, each `CHUNK` rows */
  private readonly chunks: FlatRows[] = [];
  /** the open chunk's row starts (`rows + 1` used), segments and values (`used` used) */
  private start = new Int32Array(CHUNK + 1);
  private seg = new Uint16Array(CHUNK);
  private value = new Float64Array(CHUNK);
  private rows = 0;
  private used = 0;

  constructor(readonly K: number) {}

  get length(): number {
    return this.chunks.length * CHUNK + this.rows;
  }

  /** Append a row: `row[j]` for j < K, a missing one being 0. */
  push(row: ArrayLike<number | undefined>): void {
    for (let j = 0; j < this.K; j++) {
      const x = row[j] ?? 0;
      if (x === 0) continue;
      if (this.used === this.value.length) this.grow();
      this.seg[this.used] = j;
      this.value[this.used++] = x;
    }
    this.start[++this.rows] = this.used;
    if (this.rows === CHUNK) this.close();
  }

  /** Append a row of zeros. */
  pushEmpty(): void {
    this.push([]);
  }

  /** The rows as their chunks, the open one last (a view of it: valid until the next push). */
  chunkList(): ChunkedRows {
    return this.rows === 0 ? this.chunks : [...this.chunks, { start: this.start, seg: this.seg, value: this.value }];
  }

  /** out[seg] += value over each of the given rows, in that order. */
  addRows(out: Float64Array, rows: Int32Array): void {
    for (const i of rows) addFlatRow(out, this.chunkOf(i), i % CHUNK);
  }

  private chunkOf(i: number): FlatRows {
    if (!(Number.isInteger(i) && i >= 0 && i < this.length)) throw new RangeError(`SparseRows: row ${i} outside 0..${this.length - 1}`);
    const k = Math.floor(i / CHUNK);
    if (k < this.chunks.length) return this.chunks[k] as FlatRows;
    return { start: this.start, seg: this.seg, value: this.value };
  }

  /** The open chunk's entries twice as long (it is reused for every chunk, so it grows only to the densest's). */
  private grow(): void {
    const seg = new Uint16Array(this.seg.length * 2);
    seg.set(this.seg);
    const value = new Float64Array(this.value.length * 2);
    value.set(this.value);
    this.seg = seg;
    this.value = value;
  }

  /** Copy the full open chunk into arrays of its size, and start the next one in the same arrays. */
  private close(): void {
    this.chunks.push({ start: this.start.slice(0, this.rows + 1), seg: this.seg.slice(0, this.used), value: this.value.slice(0, this.used) });
    this.rows = 0;
    this.used = 0;
  }
}
