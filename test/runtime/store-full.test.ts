import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';

const dirs: string[] = [];
afterEach(() => {
  delete process.env.SLANT_STORE_MAX_PAGES;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function smallStore(pages: number): Store {
  const dir = mkdtempSync(join(tmpdir(), 'slant-full-'));
  dirs.push(dir);
  process.env.SLANT_STORE_MAX_PAGES = String(pages); // a "disk" of pages × 4 KiB
  return Store.open(join(dir, 'slant.db'));
}

const entry = (i: number) => ({ provider: 'openai', model: 'm', requestJson: `{"i":${i}}`, responseJson: JSON.stringify({ text: `${i} `.repeat(3000) }) });

describe('the disk fills inside a transaction of queued cache rows', () => {
  // SQLite rolls the whole transaction back on SQLITE_FULL; the rows written after the reserve
  // was freed then land outside any transaction and the final COMMIT fails. The rows are redone
  // one at a time instead of that error reaching the run.
  it('every queued row is committed, none is rejected, and the store says it is full', async () => {
    const store = smallStore(60);
    try {
      const puts = Array.from({ length: 40 }, (_, i) => store.cachePutSoon(`k${i}`, entry(i)));
      const outcomes = await Promise.allSettled(puts);
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      expect(store.fullSignal.aborted).toBe(true);
      for (let i = 0; i < 40; i++) expect(store.cacheGet(`k${i}`)?.response_json).toBe(entry(i).responseJson);
    } finally {
      store.close();
    }
  });
});
