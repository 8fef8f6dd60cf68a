import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportModel } from '../../src/report/model.js';
import { itemHref } from '../../src/report/html.js';
import { renderReportFile } from '../../src/report/write.js';
import { useTempDir } from '../data/temp-dir.js';
import { launch, watchedPage } from '../helpers/browser.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

describe('"items →" of a row opens that row\'s items, in a run with conditions', () => {
  const tmp = useTempDir();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('a baseline row links to the baseline\'s items only (condition=baseline), a condition\'s row to its own', () => {
    const model = buildReportModel(syntheticResults());
    const framing = model.probes.find((p) => p.probe === 'framing')!;
    // the headline's row is the baseline group: its link names the baseline
    expect(itemHref(framing.headline!.links![0]!)).toBe('#items?probe=framing&model=model-a&dataset=news&condition=baseline');
    const a6 = model.overview.tables.find((t) => t.id.startsWith('seed000-tableA6'))!;
    const hrefs = (a6.links ?? []).filter((l) => l !== null).map((l) => itemHref(l!));
    expect(hrefs).toContain('#items?probe=framing&model=model-a&dataset=news&condition=baseline');
    expect(hrefs).toContain('#items?probe=framing&model=model-a&dataset=news&condition=self-awareness');
    // a run without conditions keeps plain links
    const plain = syntheticResults();
    for (const p of plain.probes) {
      p.groups = p.groups.filter((g) => g.labels.condition === undefined);
      p.items = p.items.filter((i) => i.labels.condition === undefined);
      delete p.effects;
      delete p.costs;
    }
    expect(itemHref(buildReportModel(plain).probes[0]!.headline!.links![0]!)).toBe('#items?probe=framing&model=model-a&dataset=news');
  });

  it('in the page: the baseline link lists the 12 baseline items (not 24), scrolled into view; the condition filter shows "baseline"', async () => {
    const file = join(tmp.dir, 'report.html');
    writeFileSync(file, await renderReportFile(syntheticResults()));
    const { page, errors } = await watchedPage(browser);
    await page.goto(`file://${file}`);
    await page.locator('#items-info', { hasText: /item\(s\)/ }).waitFor();
    await page.evaluate("location.hash = '#items?probe=framing&model=model-a&dataset=news&condition=baseline'");
    // wait for exactly the list the link asks for: its condition in the control and the count drawn
    await page.waitForFunction("document.getElementById('f-condition').value === 'baseline' && /^12 item\\(s\\)/.test(document.getElementById('items-info').textContent)");
    const conditions = await page.$$eval('#items-body tr', (trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''));
    expect(conditions.length).toBe(12);
    expect(conditions.filter((c) => c.includes("self-awareness")), JSON.stringify(conditions)).toEqual([]);
    // scrolled to the items: the section's top is on the screen (at its top unless the page ends first)
    expect(await page.evaluate("(() => { const t = document.getElementById('items').getBoundingClientRect().top; return t >= -1 && t < innerHeight / 2 && scrollY > 0; })()")).toBe(true);
    await page.evaluate("location.hash = '#items?probe=framing&model=model-a&dataset=news&condition=self-awareness'");
    await page.waitForFunction("document.getElementById('f-condition').value === 'self-awareness' && /^12 item\\(s\\)/.test(document.getElementById('items-info').textContent)");
    expect(errors).toEqual([]);
  });
});
