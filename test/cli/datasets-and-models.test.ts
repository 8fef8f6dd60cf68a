import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      // reframing (seed 001 prompts): keep the statement verbatim and add the opposite framing
      const m = /Here is a (negative|positive) statement: (.*?)\.? Like the example/.exec(prompt);
      if (m) return { text: m[1] === 'negative' ? `${m[2]}, but I learned a lot from it.` : `${m[2]}, though it cost far too much.`, inputTokens: 60, outputTokens: 15 };
      // fact-checking (Table A7): the model believes everything it is told
      return { text: 'True', inputTokens: 80, outputTokens: 1 };
    },
  });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

describe('slant datasets wildframe', () => {
  it('extracts statements, reframes them with a model and keeps the original verbatim', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-wf-'));
    const corpus = join(dir, 'corpus.jsonl');
    writeFileSync(
      corpus,
      [
        { text: 'We loved the concert last night. The venue was in the city centre.' },
        { text: 'I hated the new update on my phone. The weather was cloudy.' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const out = join(dir, 'wildframe.jsonl');
    const res = await runCli(['datasets', 'wildframe', corpus, '--model', 'openai:gpt-4o-mini', '--out', out]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { base: string; baseSentiment: string; framed: string });
    expect(rows.map((r) => r.baseSentiment).sort()).toEqual(['negative', 'positive']);
    for (const r of rows) expect(r.framed).toContain(r.base.replace(/\.$/, ''));
  });
});

describe('slant measure hallucination --model', () => {
  it('fact-checks true and falsified items with the model under test and splits at its cutoff', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-hall-'));
    const input = join(dir, 'pairs.jsonl');
    writeFileSync(
      input,
      [
        { id: 'a', date: '2020-05-01', true_text: 'A happened.', false_text: 'A did not happen.' },
        { id: 'b', date: '2026-05-01', true_text: 'B happened.', false_text: 'B did not happen.' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const res = await runCli(['--json', 'measure', 'hallucination', '--input', input, '--model', 'openai:gpt-4o-mini', '--store', join(dir, 'db'), '--reports', join(dir, 'r')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    const g = results.probes[0]!.groups[0]!;
    expect(g.labels.model).toBe('openai:gpt-4o-mini');
    const v = (n: string) => g.metrics.find((m) => m.name === n)?.value;
    // answering "True" to everything: all actual news right, all falsified wrong, strict accuracy 0 (eq. 3)
    expect(v('actual_acc_pre')).toBe(1);
    expect(v('falsified_acc_pre')).toBe(0);
    expect(v('strict_acc_pre')).toBe(0);
    expect(v('strict_acc_post')).toBe(0);
    expect(v('delta_h')).toBe(0);
    // 2 items x 2 statements were asked once each
    expect(server.requests.filter((r) => JSON.stringify(r.body).includes('fact-checking AI')).length).toBe(4);
  });
});

describe('slant run with probes that bring their own task', () => {
  it('position writes F.3 list summaries, certainty rewrites, hallucination fact-checks with each model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-run-tasks-'));
    const article = 'The council approved the budget on Monday. Roads will be repaired in spring. Parks get new benches. Libraries extend their hours. The mayor thanked residents for their patience.';
    writeFileSync(join(dir, 'articles.jsonl'), JSON.stringify({ id: 'a1', source: article, reference: 'The council approved the budget. Libraries extend their hours.' }) + '\n');
    writeFileSync(join(dir, 'claims.jsonl'), JSON.stringify({ id: 'c1', original: 'Coffee may be associated with a lower risk of stroke.' }) + '\n');
    writeFileSync(join(dir, 'pairs.jsonl'), JSON.stringify({ id: 'p1', date: '2026-03-01', true_text: 'X happened.', false_text: 'X did not happen.' }) + '\n');
    const before = server.requests.length;
    const common = `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai:gpt-4o-mini' }]\n`;
    writeFileSync(join(dir, 'position.yaml'), `${common}datasets: [{ name: news, path: articles.jsonl }]\nprobes: [{ name: position, options: { sentences: 2 } }]\n`);
    writeFileSync(join(dir, 'certainty.yaml'), `${common}datasets: [{ name: claims, path: claims.jsonl }]\nprobes: [{ name: certainty, options: { comparator: offline, decoding: greedy } }]\n`);
    writeFileSync(join(dir, 'hall.yaml'), `${common}datasets: [{ name: pairs, path: pairs.jsonl }]\nprobes: [{ name: hallucination }]\n`);
    for (const cfg of ['position', 'certainty', 'hall']) {
      const res = await runCli(['--json', 'run', '-c', join(dir, `${cfg}.yaml`)]);
      expect(res.stderr, cfg).toBe('');
      expect(res.code, cfg).toBe(0);
      const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
      expect(results.probes[0]?.groups[0]?.n, cfg).toBe(1);
      expect(results.probes[0]?.groups[0]?.labels.model, cfg).toBe('openai:gpt-4o-mini');
    }
    const bodies = server.requests.slice(before).map((r) => JSON.stringify(r.body));
    // F.3's list prompt, seed 004's paraphrase prompt, Table A7's fact-checking prompt
    expect(bodies.some((b) => /2 sentences/.test(b) && b.includes('The council approved'))).toBe(true);
    expect(bodies.some((b) => b.includes('Coffee may be associated'))).toBe(true);
    expect(bodies.filter((b) => b.includes('fact-checking AI'))).toHaveLength(2);
  });
});
