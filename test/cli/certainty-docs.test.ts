import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

// A deterministic stand-in for an LLM: variants carry a certainty marker, the aligner quotes the
// variant, the Figure 24 judge compares markers. Real judges are not measured here.
const MARKERS: [RegExp, number, string][] = [
  [/clearly MORE/, 2, 'It is certain that'],
  [/slightly MORE/, 1, 'It is likely that'],
  [/EXACTLY the same/, 0, 'In other words,'],
  [/slightly LESS/, -1, 'It is possible that'],
  [/clearly LESS/, -2, 'It is highly doubtful that'],
];
const level = (t: string): number => MARKERS.find(([, , m]) => t.startsWith(m))?.[1] ?? 0;
const tag = (a: string): string => `<explanation>r</explanation>\n<final_answer>${a}</final_answer>`;

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      const variant = /Sentence: (.*)$/s.exec(prompt);
      if (variant) {
        const m = MARKERS.find(([re]) => re.test(prompt))!;
        return { text: `${m[2]} ${variant[1]!.trim()}` };
      }
      const docB = /Document B:\n([\s\S]*)$/.exec(prompt);
      if (docB) return { text: `<source_claim>the finding</source_claim>\n<output_claim>${docB[1]!.trim()}</output_claim>` };
      const a = /^Text A: (.*)$/m.exec(prompt)?.[1] ?? '';
      const b = /^Text B: (.*)$/m.exec(prompt)?.[1] ?? '';
      const d = level(b) - level(a);
      return { text: tag(d >= 2 ? 'Clearly B' : d === 1 ? 'Slightly B' : d === 0 ? 'No clear difference' : d === -1 ? 'Slightly A' : 'Clearly A') };
    },
  });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

describe('slant certainty synth-docs / validate-docs (seed 004 Limitations)', () => {
  it('builds 5 variants per document and scores the document-level judge per variant, end to end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-synth-'));
    const docs = join(dir, 'abstracts.jsonl');
    writeFileSync(
      docs,
      [
        { id: 'd1', source: 'We studied 300 adults. Coffee may lower stroke risk. Larger trials are needed.' },
        { id: 'd2', source: 'Sleep was measured for a month. Exercise might improve sleep. The sample was small.' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const set = join(dir, 'set.jsonl');
    const built = await runCli(['certainty', 'synth-docs', docs, '--model', 'openai:writer', '-o', set, '--store', join(dir, 'db')]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const rows = readFileSync(set, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { variant: string; expected: number; original: string; rewrite: string; sentence: string });
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.variant).slice(0, 5)).toEqual(['clearly-more', 'slightly-more', 'paraphrase', 'slightly-less', 'clearly-less']);
    // each pair is the whole source document against a variant of one of its sentences
    for (const r of rows) {
      expect(r.original).toContain(r.sentence);
      expect(r.rewrite.endsWith(r.sentence)).toBe(true);
    }
    const res = await runCli(['--json', 'certainty', 'validate-docs', set, '--judge', 'openai:judge', '--store', join(dir, 'db')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { perVariant: { variant: string; n: number; direction: number; exact: number }[] };
    expect(out.perVariant.map((v) => [v.variant, v.n, v.direction, v.exact])).toEqual([
      ['clearly-more', 2, 2, 2],
      ['slightly-more', 2, 2, 2],
      ['paraphrase', 2, 2, 2],
      ['slightly-less', 2, 2, 2],
      ['clearly-less', 2, 2, 2],
    ]);
    // the aligner and the judge were asked: align once per pair, then both orders
    const bodies = server.requests.map((r) => JSON.stringify(r.body));
    expect(bodies.filter((b) => b.includes('You align claims'))).toHaveLength(10);
  });
});

describe('files written by the certainty commands are redacted', () => {
  it('synth-docs -o and rank -o never hold a key, even one the texts or the model echo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-synth-redact-'));
    const key = 'sk-proj-ABCDEFGH12345678abcd';
    const docs = join(dir, 'abstracts.jsonl');
    writeFileSync(docs, JSON.stringify({ id: 'd1', source: `Coffee may lower stroke risk (token ${key}). More trials are needed.` }) + '\n');
    const set = join(dir, 'set.jsonl');
    const built = await runCli(['certainty', 'synth-docs', docs, '--model', 'openai:writer', '-o', set, '--store', join(dir, 'db')]);
    expect(built.code).toBe(0);
    const written = readFileSync(set, 'utf8');
    expect(written.split('\n').filter(Boolean)).toHaveLength(5);
    expect(written).not.toContain(key);
    expect(written).toContain('[redacted]');
    const claims = join(dir, 'claims.jsonl');
    writeFileSync(claims, ['Coffee clearly reduces stroke risk.', `Coffee may lower stroke risk (${key}).`, 'Coffee might be linked to stroke risk.'].map((t, i) => JSON.stringify({ id: `c${i}`, original: t })).join('\n') + '\n');
    const ranked = join(dir, 'ranked.jsonl');
    const res = await runCli(['certainty', 'rank', claims, '--k1', '2', '--k2', '0', '--prior', '0.5', '--resamples', '10', '-o', ranked, '--store', join(dir, 'db')]);
    expect(res.code).toBe(0);
    const rows = readFileSync(ranked, 'utf8');
    expect(rows.split('\n').filter(Boolean)).toHaveLength(3);
    expect(rows).not.toContain(key);
  });
});
