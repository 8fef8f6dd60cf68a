/**
 * `slant run` (framing and primacy on news articles) against a model served the way reasoning
 * models are: Qwen3 on vLLM without a reasoning parser writes <think>…</think> in the content, and
 * some answers are filtered, refused, cut off or spent on reasoning. Only the answers are measured;
 * the rest are stored with their reason and counted once per answer on every screen.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { Store } from '../../src/runtime/store.js';
import type { Answer } from '../helpers/loopback/answer.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const ARTICLE =
  'The council approved the budget on Monday after a long debate. Roads will be repaired in spring and parks get new benches. ' +
  'Critics said the plan was late and too expensive. Libraries extend their hours. The mayor thanked residents and warned of cuts next year.';
const SUMMARY = 'The council approved the budget; roads and parks benefit.';
// reasoning that dwells on the end of the article: measured as the summary, it would flip primacy to recency
const THOUGHT = 'Critics said the plan was late and too expensive. The mayor warned of cuts next year. Libraries extend their hours.';

/** The answer for each article, by the tag in its text. */
const SHAPES: Record<string, Answer> = {
  plain: { text: SUMMARY, inputTokens: 90, outputTokens: 12 },
  think: { text: `<think>\n${THOUGHT}\n</think>\n\n${SUMMARY}`, inputTokens: 90, outputTokens: 60 },
  prefilled: { text: `${THOUGHT}\n</think>\n\n${SUMMARY}`, inputTokens: 90, outputTokens: 60 },
  filtered: { text: 'The council approved the', finish: 'filter', inputTokens: 90, outputTokens: 5 },
  refused: { text: '', refusal: "I'm sorry, I can't help with that.", inputTokens: 90, outputTokens: 9 },
  cut: { text: 'The council approved the budget after a long debate and', finish: 'length', inputTokens: 90, outputTokens: 500 },
  spent: { text: `<think>\n${THOUGHT} ${THOUGHT}`, finish: 'length', inputTokens: 90, outputTokens: 500 },
};

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      const tag = /\[(\w+)\]/.exec(prompt)?.[1] ?? 'plain';
      return SHAPES[tag] ?? SHAPES.plain!;
    },
  });
});
afterAll(() => server.close());

function setUp(extra = ''): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-shapes-'));
  const rows = Object.keys(SHAPES).map((tag) => ({ id: tag, source: `[${tag}] ${ARTICLE}` }));
  writeFileSync(join(dir, 'news.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(
    join(dir, 'slant.yaml'),
    `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai-compatible:${server.url}/v1#Qwen/Qwen3-8B' }]\n` +
      `datasets:\n  - { name: news, path: news.jsonl }\nprobes: [{ name: framing }, { name: primacy }]\n${extra}`,
  );
  return { dir, config: join(dir, 'slant.yaml') };
}

const groupOf = (r: Results, probe: string) => r.probes.find((p) => p.probe === probe)!.groups[0]!;

