/**
 * What the viewer keeps of a cell to list its items a page at a time: each item's tags (as the
 * number of its set among the cell's distinct tag sets: four bytes an item) and where each page of
 * the store starts. A filter by tags is counted here, and only the pages holding the items shown
 * are read again from the store. Item summaries (tags, scores, labels: a few hundred bytes each)
 * were kept for every item of every cell viewed, which grew with the run.
 */
import type { ItemsReader } from '../../runtime/run-store.js';
import { ITEMS_PAGE, released } from '../../runtime/stored-items.js';

type Row = { recordId: string; measurement: unknown };

export class CellIndex {
  /** the distinct tag sets, in order first seen */
  readonly tagSets: (readonly string[])[] = [];
  private readonly setNumbers = new Map<string, number>();
  private sets = new Int32Array(1024);
  /** items indexed */
  n = 0;
  /** the store's position before each page (itemsPage's `after`) */
  private readonly starts: number[] = [];
  /** after the last full page: where the next page starts */
  private next = 0;

  constructor(
    private readonly store: Pick<ItemsReader, 'itemsPage'>,
    private readonly runId: string,
    private readonly cellKey: string,
    private readonly tagsOf: (row: Row) => readonly string[],
    private readonly pageSize = ITEMS_PAGE,
  ) {}

  /** The number of item `i`'s tag set (an index into tagSets). */
  setOf(i: number): number {
    return this.sets[i] as number;
  }

  /**
   * Index the items stored since the last call (the first call reads the whole cell, a page at a
   * time): a cell of a run still measuring grows, so its last page, if it was not full, is read again.
   */
  async update(): Promise<void> {
    if (this.starts.length > 0 && this.n < this.starts.length * this.pageSize) {
      this.starts.pop();
      this.n = this.starts.length * this.pageSize;
    }
    for (;;) {
      const after = this.next;
      const page = await this.store.itemsPage(this.runId, this.cellKey, after, this.pageSize);
      if (page.rows.length === 0) return;
      this.starts.push(after);
      for (const r of released(page.rows)) this.add(this.tagsOf(r));
      if (this.n < this.starts.length * this.pageSize) return;
      this.next = page.next;
    }
  }

  /** The rows at positions `at` (ascending), each page holding them read once, handed to `visit` in order. */
  async rowsAt(at: readonly number[], visit: (row: Row, i: number) => void): Promise<void> {
    let k = 0;
    while (k < at.length) {
      const p = Math.floor((at[k] as number) / this.pageSize);
      const page = await this.store.itemsPage(this.runId, this.cellKey, this.starts[p] as number, this.pageSize);
      for (; k < at.length && Math.floor((at[k] as number) / this.pageSize) === p; k++) {
        const row = page.rows[(at[k] as number) - p * this.pageSize];
        if (row !== undefined) visit(row, at[k] as number);
      }
    }
  }

  /** Every row of the cell, a page at a time, skipping the pages where `want` holds for no item. */
  async *rows(want: (i: number) => boolean): AsyncGenerator<[Row, number]> {
    for (let p = 0; p < this.starts.length; p++) {
      const from = p * this.pageSize;
      const to = Math.min(this.n, from + this.pageSize);
      let any = false;
      for (let i = from; i < to && !any; i++) any = want(i);
      if (!any) continue;
      const page = await this.store.itemsPage(this.runId, this.cellKey, this.starts[p] as number, this.pageSize);
      let i = from;
      for (const r of released(page.rows)) {
        if (i >= to) break;
        yield [r, i++];
      }
    }
  }

  private add(tags: readonly string[]): void {
    const key = JSON.stringify(tags);
    let s = this.setNumbers.get(key);
    if (s === undefined) {
      s = this.tagSets.push(tags) - 1;
      this.setNumbers.set(key, s);
    }
    if (this.n === this.sets.length) {
      const grown = new Int32Array(this.sets.length * 2);
      grown.set(this.sets);
      this.sets = grown;
    }
    this.sets[this.n++] = s;
  }
}
