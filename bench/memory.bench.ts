/**
 * npm run bench:memory [-- --docs 1000,10000,100000 --words 40 --stores sqlite,postgres --probes framing,primacy --bin dist/cli/bin.js]
 *
 * Peak memory of a whole run as it grows: `slant measure framing primacy` (or the `--probes` given:
 * certainty compares the document with its summary as original and rewrite, position maps the
 * summary and a gold summary of the document's last two sentences) through the compiled CLI
 * (a child process: reading, measuring, aggregation, results.json, report.html, the terminal
 * summary) on seeded synthetic documents of about `words` words, once per size, on a SQLite store
 * and on a PostgreSQL store (a throwaway cluster, as the tests start: the store a distributed
 * run's coordinator aggregates from). Prints each run's peak RSS (getrusage of the CLI process),
 * its ratio to the smallest size's on the same store (goal: ≤ 1.2 at 100,000), the CLI's CPU time
 * and the load average. Short documents keep 100,000 documents to minutes; what grows with the run
 * is the number of records and items, not their length.
 */
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { syntheticDocuments } from './synthetic-docs.js';

const { values } = parseArgs({ options: { docs: { type: 'string', default: '1000,10000,100000' }, words: { type: 'string', default: '40' }, stores: { type: 'string', default: 'sqlite,postgres' }, probes: { type: 'string', default: 'framing,primacy' }, bin: { type: 'string' } } });
const sizes = values.docs.split(',').map(Number);
const words = Number(values.words);
const stores = values.stores.split(',').map((s) => s.trim());
const probes = values.probes.split(',').map((p) => p.trim());
const known = ['framing', 'primacy', 'certainty', 'position'];
for (const p of probes) if (!known.includes(p)) throw new Error(`--probes: ${p} is not one of ${known.join(', ')}`);

/** A document as the chosen probes read it (each probe's record fields, from the same texts). */
function record(d: { id: string; source: string; output: string }): Record<string, string> {
  const r: Record<string, string> = { id: d.id };
  if (probes.includes('framing') || probes.includes('primacy') || probes.includes('position')) Object.assign(r, { source: d.source, output: d.output });
  if (probes.includes('certainty')) Object.assign(r, { original: d.source, rewrite: d.output });
  if (probes.includes('position')) r['reference'] = d.source.split(/(?<=\.) /).slice(-2).join(' ');
  return r;
}
// --bin: another build's CLI (e.g. main's, in a second worktree), to compare builds under the same load
const bin = values.bin === undefined ? new URL('../dist/cli/bin.js', import.meta.url).pathname : resolve(values.bin);
const hook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-memory-'));

async function writeDocs(n: number): Promise<string> {
  const path = join(dir, `docs-${n}.jsonl`);
  const out = createWriteStream(path);
  for (const d of syntheticDocuments(n, words)) {
    if (!out.write(`${JSON.stringify(record(d))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return path;
}

const cluster = stores.includes('postgres') ? await (await import('../test/helpers/postgres.js')).startCluster() : undefined;
try {
  const inputs = new Map<number, string>();
  for (const n of sizes) inputs.set(n, await writeDocs(n));
  for (const store of stores) {
    let first: number | undefined;
    for (const n of sizes) {
      const cwd = mkdtempSync(join(dir, `${store}-${n}-`));
      const out = join(cwd, 'usage.json');
      const storeArgs = store === 'postgres' ? ['--store', cluster!.newDatabase()] : [];
      const t0 = Date.now();
      await promisify(execFile)(process.execPath, ['--import', hook, bin, 'measure', ...probes, '-i', inputs.get(n)!, ...storeArgs], { cwd, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, SLANT_CPU_OUT: out } });
      const wall = Date.now() - t0;
      const usage = JSON.parse(readFileSync(out, 'utf8')) as { cpuMs: number; maxRssKb: number };
      const mib = usage.maxRssKb / 1024;
      first ??= mib;
      console.log(JSON.stringify({ bench: 'memory', probes: probes.join(','), store, docs: n, words, peak_rss_mib: Number(mib.toFixed(1)), vs_smallest: Number((mib / first).toFixed(3)), wall_ms: wall, cli_cpu_ms: Math.round(usage.cpuMs), load_average: Number((loadavg()[0] as number).toFixed(2)) }));
      rmSync(cwd, { recursive: true, force: true });
    }
  }
  console.log(`goal: peak RSS at ${sizes.at(-1)} documents ≤ 1.2× that at ${sizes[0]} on each store`);
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
