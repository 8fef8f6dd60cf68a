/**
 * npm run bench:report [-- --records 5000 --browser]
 * A stored run of framing + primacy over N synthetic records (2 items each: 10,000 items by
 * default, with their sources and outputs in the store), opened in `slant view`. Measures the
 * cold open of the run page (HTML with figures, then the first items page and one item with its
 * texts) over HTTP, and with --browser in Chromium until the items table shows. Reference: reading
 * every item row of the run from SQLite (the floor for anything that lists them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Store } from '../src/runtime/store.js';
import { startViewer } from '../src/viewer/server.js';
import { syntheticDocuments } from './synthetic-docs.js';
import { writeLargeRun } from '../test/helpers/large-run.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '5000' }, words: { type: 'string', default: '300' }, browser: { type: 'boolean', default: false } } });
const records = Number(values.records);
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-report-'));
const store = Store.open(join(dir, 'bench.db'));
try {
  const t0 = performance.now();
  const docs = [...syntheticDocuments(records, Number(values.words))];
  const { runId, model, dataset, items } = writeLargeRun(store, { records, label: 'bench', text: (i) => docs[i]! });
  const run = { id: runId };
  console.log(`store: ${items} items (${records} records × framing, primacy) with texts, written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const r0 = performance.now();
  store.statement('SELECT record_id, measurement_json FROM items WHERE run_id = ?').all(run.id);
  const reference = performance.now() - r0;

  const viewer = await startViewer({ store });
  try {
    const base = `${viewer.url}`;
    const api = `${base}api/runs/${encodeURIComponent(run.id)}`;
    const h0 = performance.now();
    const html = await (await fetch(`${base}runs/${encodeURIComponent(run.id)}`)).text();
    const page = (await (await fetch(`${api}/items?limit=50`)).json()) as { total: number };
    const det = await fetch(`${api}/item?probe=primacy&model=${model}&dataset=${dataset}&id=doc-0`);
    const cold = performance.now() - h0;
    const w0 = performance.now();
    await (await fetch(`${api}/items?tags=changed&probe=framing&offset=1000&limit=50`)).json();
    const warm = performance.now() - w0;
    const s0 = performance.now();
    await (await fetch(`${api}/items?q=${encodeURIComponent('zzzz')}`)).json();
    const search = performance.now() - s0;
    // a word in the stored measurements of a third of the items (the framing labels): every such row is parsed to confirm the hit
    const m0 = performance.now();
    const hits = ((await (await fetch(`${api}/items?q=negative&limit=50`)).json()) as { total: number }).total;
    const searchHits = performance.now() - m0;
    if (page.total !== items || !html.includes('<svg') || det.status !== 200) throw new Error(`unexpected viewer answer: total ${page.total}, item ${det.status}`);
    console.log(`open run page + first items page + one item (cold, HTTP): ${cold.toFixed(0)} ms (${(cold / reference).toFixed(1)}× reading every item row from SQLite: ${reference.toFixed(0)} ms)`);
    console.log(`filtered page (warm): ${warm.toFixed(0)} ms; full-text search over the stored texts and measurements (no hit): ${search.toFixed(0)} ms; a word found in ${hits} items' measurements or texts: ${searchHits.toFixed(0)} ms`);
    if (values.browser) {
      {
        const { launch } = await import('../test/helpers/browser.js');
        const b = await launch();
        try {
          const p = await b.newPage();
          const b0 = performance.now();
          await p.goto(`${base}runs/${encodeURIComponent(run.id)}`);
          await p.waitForSelector('#items-body tr');
          console.log(`open in Chromium until the items table shows (store cache warm): ${(performance.now() - b0).toFixed(0)} ms`);
        } finally {
          await b.close();
        }
      }
    }
    console.log(`report of ${items} items opens in ${cold.toFixed(0)} ms (target < 2000 ms)`);
  } finally {
    await viewer.close();
  }
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
