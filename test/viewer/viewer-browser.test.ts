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
    expect(axis).toContain('framing: framing change rate φ_frame');
    expect(await inert(page)).toEqual({ pwned: undefined, jsLinks: 0, imgs: 0, scripts: 0 });
    expect(errors).toEqual([]);
  });
});

describe('slant view: the runs list and the compare lists in Chromium', () => {
  const tmp = useTempDir();
  let browser: Browser;
  let viewer: Viewer;
  let store: Store;
  let runs: { a: string; b: string };
  let named: string;

  beforeAll(async () => {
    runs = await twoRuns(tmp.dir);
    store = Store.open(`${tmp.dir}/slant.db`);
    // a run with a name (runs.label in its config) and a condition, on another model
    const run = store.createRun({ configJson: JSON.stringify({ kind: 'run', baseDir: tmp.dir, config: { runs: { label: 'weekly audit' } } }), configHash: 'y', label: 'run' });
    named = run.id;
    for (const condition of ['baseline', 'self-awareness']) {
      const key = `model-y|news|framing${condition === 'baseline' ? '' : `|${condition}`}`;
      store.upsertCell(run.id, { key, model: 'model-y', dataset: 'news', probe: 'framing', condition, status: 'completed' });
      store.putResult(run.id, key, { labels: { model: 'model-y', dataset: 'news', ...(condition === 'baseline' ? {} : { condition }) }, n: 10, metrics: [{ name: 'phi_frame', label: 'φ_frame (framing-change fraction, eq. 1)', value: 0.3, n: 10, kind: 'rate', ci: { low: 0.108, high: 0.603, level: 0.95, method: 'wilson' } }] });
    }
    store.setRunStatus(run.id, 'completed');
    viewer = await startViewer({ store, reportsDir: `${tmp.dir}/reports` });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    store?.close();
  });

  it("lists each run's name, models, datasets, probes, n and headline figure, and filters them", async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(viewer.url);
    await page.locator('#runs-count', { hasText: /^3 run\(s\)$/ }).waitFor();
    const row = page.locator(`#runs tr[data-run="${named}"]`);
    expect(await row.textContent()).toContain('weekly audit');
    expect(await row.locator('td.headline').textContent()).toBe('φ_frame 30% [11, 60], n = 10');
    expect(await row.textContent()).toContain('+ self-awareness');
    const measured = page.locator(`#runs tr[data-run="${runs.a}"]`);
    for (const t of ['model-x', 'news', 'framing', 'primacy']) expect(await measured.textContent()).toContain(t);
    // filter by text: only the named run is left (wait for exactly that state, not for "any row")
    await page.fill('#filter-q', 'weekly');
    await page.click('#runs-filter button[type="submit"]');
    await page.locator('#runs-count', { hasText: /^1 of 3 run\(s\)$/ }).waitFor();
    expect(await page.locator('#runs tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-run')))).toEqual([named]);
    // filter by model from its list
    await page.goto(viewer.url);
    await page.selectOption('#filter-model', 'model-x');
    await page.click('#runs-filter button[type="submit"]');
    await page.locator('#runs-count', { hasText: /^2 of 3 run\(s\)$/ }).waitFor();
    expect((await page.locator('#runs tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-run')))).sort()).toEqual([runs.a, runs.b].sort());
    expect(errors).toEqual([]);
  });

  it("compare's sides are chosen from lists of each run's conditions; a misspelt condition in the address is named", async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(viewer.url);
    const options = await page.locator('select[name="a"] option').evaluateAll((os) => os.map((o) => [o.getAttribute('value'), o.textContent]));
    expect(options).toContainEqual([named, `baseline · ${named}`]);
    expect(options).toContainEqual([`${named}:self-awareness`, `self-awareness · ${named}`]);
    await page.selectOption('select[name="a"]', named);
    await page.selectOption('select[name="b"]', `${named}:self-awareness`);
    await page.click('#compare-form button[type="submit"]');
    await page.locator('#compare tr[data-metric="phi_frame"]').waitFor();
    expect(await page.textContent('body')).toContain(`B = ${named} [self-awareness]`);
    await page.goto(`${viewer.url}compare?a=${named}&b=${named}:self-awarenes`);
    expect(await page.textContent('body')).toContain(`run ${named} has no condition "self-awarenes" (did you mean "self-awareness"?)`);
    expect(errors.filter((x) => !/404/.test(x))).toEqual([]);
  });
});
