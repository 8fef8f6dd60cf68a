/**
 * npm run bench:run-page [-- --records 15000]
 * One run page at 2 × records items (30,000 by default) in real Chromium: the run's report.html
 * (written from the store as `slant report` writes it) opened from disk, and the `slant view` run
 * page. Prints, for each: time until the first items show, scrolling the whole page to the bottom,
 * choosing a filter (changed items only), a search, and opening one item with its texts.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launch } from '../test/helpers/browser.js';
import { writeLargeRun } from '../test/helpers/large-run.js';
import { runResults } from '../src/report/from-store.js';
import { renderReportFile } from '../src/report/write.js';
import { Store } from '../src/runtime/store.js';
import { startViewer } from '../src/viewer/server.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '15000' } } });
const records = Number(values.records);
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-run-page-'));
const store = Store.open(join(dir, 'bench.db'));
const ms = (t0: number): string => `${(performance.now() - t0).toFixed(0)} ms`;

/** The interactions a reader makes on a run page, each waited for by the state it leads to. */
async function measure(page: Page, url: string, total: number): Promise<string[]> {
  const out: string[] = [];
  let t = performance.now();
  await page.goto(url);
  await page.locator('#items-info', { hasText: new RegExp(`^${total} item`) }).waitFor();
  out.push(`open until the first items show: ${ms(t)}`);
  t = performance.now();
  await page.keyboard.press('End');
  await page.locator('#items').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 100_000);
  await page.locator('#next').waitFor();
  out.push(`scroll to the bottom: ${ms(t)}`);
  t = performance.now();
  await page.selectOption('#f-probe', 'framing');
  await page.check('#f-changed');
  const changed = Math.ceil(records / 3);
  await page.locator('#items-info', { hasText: new RegExp(`^${changed} item`) }).waitFor();
  out.push(`filter (framing, changed only: ${changed} items): ${ms(t)}`);
  await page.uncheck('#f-changed');
  await page.selectOption('#f-probe', '');
  await page.locator('#items-info', { hasText: new RegExp(`^${total} item`) }).waitFor();
  t = performance.now();
  await page.fill('#f-q', `doc-${records - 1}`);
  await page.locator('#items-info', { hasText: /^2 item\(s\)/ }).waitFor();
  out.push(`search for one record id: ${ms(t)} (200 ms of it the typing pause)`);
  t = performance.now();
  await page.click('#items-body tr');
  await page.locator('#item-detail .side .text, #item-detail p.muted').first().waitFor();
  out.push(`open its item: ${ms(t)} (${(await page.locator('#item-detail .side .text').count()) ? 'with its texts' : 'its texts are not in this file'})`);
  return out;
}

try {
  const t0 = performance.now();
  const run = writeLargeRun(store, { records });
  console.log(`store: ${run.items} items (${records} records × framing, primacy) with texts, written in ${ms(t0)}`);
  const results = await runResults(store, run.runId);
  if (!results) throw new Error('the run is not in the store');
  const file = join(dir, 'report.html');
  const r0 = performance.now();
  writeFileSync(file, await renderReportFile(results, store));
  console.log(`report.html written in ${ms(r0)}: ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  const viewer = await startViewer({ store });
  const browser = await launch();
  try {
    for (const [name, url] of [
      ['report.html (file)', `file://${file}`],
      ['slant view run page (cold)', `${viewer.url}runs/${encodeURIComponent(run.runId)}`],
      ['slant view run page (warm)', `${viewer.url}runs/${encodeURIComponent(run.runId)}`],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      console.log(`${name}:\n  ${(await measure(page, url, run.items)).join('\n  ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await viewer.close();
  }
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
