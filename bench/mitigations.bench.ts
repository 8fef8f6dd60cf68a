/**
 * Cost of the decoding-time mitigations (seed 000 Table A5) against plain step-wise decoding, on
 * the same GGUF, prompts, seeds and token budget.
 *
 *   npm run bench:mitigations [-- --model path/to/model.gguf | --vocab-words 5000] [--docs 3] [--tokens 96] [--repeat 5] [--threads 1]
 *
 * Without --model the bench writes the tiny random-weight test GGUF (test/helpers/tiny-gguf.ts)
 * to a temporary folder. For each mitigation it prints the time per generated token relative to
 * plain step-wise decoding (no controller), measured as the median over repeats of
 * (Σ mitigation time / Σ tokens) ÷ (Σ plain time / Σ tokens), conditions interleaved within each
 * repeat so that load on the machine hits them alike; plus calls and input/output tokens per
 * document. Goals: single-sequence controllers ≤ 1.3×, self-debias ≤ 2.2×. The
 * explanation guard makes a side generation every 5 tokens and has no goal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DECODE_MITIGATIONS } from '../src/mitigations/decode/index.js';
import type { Mitigation, MitigationResult } from '../src/mitigations/types.js';
import type { Task } from '../src/tasks/task.js';
import { createGgufModel } from '../src/models/gguf/index.js';
import { vaderLexicon } from '../src/judges/framing/vader-lexicon.js';
import { DEFAULT_WORDS, writeTinyGguf } from '../test/helpers/tiny-gguf.js';
import { syntheticDocuments } from './synthetic-docs.js';

process.env.NODE_LLAMA_CPP_SKIP_DOWNLOAD = 'true';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    docs: { type: 'string', default: '3' },
    words: { type: 'string', default: '150' },
    tokens: { type: 'string', default: '96' },
    repeat: { type: 'string', default: '5' },
    threads: { type: 'string', default: '1' },
    prefix: { type: 'string' },
    /** tiny GGUF only: add this many VADER lexicon words to its vocabulary (a larger vocabulary, closer to real models' O(vocabulary) work per step) */
    'vocab-words': { type: 'string', default: '0' },
  },
});
const nDocs = Number(values.docs);
const maxTokens = Number(values.tokens);
const repeat = Math.max(1, Number(values.repeat));

const dir = values.model === undefined ? mkdtempSync(join(tmpdir(), 'slant-bench-')) : undefined;
const extraWords = [...vaderLexicon().keys()].filter((w) => /^[a-z]{3,}$/.test(w)).slice(0, Number(values['vocab-words']));
const path = values.model ?? writeTinyGguf(join(dir as string, 'tiny.gguf'), { words: [...DEFAULT_WORDS, ...extraWords] }).path;
const model = await createGgufModel(path, { contextSize: 2048, threads: Number(values.threads) });

const task: Task = {
  kind: 'summarize',
  document: (r) => String(r.fields.source),
  render: (r, _o, d) => ({ messages: [{ role: 'user', content: `Summarize the following review:\n${String(r.fields.source)}` }], params: { temperature: d.temperature, maxTokens: d.maxTokens, seed: d.seed } }),
  parse: (text) => ({ fields: { output: text }, warnings: [] }),
};
const docs = [...syntheticDocuments(nDocs, Number(values.words), 7)].map((d) => ({ id: d.id, fields: { source: d.source } }));
const defaults = { temperature: 0.8, maxTokens, seed: 42 };
// the tiny vocabulary spells unknown words letter by letter; its own words keep the bias prefix under 30 tokens
const tinyPrefix = 'the news is very sad and terrible and bad:';
const optionsFor = (m: Mitigation): Record<string, unknown> => (m.id === 'self-debias' && (values.prefix !== undefined || values.model === undefined) ? { prefix: values.prefix ?? tinyPrefix } : {});

interface Tally {
  ms: number[];
  /** process CPU time (all threads, llama.cpp's included) */
  cpu: number[];
  tokens: number[];
  calls: number;
  input: number;
  output: number;
}
const names = ['plain step-wise', ...DECODE_MITIGATIONS.map((m) => m.id)];
const tally = new Map<string, Tally>(names.map((n) => [n, { ms: [], cpu: [], tokens: [], calls: 0, input: 0, output: 0 }]));

