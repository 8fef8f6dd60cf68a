import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../data/temp-dir.js';
import { figureChecks, inert, launch, watchedPage } from '../helpers/browser.js';
import { runCli } from '../helpers/run-cli.js';
import { HOSTILE, twoRuns } from '../helpers/two-runs.js';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Results } from '../../src/results/schema.js';
import { renderReportPage } from '../../src/report/html.js';
import { buildReportModel } from '../../src/report/model.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

describe('report.html in Chromium', () => {
  const tmp = useTempDir();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo report: every chart renders with labelled axes, no console error, a metric opens its items', async () => {
    const res = await runCli(['--json', 'demo', '--limit', '3', '--store', join(tmp.dir, 'demo.db'), '--reports', join(tmp.dir, 'reports')]);
    expect(res.code).toBe(0);
    const { reportDir } = JSON.parse(res.stdout) as { reportDir: string };
    const { page, errors, external } = await watchedPage(browser);
    await page.goto(`file://${join(reportDir, 'report.html')}`);
    const figs = await figureChecks(page);
    expect(figs.length).toBeGreaterThanOrEqual(6); // 4 transition heatmaps, thirds, ψ_pri
    for (const f of figs) expect(f, f.id).toEqual({ id: f.id, svg: true, xTitle: true, yTitle: true });
    // the findings come first, then the papers' figures, the tables, the folded detail and the items
    const order = await page.$$eval('body > section, body > details', (els) => els.map((x) => x.id));
    expect(order).toEqual(['findings', 'warnings', 'answer', 'tables', 'detail', 'items']);
    // each sentence on the page is the report model's, in its order, per model
    const model = buildReportModel(JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as Results);
    const shown = await page.$$eval('#findings .finding-model', (ms) => ms.map((m) => [m.querySelector('h3')?.textContent, [...m.querySelectorAll('li .finding-text')].map((t) => t.textContent)]));
    expect(shown).toEqual(model.findings.map((m) => [m.model, m.findings.map((f) => f.text)]));
    expect(model.findings.map((m) => m.model)).toEqual(['builtin:lead-3', 'builtin:textrank']);
    expect(model.findings[0]?.findings[0]?.text).toMatch(/^builtin:lead-3 changed the framing of /);
    // lead-3 copies the first sentences: the findings say it draws on the beginning
    expect(model.findings[0]?.findings.some((f) => f.subject === 'primacy' && f.status === 'shown')).toBe(true);
    // the per-probe detail is folded, and what comes before it fits three 900-px screens
    expect(await page.$$eval('#detail > details', (ds) => ds.map((d) => (d as unknown as { open: boolean }).open))).toEqual([false, false]);
    expect(await page.$eval('#detail', (d) => d.getBoundingClientRect().top + d.ownerDocument.defaultView!.scrollY)).toBeLessThanOrEqual(3 * 900);
    // from φ_frame of one group to the items behind it: only changed items of that group
    await page.click('#probe-framing > summary');
    await page.click('#probe-framing table[data-table="table2"] a.item-link');
    // the page first lists every item; wait for the list the link asked for (its filter in the
    // controls and the list drawn), not merely for any row
    // (Playwright waits that need no eval: the report's Content-Security-Policy forbids a string predicate)
    await expect.poll(() => page.inputValue('#f-tag')).toBe('changed');
    await page.locator('#items-info', { hasText: /^\d+ item\(s\)/ }).waitFor();
    await page.waitForSelector('#items-body tr');
    const rows = await page.$$eval('#items-body tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r[0]).toBe('framing');
      expect(r[6]).toContain('changed');
    }
    await page.click('#items-body tr');
    await page.waitForSelector('#item-detail .side .text');
    const titles = await page.$$eval('#item-detail .text h4', (hs) => hs.map((h) => h.textContent));
    expect(titles).toEqual(['source', 'output']);
    expect(await page.$$eval('#item-detail .third-beginning', (x) => x.length)).toBeGreaterThan(0);
    await page.click('#item-detail button.map');
    expect(await page.$$eval('#item-detail .hl', (x) => x.length)).toBe(1);
    // search narrows the list
    await page.fill('#f-q', 'zzzz-no-such-text');
    await page.locator('#items-info', { hasText: /^0 item/ }).waitFor();
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  });

  it("every probe's figures render, the certainty ranking (table with intervals and chart) and the mitigation forest plot included", async () => {
    const file = join(tmp.dir, 'all-probes.html');
    writeFileSync(file, await renderReportPage(buildReportModel(syntheticResults()), { items: { mode: 'embedded', summaries: [], details: [], omitted: 0 } }));
    const { page, errors, external } = await watchedPage(browser);
    await page.goto(`file://${file}`);
    const figs = await figureChecks(page);
    const ids = figs.map((f) => f.id);
    for (const id of ['bt-ranking', 'cd', 'forest-framing-phi_frame', 'figure2', 'figure3', 'pearson', 'strict']) expect(ids, id).toContain(id);
    for (const f of figs) expect(f, f.id).toEqual({ id: f.id, svg: true, xTitle: true, yTitle: true });
    // one point per ranked source in the ranking chart, and its table with log λ intervals
    expect(await page.$$eval('figure[data-figure="bt-ranking"] svg .mark-symbol path', (x) => x.length)).toBe(10);
    expect(await page.textContent('#probe-certainty table[data-table="ranking"]')).toContain('1.386 [0.693, 2.079]');
    // a run with conditions answers which mitigation changes what before its tables
    expect(await page.$$eval('#answer figure[data-figure]', (fs) => fs.map((f) => f.getAttribute('data-figure')))).toContain('forest-framing-phi_frame');
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  });

  it('hostile sources, outputs and model names stay inert text', async () => {
    const r = await twoRuns(join(tmp.dir, 'evil'), { evil: true });
    expect((await runCli(['report', r.a, '--reports', r.reports, '--store', r.store])).code).toBe(0);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`file://${join(r.reports, r.a, 'report.html')}`);
    await page.click('a.item-link');
    await page.waitForSelector('#items-body tr');
    await page.click('#items-body tr');
    await page.waitForSelector('#item-detail .side .text');
    // the page's own two scripts (data block, items script) and nothing else
    expect(await inert(page)).toEqual({ pwned: undefined, jsLinks: 0, imgs: 0, scripts: 2 });
    const text = await page.textContent('body');
    expect(text).toContain(HOSTILE.slice(0, 40)); // shown as text
    expect(errors).toEqual([]);
  });
});