describe('slant run on a reasoning model: only the answer is measured', () => {
  it('measures the answers, stores the reasoning, counts filtered / refused / cut / spent answers once each', async () => {
    const { dir, config } = setUp('generation: { truncated: exclude }\n');
    const res = await runCli(['run', '-c', config]);
    expect(res.code).toBe(0);
    // seven answers, four not measured: counted once per answer, not once per probe
    expect(res.stderr + res.stdout).toMatch(/4 invalid model output\(s\) recorded/);
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(res.stdout.match(/results: (\S+)results\.json/)![1]!, 'results.json'), 'utf8')));
    for (const probe of ['framing', 'primacy']) {
      const g = groupOf(results, probe);
      expect(g.n).toBe(3);
      expect(g.invalid).toEqual({
        n: 4,
        reasons: { 'filtered (content_filter)': 1, refused: 1, truncated: 1, 'token budget spent on reasoning': 1 },
      });
    }
    // the budget warning is one line for the model (with its count), naming the fix
    const budget = results.warnings.filter((w) => /whole token budget on reasoning/.test(w.message));
    expect(budget).toHaveLength(1);
    expect(budget[0]!.message).toMatch(/think: false/);
    // and it is said at the first such answer, once, while the run goes on (not only in the summary)
    expect(res.stderr.match(/warning \(at the first such answer; the summary counts them\): .*whole token budget on reasoning.*think: false/g)).toHaveLength(1);
    // every metric says which answers are missing from its n, in words
    const framingTable = res.stdout.slice(0, res.stdout.indexOf('primacy')).replace(/[\s│]+/g, ' ');
    expect(framingTable).toMatch(/n = 3 · 1 cut at the token limit · 1 refused · 1 filtered \(content_filter\) · 1 token budget spent on reasoning/);
    expect(res.stdout.replace(/\n\s+/g, ' ')).toMatch(/invalid outputs: 4 \(filtered \(content_filter\); refused; cut at the token limit; token budget spent on reasoning\)/);
    for (const m of groupOf(results, 'primacy').metrics) expect(m.excluded).toEqual({ 'filtered (content_filter)': 1, refused: 1, truncated: 1, 'token budget spent on reasoning': 1 });

    // stored: the answer as the output, the reasoning beside it; the unmeasured ones with their reason
    const store = sqliteRunStore(Store.open(join(dir, 'db')));
    try {
      const outputs = new Map((await store.listRunOutputs(results.run.id)).filter((o) => !o.cellKey.startsWith('#input')).map((o) => [o.recordId, o.output as Record<string, unknown>]));
      expect(outputs.get('think')).toMatchObject({ text: SUMMARY, reasoning: THOUGHT });
      expect(outputs.get('prefilled')).toMatchObject({ text: SUMMARY, reasoning: THOUGHT });
      expect(outputs.get('plain')).not.toHaveProperty('reasoning');
      expect(outputs.get('filtered')).toMatchObject({ invalid: 'filtered (content_filter)', text: 'The council approved the', finishReason: 'content-filter' });
      expect(outputs.get('cut')).toMatchObject({ invalid: 'truncated', finishReason: 'length' });
      expect(outputs.get('spent')).toMatchObject({ invalid: 'token budget spent on reasoning', text: '', finishReason: 'length' });
      // measured: the answers with reasoning measure exactly as the plain answer of the same article
      const cells = await store.listCells(results.run.id);
      for (const cell of cells) {
        const items = new Map((await store.getItems(results.run.id, cell.key)).map((i) => [i.recordId, i.measurement]));
        expect([...items.keys()].sort()).toEqual(['plain', 'prefilled', 'think']);
        expect(items.get('think')).toEqual(items.get('plain'));
        expect(items.get('prefilled')).toEqual(items.get('plain'));
      }
    } finally {
      await store.close();
    }

    // a second run is served from the cache and the store: nothing is asked again, the counts are the same
    const before = server.count();
    const again = await runCli(['--json', 'run', '-c', config]);
    expect(again.code).toBe(0);
    expect(server.count()).toBe(before);
    const r2 = resultsSchema.parse((JSON.parse(again.stdout) as { results: unknown }).results);
    expect(groupOf(r2, 'primacy').invalid?.n).toBe(4);
  });

  it('by default (as seed 000) a cut answer is measured, marked and counted per metric', async () => {
    const { config } = setUp();
    const res = await runCli(['run', '-c', config]);
    expect(res.code).toBe(0);
    expect(res.stdout.replace(/\n\s+/g, ' ')).toMatch(/primacy[\s\S]*1 of the measured answers was cut at the token limit/);
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(res.stdout.match(/results: (\S+)results\.json/)![1]!, 'results.json'), 'utf8')));
    for (const probe of ['framing', 'primacy']) {
      const g = groupOf(results, probe);
      expect(g.n).toBe(4);
      expect(g.truncated).toBe(1);
      expect(g.invalid?.n).toBe(3);
      expect(g.invalid?.reasons).not.toHaveProperty('truncated');
    }
    expect(results.warnings.filter((w) => /cut at the token limit \(generation.maxTokens\) were measured/.test(w.message))).toHaveLength(1);
  });
});

