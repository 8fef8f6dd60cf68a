import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/probes/results.js';
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
