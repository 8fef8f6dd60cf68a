/**
 * storedItems: a cell's measurements page by page in the order first stored, each page's rows let
 * go as they are handed on (a read row is garbage at once, not kept, and promoted, with its page).
 */
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { released, storedItems } from '../../src/runtime/stored-items.js';

describe('storedItems', () => {
  it('reads every item in the order first stored, over pages of any size', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    const ids = ['r3', 'r1', 'r7', 'r0', 'r5', 'r2', 'r4'];
    await store.putItems(run.id, ids.map((recordId, i) => ({ cellKey: 'c', recordId, measurement: { i } })));
    await store.putItems(run.id, [{ cellKey: 'other', recordId: 'x', measurement: {} }]);
    for (const size of [1, 3, 7, 512]) {
      const got: { recordId: string; measurement: unknown }[] = [];
      for await (const r of storedItems(store, run.id, 'c', size)) got.push(r);
      expect(got).toEqual(ids.map((recordId, i) => ({ recordId, measurement: { i } })));
    }
    await store.close();
  });

  it('lets a page go of each row as it is handed on', () => {
    const rows: ({ id: number } | undefined)[] = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const seen: number[] = [];
    for (const r of released(rows)) {
      seen.push(r.id);
      // the row handed on and those before it are no longer held by the page; the rest are
      expect(rows.map((x) => x?.id)).toEqual([1, 2, 3].map((id) => (id <= r.id ? undefined : id)));
    }
    expect(seen).toEqual([1, 2, 3]);
  });
});
