import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../data/temp-dir.js';
import { launch, watchedPage } from '../helpers/browser.js';
import { runCli } from '../helpers/run-cli.js';
import { twoRuns } from '../helpers/two-runs.js';

describe('slant report RUN… --bundle DIR: a static site of runs', () => {
  const tmp = useTempDir();
  let browser: Browser;
  let runs: { store: string; reports: string; a: string; b: string };
  let dir: string;

  beforeAll(async () => {
    runs = await twoRuns(tmp.dir);
    dir = join(tmp.dir, 'site');
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('writes index.html and each run\'s report with its items, opened from file:// with nothing loaded from elsewhere', async () => {
    const res = await runCli(['report', runs.a, runs.b, '--bundle', dir, '--store', runs.store, '--reports', runs.reports]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`bundle: ${join(dir, 'index.html')} (2 run(s)`);
    for (const id of [runs.a, runs.b]) expect(existsSync(join(dir, 'runs', id, 'report.html'))).toBe(true);
    // no reference to the store or a server in the pages
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toMatch(/https?:\/\/|slant\.db/);

    const { page, errors, external } = await watchedPage(browser);
    await page.goto(pathToFileURL(join(dir, 'index.html')).href);
    const row = page.locator(`#runs tr[data-run="${runs.a}"]`);
    const text = (await row.textContent()) ?? '';
    for (const t of ['model-x', 'news', 'framing', 'primacy', '8']) expect(text).toContain(t);
    // the findings of the run, in the index as in the report
    expect(await row.locator('ul.findings li').count()).toBeGreaterThan(0);
    await row.locator('a').first().click();
    // the run's report, opened from the folder: its items are in the page (4 records × 2 probes)
    await page.locator('#items-info', { hasText: /^8 item\(s\)/ }).waitFor();
    await page.click('#items-body tr');
    await page.waitForSelector('#item-detail .side .text');
    expect(await page.textContent('#item-detail')).toMatch(/bridge|factory|museum|rain/);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
  });

  it('several runs without --bundle are a usage error; --bundle over a file too', async () => {
    const two = await runCli(['report', runs.a, runs.b, '--store', runs.store, '--reports', runs.reports]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('several go into a static site with --bundle DIR');
    const file = join(tmp.dir, 'site', 'index.html');
    const onFile = await runCli(['report', runs.a, '--bundle', file, '--store', runs.store]);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toContain('is a file; give a folder');
  });
});
