/**
 * Screenshots for docs/img/: the demo report (`slant demo`, what `npm start` writes) and `slant view`
 * comparing two runs (the demo run against a run of the same summarizers and corpora under the
 * position-invariant-shuffle mitigation). Real Chromium (the tests' own: CHROMIUM_PATH, the system's, or
 * the npm development install's) through playwright-core; everything offline, in a temporary directory. Usage:
 *   npx tsx scripts/screenshots.ts [out-dir]      (default docs/img)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from '../test/helpers/browser.js';
import { main } from '../src/cli/main.js';
import { Store } from '../src/runtime/store.js';
import { startViewer } from '../src/viewer/server.js';

const out = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'img');
mkdirSync(out, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'slant-shots-'));

/** Run the CLI in this process and return its --json answer. */
async function cli(args: string[]): Promise<{ runId: string; reportDir: string }> {
  const write = process.stdout.write.bind(process.stdout);
  let json = '';
  process.stdout.write = ((c: string) => ((json += c), true)) as typeof process.stdout.write;
  const code = await main(['node', 'slant', '--json', ...args]);
  process.stdout.write = write;
  if (code !== 0) throw new Error(`slant ${args.join(' ')} failed (${code})`);
  return JSON.parse(json) as { runId: string; reportDir: string };
}

try {
  const db = join(tmp, 'db');
  const reports = join(tmp, 'reports');
  const demo = await cli(['demo', '--store', db, '--reports', reports]);
  const config = join(tmp, 'shuffle.yaml');
  writeFileSync(
    config,
    [
      `store: ${db}`,
      `reports: ${reports}`,
      "models: [{ id: 'builtin:lead-3' }, { id: 'builtin:textrank' }]",
      'datasets: [{ name: demo-reviews, builtin: demo-reviews }, { name: demo-interviews, builtin: demo-interviews }]',
      'probes: [{ name: framing }, { name: primacy, options: { alpha: 0.05, split: words } }]',
      'judges: { framing: offline, embedder: tfidf }',
      'mitigations: [baseline, position-invariant-shuffle]',
      '',
    ].join('\n'),
  );
  const shuffled = await cli(['run', '-c', config]);
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1500 }, deviceScaleFactor: 1 });
    await page.goto(`file://${join(demo.reportDir, 'report.html')}`);
    await page.waitForSelector('figure[data-figure]');
    // the overview, the papers' tables and the first probe's figures
    await page.screenshot({ path: join(out, 'report-demo.png'), clip: { x: 0, y: 0, width: 1280, height: 1500 } });
    if (process.env.SLANT_SHOTS_FULL) await page.screenshot({ path: join(out, 'report-demo-full.png'), fullPage: true });
    const store = Store.open(db);
    const viewer = await startViewer({ store, reportsDir: reports });
    try {
      await page.setViewportSize({ width: 1280, height: 1100 });
      await page.goto(`${viewer.url}compare?a=${encodeURIComponent(demo.runId)}&b=${encodeURIComponent(shuffled.runId)}&cb=position-invariant-shuffle`);
      await page.waitForSelector('#compare tbody tr');
      await page.screenshot({ path: join(out, 'viewer-compare.png'), clip: { x: 0, y: 0, width: 1280, height: 1100 } });
    } finally {
      await viewer.close();
      store.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots written to ${out}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
