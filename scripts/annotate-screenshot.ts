/**
 * tsx scripts/annotate-screenshot.ts [out.png]: the screenshot in docs/annotate.md. A throwaway
 * certainty study (seed 004's Figure 12 example pair) in a temp store, served on loopback, one
 * item page in Chromium with an option chosen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from '../test/helpers/browser.js';
import { Store } from '../src/runtime/store.js';
import { createStudy } from '../src/annotate/study-store.js';
import { startAnnotateServer } from '../src/annotate/server.js';

const out = process.argv[2] ?? 'docs/img/annotate.png';
const dir = mkdtempSync(join(tmpdir(), 'slant-shot-'));
const store = Store.open(join(dir, 'slant.db'));
const items = [
  { id: 'fig12', role: 'task' as const, content: { original: 'This drug is a known effective treatment for condition X.', rewrite: "What we've seen in our trials suggests this medicine could work for people who have X." } },
  { id: 'p2', role: 'task' as const, content: { original: 'Coffee may slightly reduce the risk of stroke.', rewrite: 'Coffee reduces the risk of stroke.' } },
  { id: 'p3', role: 'task' as const, content: { original: 'Exercise possibly improves memory.', rewrite: 'Exercise improves memory.' } },
];
const { tokens } = await createStudy(store, { kind: 'certainty', items, annotators: ['alice'], k: 1, attention: 1, seed: 2, source: { screenshot: true }, id: 'shot' });
const srv = await startAnnotateServer(store, 'shot');
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 520 }, deviceScaleFactor: 1 });
  const link = `${srv.url}/a/${tokens[0]!.token}`;
  await page.goto(link);
  // answer until Figure 12's pair is on screen, so the progress bar shows some progress
  while ((await page.locator('#answer-form').getAttribute('data-item')) !== 'fig12') {
    await page.keyboard.press('3');
    const nav = page.waitForEvent('framenavigated', (f) => f === page.mainFrame() && f.url() === link);
    await page.keyboard.press('Enter');
    await nav;
    await page.waitForLoadState('load');
  }
  await page.keyboard.press('1');
  await page.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await srv.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