describe('slant run on a model that reports no usage', () => {
  it('says "usage not reported" instead of 0 tokens and $0.0000 (OpenAI stream without its usage chunk)', async () => {
    const quiet = await startOpenAIServer({ respond: () => ({ text: SUMMARY, noUsage: true }) });
    process.env.OPENAI_API_KEY = 'sk-loopback-usage';
    try {
      const dir = mkdtempSync(join(tmpdir(), 'slant-usage-'));
      writeFileSync(join(dir, 'news.jsonl'), ['a', 'b'].map((id) => JSON.stringify({ id, source: `(${id}) ${ARTICLE}` })).join('\n') + '\n');
      writeFileSync(
        join(dir, 'slant.yaml'),
        `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nproviders: { openai: { baseURL: '${quiet.url}/v1', stream: true } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\n` +
          'datasets:\n  - { name: news, path: news.jsonl }\nprobes: [{ name: primacy }]\n',
      );
      const res = await runCli(['run', '-c', join(dir, 'slant.yaml')]);
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(/openai:gpt-4o-mini: 2 request\(s\), 0 from cache, usage not reported \(2 answer\(s\)\), —/);
      expect(res.stdout).toMatch(/total: — \(usage not reported for 2 answer\(s\)/);
      expect(res.stdout).not.toMatch(/0 in \/ 0 out tokens|\$0\.0000/);
      const html = readFileSync(join(res.stdout.match(/results: (\S+)results\.json/)![1]!, 'report.html'), 'utf8');
      expect(html).toContain('usage not reported (2 answer(s))');
      expect(html).not.toContain('$0.0000');
    } finally {
      delete process.env.OPENAI_API_KEY;
      await quiet.close();
    }
  });
});

describe('a probe that asks the model itself (fact-checking)', () => {
  it('records a refused or filtered verdict as the item\'s invalid output with its reason, never as a verdict', async () => {
    const judge = await startOpenAIServer({
      respond: (prompt) => {
        if (prompt.includes('Vaccines')) return { text: '', refusal: "I can't help with that." };
        if (prompt.includes('Bridge')) return { text: 'Tru', finish: 'filter' };
        return { text: '<think>The claim matches the record.</think>\nTrue', inputTokens: 80, outputTokens: 12 };
      },
    });
    process.env.OPENAI_API_KEY = 'sk-loopback-factcheck';
    try {
      const dir = mkdtempSync(join(tmpdir(), 'slant-factcheck-'));
      const pairs = [
        { id: 'p1', date: '2026-03-01', true_text: 'The council approved the budget.', false_text: 'The council rejected the budget.' },
        { id: 'p2', date: '2026-03-01', true_text: 'Vaccines were delivered on time.', false_text: 'Vaccines were not delivered.' },
        { id: 'p3', date: '2026-03-01', true_text: 'Bridge repairs begin in May.', false_text: 'Bridge repairs were cancelled.' },
      ];
      writeFileSync(join(dir, 'pairs.jsonl'), pairs.map((r) => JSON.stringify(r)).join('\n') + '\n');
      writeFileSync(
        join(dir, 'slant.yaml'),
        `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nproviders: { openai: { baseURL: '${judge.url}/v1' } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\n` +
          'datasets:\n  - { name: pairs, path: pairs.jsonl }\nprobes: [{ name: hallucination }]\n',
      );
      const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
      expect(res.code, res.stderr).toBe(0);
      const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
      const g = groupOf(results, 'hallucination');
      expect(g.n).toBe(1);
      expect(g.invalid).toEqual({ n: 2, reasons: { refused: 1, 'filtered (content_filter)': 1 } });
    } finally {
      delete process.env.OPENAI_API_KEY;
      await judge.close();
    }
  });
});
