/**
 * npm run bench:plan [-- --docs 30,120]
 *
 * The CPU of `slant plan` (the compiled CLI in a child process, start-up included) for a grid of two
 * OpenAI models (their input tokens counted with o200k_base) × baseline and every mitigation ×
 * framing and primacy, with gpt-4o-mini as the framing judge, on `docs` documents made of the
 * example data's sentences. The plan should cost CPU in proportion to the requests it plans: it
 * prints, per size, the requests planned (fresh and cached), the CLI's CPU time
 * (bench/cpu-at-exit.mjs), the CPU per planned request, and the ratio of the per-request CPU of the
 * largest size to the smallest's (near 1, or below with the fixed start-up spread thinner).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createRng } from '../src/stats/rng.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const sizes = arg('docs', '30,120').split(',').map(Number);
const bin = new URL('../dist/cli/bin.js', import.meta.url).pathname;
const cpuHook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
const data = new URL('../examples/data/', import.meta.url).pathname;

// every sentence of the example data (news, abstracts, claims), drawn in a seeded order
const sentences = ['news.jsonl', 'abstracts.jsonl', 'claims.jsonl', 'statements.jsonl']
  .flatMap((f) => readFileSync(join(data, f), 'utf8').split('\n').filter(Boolean))
  .flatMap((line) => Object.values(JSON.parse(line) as Record<string, unknown>).filter((v): v is string => typeof v === 'string' && v.length > 40))
  .flatMap((t) => t.split(/(?<=[.!?])\s+/));

interface Row {
  docs: number;
  fresh: number;
  cached: number;
  cpuMs: number;
  cpuMsPerRequest: number;
}

const { OPENAI_API_KEY: _key, ...withoutKey } = process.env;
const rows: Row[] = [];
for (const docs of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'slant-bench-plan-'));
  try {
    const rng = createRng(docs);
    const lines: string[] = [];
    for (let i = 0; i < docs; i++) {
      const text = Array.from({ length: 14 }, () => sentences[Math.floor(rng() * sentences.length)]).join(' ');
      lines.push(JSON.stringify({ id: `d${i}`, source: `Document ${i}. ${text}` }));
    }
    writeFileSync(join(dir, 'docs.jsonl'), `${lines.join('\n')}\n`);
    writeFileSync(
      join(dir, 'slant.yaml'),
      ['store: slant.db', 'reports: reports', 'models:', "  - { id: 'openai:gpt-4o-mini' }", "  - { id: 'openai:gpt-4o' }", 'datasets:', '  - { name: docs, path: docs.jsonl }', 'probes:', '  - { name: framing }', '  - { name: primacy }', 'judges:', "  framing: 'openai:gpt-4o-mini'", 'mitigations: all', ''].join('\n'),
    );
    const cpuOut = join(dir, 'cpu.json');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', cpuHook, bin, '--json', 'plan', '-c', join(dir, 'slant.yaml')], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      // the plan calls no model: it needs no key
      env: { ...withoutKey, SLANT_CPU_OUT: cpuOut },
    });
    const plan = JSON.parse(stdout) as { totals: { requests: { fresh: number; cached: number } } };
    const cpuMs = (JSON.parse(readFileSync(cpuOut, 'utf8')) as { cpuMs: number }).cpuMs;
    const { fresh, cached } = plan.totals.requests;
    const row = { docs, fresh, cached, cpuMs: Math.round(cpuMs), cpuMsPerRequest: Number((cpuMs / (fresh + cached)).toFixed(2)) };
    rows.push(row);
    console.log(JSON.stringify({ bench: 'plan', ...row, load: loadavg()[0]?.toFixed(1) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const first = rows[0];
const last = rows.at(-1);
if (first && last && last !== first) console.log(JSON.stringify({ bench: 'plan', perRequestRatio: Number((last.cpuMsPerRequest / first.cpuMsPerRequest).toFixed(2)), sizes: `${first.docs} → ${last.docs} documents` }));
