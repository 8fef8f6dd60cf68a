import type { ItemsReader } from './run-store.js';

/**
 * Rows read per page. Small enough that a page of parsed measurements (judge calls with their
 * reasoning: a few KB each) is garbage by the next young-generation collection: pages of 4,096
 * lived long enough to be promoted, and the old generation then filled with read pages until the
 * next full collection (most of a 100,000-item certainty run's peak). Each page is one indexed
 * seek, so smaller pages cost little.
 */
export const ITEMS_PAGE = 512;

/**
 * A cell's measurements in the order first stored (as RunStore.getItems returns them), read page by
 * page, so that a reader going through a large cell holds one page at a time, not the cell.
 */
export async function* storedItems(store: Pick<ItemsReader, 'itemsPage'>, runId: string, cellKey: string, pageSize = ITEMS_PAGE): AsyncGenerator<{ recordId: string; measurement: unknown }> {
  let after = 0;
  for (;;) {
    const page = await store.itemsPage(runId, cellKey, after, pageSize);
    yield* released(page.rows);
    if (page.rows.length < pageSize) return;
    after = page.next;
  }
}

/**
 * The rows of a page, each let go by the page as it is handed on: a row the reader is done with is
 * garbage at once instead of living (and being promoted to the old generation) with the rest of
 * its page. The page is emptied as it is read.
 */
export function* released<T>(rows: (T | undefined)[]): Generator<T> {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as T;
    rows[i] = undefined;
    yield r;
  }
}
