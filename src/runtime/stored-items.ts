import type { ItemsReader } from './run-store.js';

/** Rows read per page: a few MB of parsed measurements at most. */
export const ITEMS_PAGE = 4096;

/**
 * A cell's measurements in the order first stored (as RunStore.getItems returns them), read page by
 * page, so that a reader going through a large cell holds one page at a time, not the cell.
 */
export async function* storedItems(store: Pick<ItemsReader, 'itemsPage'>, runId: string, cellKey: string, pageSize = ITEMS_PAGE): AsyncGenerator<{ recordId: string; measurement: unknown }> {
  let after = 0;
  for (;;) {
    const page = await store.itemsPage(runId, cellKey, after, pageSize);
    yield* page.rows;
    if (page.rows.length < pageSize) return;
    after = page.next;
  }
}
