/**
 * npm run bench:memory [-- --docs 1000,10000,100000 --words 40 --stores sqlite,postgres]
 *
 * Peak memory of a whole run as it grows: `slant measure framing primacy` through the compiled CLI
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
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { syntheticDocuments } from './synthetic-docs.js';

const { values } = parseArgs({ options: { docs: { type: 'string', default: '1000,10000,100000' }, words: { type: 'string', default: '40' }, stores: { type: 'string', default: 'sqlite,postgres' } } });
const sizes = values.docs.split(',').map(Number);
const words = Number(values.words);
const stores = values.stores.split(',').map((s) => s.trim());
const bin = new URL('../dist/cli/bin.js', import.meta.url).pathname;
const hook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-memory-'));

async function writeDocs(n: number): Promise<string> {
  const path = join(dir, `docs-${n}.jsonl`);
  const out = createWriteStream(path);
  for (const d of syntheticDocuments(n, words)) {
    if (!out.write(`${JSON.stringify({ id: d.id, source: d.source, output: d.output })}\n`)) await once(out, 'drain');
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
      await promisify(execFile)(process.execPath, ['--import', hook, bin, 'measure', 'framing', 'primacy', '-i', inputs.get(n)!, ...storeArgs], { cwd, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, SLANT_CPU_OUT: out } });
      const wall = Date.now() - t0;
      const usage = JSON.parse(readFileSync(out, 'utf8')) as { cpuMs: number; maxRssKb: number };
      const mib = usage.maxRssKb / 1024;
      first ??= mib;
      console.log(JSON.stringify({ bench: 'memory', store, docs: n, words, peak_rss_mib: Number(mib.toFixed(1)), vs_smallest: Number((mib / first).toFixed(3)), wall_ms: wall, cli_cpu_ms: Math.round(usage.cpuMs), load_average: Number((loadavg()[0] as number).toFixed(2)) }));
      rmSync(cwd, { recursive: true, force: true });
    }
  }
  console.log(`goal: peak RSS at ${sizes.at(-1)} documents ≤ 1.2× that at ${sizes[0]} on each store`);
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
