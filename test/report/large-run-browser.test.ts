/**
 * One run page at 30,000 items, in real Chromium: the report file and the `slant view` run page
 * list every item a page at a time, filter and search them all, and open an item. Behaviour only
 * (how long it takes is `npm run bench:run-page`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runResults } from '../../src/report/from-store.js';
import { renderReportFile } from '../../src/report/write.js';
import { Store } from '../../src/runtime/store.js';
import { startViewer, type Viewer } from '../../src/viewer/server.js';
import { useTempDir } from '../data/temp-dir.js';
import { launch, watchedPage } from '../helpers/browser.js';
import { writeLargeRun, type LargeRun } from '../helpers/large-run.js';

const RECORDS = 15_000;

/** The rows of the items table as [probe, record, tags]. */
const rows = (page: Page): Promise<string[][]> => page.$$eval('#items-body tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')).map((r) => [r[0] ?? '', r[4] ?? '', r[6] ?? '']));

/** What a reader does on the run page, the same on the file and in the viewer. */
async function browse(page: Page): Promise<void> {
  const info = page.locator('#items-info');
  await info.filter({ hasText: /^30000 item\(s\) — showing 1–50$/ }).waitFor();
  // a page of rows, not 30,000: the table stays the size of a screen or two
  expect(await page.locator('#items-body tr').count()).toBe(50);
  await page.click('#next');
  await info.filter({ hasText: /showing 51–100$/ }).waitFor();
  expect((await rows(page))[0]?.slice(0, 2)).toEqual(['framing', 'doc-50']);
  // a filter over every item: the changed framing items (every third record)
  await page.selectOption('#f-probe', 'framing');
  await page.check('#f-changed');
  await info.filter({ hasText: /^5000 item\(s\) — showing 1–50$/ }).waitFor();
  for (const r of await rows(page)) expect(r[2]).toContain('changed');
  expect((await rows(page)).map((r) => r[1]).slice(0, 3)).toEqual(['doc-0', 'doc-3', 'doc-6']);
  await page.uncheck('#f-changed');
  await page.selectOption('#f-probe', '');
  await info.filter({ hasText: /^30000 item/ }).waitFor();
  // a search reaches the last record (past the first 20,000 items)
  await page.fill('#f-q', `doc-${RECORDS - 1}`);
  await info.filter({ hasText: /^2 item\(s\)/ }).waitFor();
  expect(await rows(page)).toEqual([
    ['framing', `doc-${RECORDS - 1}`, 'transition:neutral>neutral'],
    ['primacy', `doc-${RECORDS - 1}`, 'changed primacy'],
  ]);
  await page.click('#items-body tr >> nth=1');
  await page.locator('#item-detail h3', { hasText: `primacy · bench-model · synthetic · record doc-${RECORDS - 1}` }).waitFor();
}

describe('a run page at 30,000 items in Chromium', () => {
  const tmp = useTempDir();
  let browser: Browser;
  let store: Store;
  let viewer: Viewer;
  let run: LargeRun;

  beforeAll(async () => {
    store = Store.open(join(tmp.dir, 'slant.db'));
    run = writeLargeRun(store, { records: RECORDS, sentences: 4 });
    viewer = await startViewer({ store });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    store?.close();
  });

  it('report.html lists, pages, filters and searches all 30,000 items; an item without its texts in the file says where they are', async () => {
    expect(run.items).toBe(30_000);
    const results = await runResults(store, run.runId);
    const file = join(tmp.dir, 'report.html');
    writeFileSync(file, await renderReportFile(results!, store));
    const { page, errors, external } = await watchedPage(browser);
    await page.goto(`file://${file}`);
    // every item is listed in the file: no "further items are not in this file"
    expect(await page.locator('#items', { hasText: 'not in this file' }).count()).toBe(0);
    await browse(page);
    // the last record was not among the items whose texts the file holds
    await page.locator('#item-detail p.muted', { hasText: 'open the run with slant view' }).waitFor();
    // a changed item's texts are in the file: source beside output
    await page.selectOption('#f-probe', 'framing');
    await page.check('#f-changed');
    await page.fill('#f-q', 'doc-3');
    const matching = Array.from({ length: RECORDS }, (_, k) => k).filter((k) => k % 3 === 0 && `doc-${k}`.includes('doc-3')).length;
    await page.locator('#items-info', { hasText: new RegExp(`^${matching} item\\(s\\)`) }).waitFor();
    await page.click('#items-body tr >> nth=0');
    await page.locator('#item-detail .side .text', { hasText: 'Record3 ' }).first().waitFor();
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  }, 120_000);

  it('the slant view run page pages, filters and searches all 30,000 items from the store and opens any item with its texts', async () => {
    const { page, errors, external } = await watchedPage(browser);
    await page.goto(`${viewer.url}runs/${encodeURIComponent(run.runId)}`);
    await browse(page);
    await page.locator('#item-detail .side .text', { hasText: `Record${RECORDS - 1} ` }).first().waitFor();
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  }, 120_000);
});
