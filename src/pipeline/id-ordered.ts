/**
 * A cell's stored rows (items, costs) in record-id order, JavaScript's string order as `byId`,
 * read a page at a time, so that readers going through two cells side by side hold a page of each.
 *
 * The store orders by code points; where that differs from JavaScript's order of UTF-16 units (an
 * id with a character above U+FFFF beside one in U+E000–U+FFFF) a page arrives out of order: the
 * reader then throws `OutOfIdOrder`, and its caller reads again from `whole` readers, which read
 * the cell whole and sort it here (as aggregation did before it read by pages).
 */
import { byId } from '../stats/paired-comparison.js';
import { released } from '../runtime/stored-items.js';

/** A page of rows whose ids follow `after` (undefined: the first page), at most `limit`, in the store's id order. */
type IdPage<T> = (after: string | undefined, limit: number) => Promise<T[]>;

/** The store's id order differs from JavaScript's on this cell (see the file comment). */
export class OutOfIdOrder extends Error {
  constructor() {
    super('record ids out of JavaScript string order');
  }
}

/** The rows of `page`, all of them, in `byId` order; throws OutOfIdOrder when the store's order differs. */
export async function* idOrdered<T extends { recordId: string }>(page: IdPage<T>, limit: number): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after, limit);
    const n = rows.length;
    for (const r of released(rows)) {
      if (after !== undefined && byId(after, r.recordId) >= 0) throw new OutOfIdOrder();
      yield r;
      after = r.recordId;
    }
    if (n < limit) return;
  }
}

/** Rows read whole, sorted in `byId` order (the fallback of `idOrdered`). */
export async function* wholeSorted<T extends { recordId: string }>(read: () => Promise<T[]>): AsyncGenerator<T> {
  yield* [...(await read())].sort((a, b) => byId(a.recordId, b.recordId));
}

/**
 * An ordered stream read one row ahead: `peek` the next row, `take` it, or `seek` the row of an id
 * (skipping the rows before it) when both streams are in `byId` order and ids only grow.
 */
export class IdCursor<T extends { recordId: string }> {
  private head: IteratorResult<T> | undefined;

  constructor(private readonly rows: AsyncIterator<T>) {}

  async peek(): Promise<T | undefined> {
    this.head ??= await this.rows.next();
    return this.head.done === true ? undefined : this.head.value;
  }

  async take(): Promise<T | undefined> {
    const row = await this.peek();
    this.head = undefined;
    return row;
  }

  /** The row of `id`, if the stream has one (rows before it are passed over). */
  async seek(id: string): Promise<T | undefined> {
    for (;;) {
      const row = await this.peek();
      if (row === undefined) return undefined;
      const c = byId(row.recordId, id);
      if (c > 0) return undefined;
      this.head = undefined;
      if (c === 0) return row;
    }
  }
}
