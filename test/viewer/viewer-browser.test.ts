import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { startViewer, type Viewer } from '../../src/viewer/server.js';
import { useTempDir } from '../data/temp-dir.js';
import { figureChecks, inert, launch, watchedPage } from '../helpers/browser.js';
import { HOSTILE, twoRuns } from '../helpers/two-runs.js';

describe('slant view in Chromium', () => {
  const tmp = useTempDir();
  let browser: Browser;
  let viewer: Viewer;
  let store: Store;
  let runs: { a: string; b: string };

  beforeAll(async () => {
    runs = await twoRuns(tmp.dir, { evil: true });
    store = Store.open(`${tmp.dir}/slant.db`);
    // a run whose name (label) is hostile
    const named = store.createRun({ configJson: '{}', configHash: 'x', label: `run ${HOSTILE}` });
    store.setRunStatus(named.id, 'completed');
    viewer = await startViewer({ store, reportsDir: `${tmp.dir}/reports` });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    store?.close();
  });

  it('lists runs (hostile run names as text), opens a run live from the store, browses its items', async () => {
    const { page, errors, external } = await watchedPage(browser);
    await page.goto(viewer.url);
    expect(await page.textContent('#runs')).toContain(`run ${HOSTILE}`);
    expect(await inert(page)).toEqual({ pwned: undefined, jsLinks: 0, imgs: 0, scripts: 0 });
    await page.click(`#runs a[href="/runs/${runs.a}"]`);
    await page.waitForSelector('figure[data-figure]');
    for (const f of await figureChecks(page)) expect(f, f.id).toEqual({ id: f.id, svg: true, xTitle: true, yTitle: true });
    // a probe's detail is folded: open it, then follow its first items link
    await page.click('#probe-primacy > summary');
    await page.click('#probe-primacy a.item-link');
    // the rows of the run's first (unfiltered) list are still there until the filtered list arrives:
    // wait for the filtered count instead of reading the first rows seen
    // (a locator wait: the viewer's Content-Security-Policy forbids the eval a string predicate needs)
    await page.locator('#items-info', { hasText: /^4 item\(s\)/ }).waitFor();
    await page.waitForSelector('#items-body tr');
    expect(await page.textContent('#items-info')).toMatch(/^4 item\(s\)/);
    await page.click('#items-body tr');
    await page.waitForSelector('#item-detail .side .text');
    expect(await page.textContent('#item-detail')).toContain(HOSTILE.slice(0, 40));
    await page.fill('#f-q', 'factory closed');
    await page.locator('#items-info', { hasText: /^1 item/ }).waitFor();
    expect(await inert(page)).toEqual({ pwned: undefined, jsLinks: 0, imgs: 0, scripts: 2 });
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  });

  it('compares two runs: paired differences over matched records, chart and table', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(viewer.url);
    await page.selectOption('select[name="a"]', runs.a);
    await page.selectOption('select[name="b"]', runs.b);
    await page.click('#compare-form button[type="submit"]');
    await page.waitForSelector('#compare tbody tr');
    const figs = await figureChecks(page);
    // rates on one chart in percentage points, each mean on its own
    expect(figs.map((f) => f.id)).toContain('compare-rates');
    expect(figs.map((f) => f.id)).toContain('compare-primacy-mean_s_b');
    for (const f of figs) expect(f).toEqual({ id: f.id, svg: true, xTitle: true, yTitle: true });
    const sb = await page.$eval('#compare tr[data-metric="mean_s_b"] td:last-child', (td) => td.textContent ?? '');
    expect(sb).toMatch(/^[+-]\d\.\d{3} \[-?\d\.\d{3}, -?\d\.\d{3}\] n=4/);
    // a rate's paired difference in percentage points; the chart names metrics as the table does
    expect(await page.$eval('#compare tr[data-metric="phi_frame"] td:last-child', (td) => td.textContent ?? '')).toMatch(/^[+-]\d+\.\d pp \[-?\d+\.\d, -?\d+\.\d\] n=4/);
    const axis = await page.$$eval('figure[data-figure="compare-rates"] svg text', (ts) => ts.map((t) => t.textContent ?? ''));
    expect(axis).toContain('framing: φ_frame (framing-change fraction, eq. 1)');
    expect(await inert(page)).toEqual({ pwned: undefined, jsLinks: 0, imgs: 0, scripts: 0 });
    expect(errors).toEqual([]);
  });
});
