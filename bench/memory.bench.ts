/**
 * npm run bench:memory [-- --docs 1000,10000,100000 --words 40 --stores sqlite,postgres --probes framing,primacy --conditions --bin <old>/dist/cli/bin.js --bin dist/cli/bin.js]
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
 *
 * `--conditions`: a run with conditions instead (`slant run`: the documents summarized by
 * builtin:lead-3 as they are and under `--mitigation`, default position-invariant-shuffle, which
 * needs no model server), so aggregation also reads each condition's cell beside its baseline's
 * for the paired effects (framing and primacy only: they read the summary of the document).
 * `--bin` (repeatable): each build's CLI is measured at each size in turn, under the same load.
 * `--phases`: also prints each run's peaks phase by phase (RSS, V8 heap used, external memory:
 * measuring and aggregation, results.json, the report's items/details/figures, writing
 * report.html, the terminal summary; bench/memory-phases.mjs), to find which step makes a peak.
 * BENCH_NODE_ARGS='--some-v8-flag' passes node options to the CLI processes (to try a V8 setting).
 * `--readers`: also measures, on each run made, the commands that read it back (`slant compare` of
 * the run with itself, `slant view` serving its page, item pages, a tag filter and a search;
 * bench/memory-readers.ts): their peak RSS and its ratio to the smallest size's.
 */
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { syntheticDocuments } from './synthetic-docs.js';
import { readerUsage } from './memory-readers.js';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '1000,10000,100000' },
    words: { type: 'string', default: '40' },
    stores: { type: 'string', default: 'sqlite,postgres' },
    probes: { type: 'string', default: 'framing,primacy' },
    conditions: { type: 'boolean', default: false },
    mitigation: { type: 'string', default: 'position-invariant-shuffle' },
    bin: { type: 'string', multiple: true },
    phases: { type: 'boolean', default: false },
    readers: { type: 'boolean', default: false },
  },
});
const sizes = values.docs.split(',').map(Number);
const words = Number(values.words);
const stores = values.stores.split(',').map((s) => s.trim());
const probes = values.probes.split(',').map((p) => p.trim());
const known = ['framing', 'primacy', 'certainty', 'position'];
for (const p of probes) if (!known.includes(p)) throw new Error(`--probes: ${p} is not one of ${known.join(', ')}`);
const conditions = values.conditions === true;
if (conditions) for (const p of probes) if (p !== 'framing' && p !== 'primacy') throw new Error(`--conditions: ${p} does not read the generated summary alone; use framing and/or primacy`);

/** A document as the chosen probes read it (each probe's record fields, from the same texts). */
function record(d: { id: string; source: string; output: string }): Record<string, string> {
  const r: Record<string, string> = { id: d.id };
  // with conditions the summary is generated (builtin:lead-3), so the record holds the document alone
  if (conditions) return { id: d.id, source: d.source };
  if (probes.includes('framing') || probes.includes('primacy') || probes.includes('position')) Object.assign(r, { source: d.source, output: d.output });
  if (probes.includes('certainty')) Object.assign(r, { original: d.source, rewrite: d.output });
  if (probes.includes('position')) r['reference'] = d.source.split(/(?<=\.) /).slice(-2).join(' ');
  return r;
}
// --bin: other builds' CLIs (e.g. main's, in a second worktree), to compare builds under the same load
const bins = values.bin === undefined ? [new URL('../dist/cli/bin.js', import.meta.url).pathname] : values.bin.map((b) => resolve(b));
const hook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
const phaseHook = new URL('./memory-phases.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-memory-'));

/** The CLI's arguments for one run: `slant measure` of the recorded summaries, or `slant run` of a config with a condition (written into `cwd`). */
function cliArgs(cwd: string, input: string, storeArgs: string[]): string[] {
  if (!conditions) return ['measure', ...probes, '-i', input, ...storeArgs];
  const config = join(cwd, 'slant.yaml');
  const yaml = [
    `models: [{ id: 'builtin:lead-3' }]`,
    `datasets: [{ name: docs, path: ${JSON.stringify(input)} }]`,
    `probes: [${probes.map((p) => `{ name: ${p} }`).join(', ')}]`,
    `mitigations: [${values.mitigation}]`,
  ];
  writeFileSync(config, `${yaml.join('\n')}\n`);
  return ['run', '-c', config, ...storeArgs];
}

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
    const first = new Map<string, number>();
    for (const n of sizes) {
      for (const bin of bins) {
        const cwd = mkdtempSync(join(dir, `${store}-${n}-`));
        const out = join(cwd, 'usage.json');
        const storeArgs = store === 'postgres' ? ['--store', cluster!.newDatabase()] : [];
        const phasesOut = join(cwd, 'phases.json');
        const hooks = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', hook, ...(values.phases ? ['--import', phaseHook] : [])];
        const t0 = Date.now();
        const { stdout } = await promisify(execFile)(process.execPath, [...hooks, bin, ...cliArgs(cwd, inputs.get(n)!, storeArgs)], { cwd, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, SLANT_CPU_OUT: out, SLANT_PHASES_OUT: phasesOut } });
        const wall = Date.now() - t0;
        const usage = JSON.parse(readFileSync(out, 'utf8')) as { cpuMs: number; maxRssKb: number };
        const mib = usage.maxRssKb / 1024;
        if (!first.has(bin)) first.set(bin, mib);
        const row = { bench: 'memory', probes: probes.join(','), ...(conditions ? { conditions: `baseline,${values.mitigation}` } : {}), store, docs: n, words, ...(bins.length > 1 ? { bin } : {}) };
        console.log(JSON.stringify({ ...row, peak_rss_mib: Number(mib.toFixed(1)), vs_smallest: Number((mib / first.get(bin)!).toFixed(3)), wall_ms: wall, cli_cpu_ms: Math.round(usage.cpuMs), load_average: Number((loadavg()[0] as number).toFixed(2)) }));
        if (values.phases) for (const p of JSON.parse(readFileSync(phasesOut, 'utf8')) as object[]) console.log(JSON.stringify({ ...row, ...p }));
        if (values.readers) {
          const runId = /^run (\S+): /m.exec(stdout)?.[1];
          if (runId === undefined) throw new Error(`no run id in the CLI's output: ${stdout.slice(-500)}`);
          const items = n * probes.length * (conditions ? 2 : 1);
          for (const r of await readerUsage({ bin, hook, cwd, storeArgs, runId, items })) {
            const key = `${bin}\u0000${r.command}`;
            if (!first.has(key)) first.set(key, r.peakRssMib);
            console.log(JSON.stringify({ ...row, command: r.command, peak_rss_mib: Number(r.peakRssMib.toFixed(1)), vs_smallest: Number((r.peakRssMib / first.get(key)!).toFixed(3)), wall_ms: r.wallMs, cli_cpu_ms: Math.round(r.cpuMs), load_average: Number((loadavg()[0] as number).toFixed(2)) }));
          }
        }
        rmSync(cwd, { recursive: true, force: true });
      }
    }
  }
  console.log(`goal: peak RSS at ${sizes.at(-1)} documents ≤ 1.2× that at ${sizes[0]} on each store`);
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