async function plain(rec: (typeof docs)[number]): Promise<{ tokens: number; calls: number; input: number; output: number }> {
  const req = task.render(rec, {}, defaults);
  const r = await model.stepwise({ messages: req.messages, maxTokens, temperature: defaults.temperature, seed: defaults.seed, controller: { onStep: () => ({ kind: 'sample' }) } });
  return { tokens: r.usage.outputTokens, calls: 1, input: r.usage.inputTokens, output: r.usage.outputTokens };
}

async function mitigated(m: Mitigation, rec: (typeof docs)[number]): Promise<{ tokens: number; calls: number; input: number; output: number }> {
  const r: MitigationResult = await m.run({ model, task, taskOptions: {}, record: rec, options: m.optionsSchema.parse(optionsFor(m)), defaults });
  const d = r.steps.find((s) => s.name === 'decoding')?.data as { tokens: number } | undefined;
  return { tokens: d?.tokens ?? r.usage.outputTokens, calls: r.calls, input: r.usage.inputTokens, output: r.usage.outputTokens };
}

async function once(name: string, rec: (typeof docs)[number]): Promise<{ tokens: number; calls: number; input: number; output: number }> {
  const m = DECODE_MITIGATIONS.find((x) => x.id === name);
  return m === undefined ? plain(rec) : mitigated(m, rec);
}

// warm-up: one untimed round of every condition (JIT, llama.cpp thread start-up, page cache)
for (const name of names) for (const rec of docs) await once(name, rec);
for (let rep = 0; rep < repeat; rep++) {
  for (const t of tally.values()) {
    t.ms.push(0);
    t.cpu.push(0);
    t.tokens.push(0);
  }
  // finest interleaving: per document, every condition, the starting condition rotating per repeat
  for (const [di, rec] of docs.entries()) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + rep + di) % names.length] as string;
      const t = tally.get(name) as Tally;
      const c0 = process.cpuUsage();
      const a = performance.now();
      const r = await once(name, rec);
      const ms = performance.now() - a;
      const c = process.cpuUsage(c0);
      t.ms[rep] = (t.ms[rep] as number) + ms;
      t.cpu[rep] = (t.cpu[rep] as number) + (c.user + c.system) / 1000;
      t.tokens[rep] = (t.tokens[rep] as number) + r.tokens;
      if (rep === 0) {
        t.calls += r.calls;
        t.input += r.input;
        t.output += r.output;
      }
    }
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const base = tally.get('plain step-wise') as Tally;
const goal = (name: string): string => (name === 'self-debias' ? '≤ 2.2×' : name === 'explanation-guard' || name === 'plain step-wise' ? '—' : '≤ 1.3×');
console.log(`decoding mitigations on ${values.model ?? 'the tiny test GGUF'} (vocabulary ${model.core.vocab}), ${nDocs} documents × ${maxTokens} tokens max, ${repeat} repeats, threads ${values.threads}`);
console.log('mitigation'.padEnd(26) + 'wall ms/tok'.padStart(12) + 'tokens/s'.padStart(10) + 'wall ×'.padStart(8) + 'cpu ×'.padStart(8) + 'goal'.padStart(8) + 'calls/doc'.padStart(11) + 'in tok/doc'.padStart(12) + 'out tok/doc'.padStart(13));
const ratio = (t: Tally, xs: (t: Tally) => number[]): number => {
  const per = (u: Tally) => xs(u).map((v, i) => v / Math.max(1, u.tokens[i] as number));
  const mine = per(t);
  const ref = per(base);
  return median(mine.map((v, i) => v / (ref[i] as number)));
};
for (const name of names) {
  const t = tally.get(name) as Tally;
  const pt = median(t.ms.map((ms, i) => ms / Math.max(1, t.tokens[i] as number)));
  console.log(
    name.padEnd(26) +
      pt.toFixed(3).padStart(12) +
      (1000 / pt).toFixed(0).padStart(10) +
      `${ratio(t, (u) => u.ms).toFixed(2)}×`.padStart(8) +
      `${ratio(t, (u) => u.cpu).toFixed(2)}×`.padStart(8) +
      goal(name).padStart(8) +
      (t.calls / nDocs).toFixed(1).padStart(11) +
      (t.input / nDocs).toFixed(0).padStart(12) +
      (t.output / nDocs).toFixed(0).padStart(13),
  );
}
await model.dispose();
if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
