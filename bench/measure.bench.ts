/**
 * npm run bench:measure [-- --docs 10000 --words 2000 --concurrency 4]
 * npm run bench:measure -- --cli [--docs 500 --runs 3] [--bin A/dist/cli/bin.js --bin B/dist/cli/bin.js]: the CLI's
 *   whole process, end of run apart (bench/measure-cli.ts); each --bin in turn, runs times
 * Framing (offline judge) + primacy (TF-IDF) on synthetic 2,000-word documents through the full
 * pipeline (store writes included). Prints items per second, CPU time (with and without the
 * bench's own document generator) and peak memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Store } from '../src/runtime/store.js';
import { executePlan } from '../src/pipeline/execute.js';
import { recordedProducer } from '../src/pipeline/producers.js';
import { planProbes, buildJudges } from '../src/pipeline/plan.js';
import { aggregateRun } from '../src/pipeline/aggregate.js';
import { WarningLog } from '../src/pipeline/warnings.js';
import type { DatasetSource } from '../src/pipeline/datasets.js';
import { syntheticDocuments } from './synthetic-docs.js';
import { measureCliBench } from './measure-cli.js';

const { values } = parseArgs({ options: { docs: { type: 'string' }, words: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '4' }, cli: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' }, bin: { type: 'string', multiple: true } } });
const words = Number(values.words);
if (values.cli) {
  await measureCliBench({ docs: Number(values.docs ?? '500'), words, runs: Number(values.runs), bins: values.bin ?? [] });
  process.exit(0);
}
const docs = Number(values.docs ?? '10000');

let peakRss = 0;
/** CPU time (µs) spent generating the synthetic documents, inside the measured phase */
let generatorCpu = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const dataset: DatasetSource = {
  name: 'synthetic',
  async *records() {
    const gen = syntheticDocuments(docs, words);
    for (;;) {
      // the generator's own CPU time is counted apart (generatorCpu): it is the bench's work, not slant's
      const c0 = process.cpuUsage();
      const next = gen.next();
      const c = process.cpuUsage(c0);
      generatorCpu += c.user + c.system;
      if (next.done) return;
      const d = next.value;
      yield { id: d.id, fields: { source: d.source, output: d.output }, location: { file: 'synthetic', row: 0 } };
    }
  },
  stats: () => ({ read: docs, skipped: 0, problems: [] }),
};

const dir = mkdtempSync(join(tmpdir(), 'slant-bench-'));
const store = Store.open(join(dir, 'bench.db'));
try {
  const probes = await planProbes([{ name: 'framing' }, { name: 'primacy' }]);
  const plan = { datasets: [dataset], producers: [recordedProducer('synthetic')], probes, judges: await buildJudges(probes, { framing: 'offline', embedder: 'tfidf' }), concurrency: Number(values.concurrency) };
  const run = store.createRun({ configJson: '{}', configHash: 'bench' });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcome = await executePlan(plan, store, run.id, { warnings: new WarningLog() });
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const results = await aggregateRun(plan, store, run.id, outcome.cells, { includeItems: false });
  const t2 = performance.now();
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const secs = (t1 - t0) / 1000;
  console.log(`documents:            ${docs} × ~${words} words`);
  console.log(`measure (both probes): ${secs.toFixed(1)} s → ${(docs / secs).toFixed(1)} documents/s, ${((2 * docs) / secs).toFixed(1)} item measurements/s`);
  console.log(`measure CPU:          ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s → ${(docs / ((cpu.user + cpu.system) / 1e6)).toFixed(1)} documents per CPU-second (steadier than wall time on a shared machine)`);
  const slantCpu = (cpu.user + cpu.system - generatorCpu) / 1e6;
  console.log(`  without generating:  ${slantCpu.toFixed(1)} s → ${(docs / slantCpu).toFixed(1)} documents per CPU-second (the bench's document generator took ${(generatorCpu / 1e6).toFixed(2)} s of it)`);
  console.log(`aggregate:            ${((t2 - t1) / 1000).toFixed(2)} s`);
  console.log(`peak RSS:             ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
  for (const p of results) {
    const m = p.groups[0]?.metrics.find((x) => x.name === (p.probe === 'framing' ? 'phi_frame' : 'psi_pri'));
    console.log(`${p.probe}: ${m?.name} = ${m?.value?.toFixed(3)} (n = ${m?.n})`);
  }
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
