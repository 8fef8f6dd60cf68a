/**
 * `slant plan` against a loopback provider that counts requests and tokens: for the example
 * configs and a grid with every mitigation, the plan's fresh requests are the requests the run
 * then sends (exactly, for calls that do not depend on answers), the calls that depend on answers
 * stay within the plan's bound, every answer's output tokens stay within the plan's limits, and a
 * plan made after the run finds everything in the cache. No model is called by a plan.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostPlan } from '../../src/pipeline/cost-plan/estimate.js';
import { startExamplesServer } from '../helpers/examples-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { runCli } from '../helpers/run-cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples', import.meta.url));
let server: LoopbackServer;
let dir: string;
const env = { ...process.env };
beforeAll(async () => {
  server = await startExamplesServer({ distinct: true });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
  dir = mkdtempSync(join(tmpdir(), 'slant-plan-'));
  cpSync(EXAMPLES, dir, { recursive: true });
});
afterAll(async () => {
  process.env = env;
  await server.close();
});

async function plan(config: string, extra: string[] = []): Promise<CostPlan> {
  const r = await runCli(['--json', 'plan', '-c', config, ...extra]);
  expect(r.stderr, config).toBe('');
  expect(r.code, config).toBe(0);
  return JSON.parse(r.stdout) as CostPlan;
}

/** The plan, then the run: the requests the run sent against the plan's counts. */
async function planThenRun(s: LoopbackServer, config: string): Promise<{ p: CostPlan; sent: number }> {
  const before = s.requests.length;
  const p = await plan(config);
  expect(s.requests.length, 'a plan calls no model').toBe(before);
  const r = await runCli(['--json', 'run', '-c', config]);
  expect(r.code, r.stderr).toBe(0);
  return { p, sent: s.requests.length - before };
}

describe('slant plan: the requests a run sends, before it sends them', () => {
  for (const example of ['seed000.yaml', 'seed003.yaml', 'seed004-sentence.yaml', 'seed004-document.yaml', 'wildframe.yaml']) {
    it(`${example}: fresh requests = requests sent (answer-dependent ones within their bound)`, async () => {
      const { p, sent } = await planThenRun(server, join(dir, example));
      expect(p.totals.requests.fresh).toBeGreaterThan(0);
      // exact where the plan says so, within the bounds it names elsewhere
      expect(sent).toBeGreaterThanOrEqual(p.totals.requests.freshExact);
      expect(sent).toBeLessThanOrEqual(p.totals.requests.fresh + p.totals.requests.answerDependent);
      if (p.totals.requests.answerDependent === 0 && p.totals.requests.fresh === p.totals.requests.freshExact) expect(sent).toBe(p.totals.requests.fresh);
      // after the run, the same plan finds every request in the cache or the run's store: nothing to send
      const again = await plan(join(dir, example));
      expect(again.totals.requests.fresh).toBe(0);
      expect(again.totals.price.low).toBe(0);
    });
  }

  it('--no-cache: two probes measuring the same summary count one generation per record (the second reads the first\'s answer)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'slant-plan-shared-'));
    cpSync(EXAMPLES, d, { recursive: true });
    writeFileSync(join(d, 'shared.yaml'), 'store: s.db\nreports: reports\nmodels:\n  - { id: "openai:gpt-4o-mini" }\ndatasets:\n  - { name: news, path: data/news.jsonl }\nprobes:\n  - name: framing\n  - name: primacy\n');
    const p = await plan(join(d, 'shared.yaml'), ['--no-cache']);
    const n = p.datasets.reduce((k, ds) => k + ds.n, 0);
    expect(n).toBeGreaterThan(0);
    const generations = p.rows.filter((r) => r.model === 'openai:gpt-4o-mini');
    expect(generations.reduce((k, r) => k + r.fresh.requests + r.cached, 0)).toBe(n);
  });

  it('needs no API key: a plan calls no model', async () => {
    const key = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const d = mkdtempSync(join(tmpdir(), 'slant-plan-nokey-'));
      cpSync(EXAMPLES, d, { recursive: true });
      const p = await plan(join(d, 'seed004-document.yaml'));
      expect(p.totals.requests.fresh).toBeGreaterThan(0);
      // the hosted judge (gpt-4o) sets no token limit: bounded by gpt-4o's largest answer, 16,384 tokens
      const judge = p.rows.filter((r) => r.model === 'openai:gpt-4o');
      expect(judge.reduce((n, r) => n + r.fresh.modelMax, 0)).toBe(judge.reduce((n, r) => n + r.fresh.requests, 0));
      expect(judge.reduce((n, r) => n + r.fresh.outputTokensMax, 0)).toBe(16_384 * judge.reduce((n, r) => n + r.fresh.requests, 0));
      expect(p.totals.unlimited).toBe(0);
      expect(p.totals.price.high).not.toBeNull();
      const text = await runCli(['plan', '-c', join(d, 'seed004-document.yaml')]);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/bounded by its model's largest answer \(the providers' model pages, as of 2025-10\)/);
      expect(text.stdout).not.toContain('no bound');
      // a hosted judge whose largest answer slant does not know: no bound, and the plan says why and which
      writeFileSync(join(d, 'unknown-judge.yaml'), 'store: u.db\nreports: reports\nmodels:\n  - { id: "openai:gpt-4o-mini" }\ndatasets:\n  - { name: news, path: data/news.jsonl }\nprobes:\n  - name: framing\njudges:\n  framing: "openai:a-future-judge"\nprices:\n  "openai:a-future-judge": { input: 1, output: 1 }\n');
      const unknown = await runCli(['plan', '-c', join(d, 'unknown-judge.yaml')]);
      expect(unknown.code, unknown.stderr).toBe(0);
      expect(unknown.stdout).toMatch(/request\(s\) carry no token limit \("\+"\) and go to models whose largest answer slant does not know \(openai:a-future-judge\): their output, and the upper price, have no bound/);
      expect(unknown.stdout).toMatch(/total .* – no bound/);
    } finally {
      process.env.OPENAI_API_KEY = key;
    }
  });

  it('a grid with every mitigation: the count per model and condition is the count sent, and output tokens stay within the limits', async () => {
    const sentBy = new Map<string, number>();
    let outputTokens = 0;
    const s = await startOpenAIServer({
      respond: (prompt, body) => {
        const words = prompt.split(/\s+/).filter(Boolean);
        // a real model's summaries of different prompts differ: the mark of the prompt says so
        const text = /Classify the framing/.test(prompt) ? 'Neutral' : `FINAL_SUMMARY: ${words.slice(0, 30).join(' ')} (${createHash('sha256').update(prompt).digest('hex').slice(0, 8)})`;
        const out = text.split(/\s+/).length;
        outputTokens += out;
        const key = String(body.model);
        sentBy.set(key, (sentBy.get(key) ?? 0) + 1);
        return { text, inputTokens: words.length, outputTokens: out };
      },
    });
    try {
      const d = mkdtempSync(join(tmpdir(), 'slant-plan-grid-'));
      writeFileSync(
        join(d, 'reviews.jsonl'),
        ['The lamp is bright and warm. It looks great on the desk. The switch is a little stiff.', 'The kettle broke after a week. It leaked everywhere. Support never answered.', 'The chair is sturdy and comfortable. Assembly took ten minutes. The fabric feels fine.']
          .map((t, i) => JSON.stringify({ id: `r${i}`, text: t }))
          .join('\n') + '\n',
      );
      writeFileSync(
        join(d, 'slant.yaml'),
        `store: slant.db\nreports: reports\nmodels:\n  - id: openai-compatible:${s.url}/v1#m1\n  - id: openai-compatible:${s.url}/v1#m2\ndatasets:\n  - { name: reviews, path: reviews.jsonl, fields: { source: text } }\nprobes:\n  - name: framing\n  - name: primacy\njudges:\n  framing: openai-compatible:${s.url}/v1#judge\nmitigations: all\ngeneration: { maxTokens: 120 }\n`,
      );
      const { p, sent } = await planThenRun(s, join(d, 'slant.yaml'));
      expect(p.totals.requests.answerDependent).toBe(0);
      // per model and condition: exact, but for attention-sort's re-ordered requests, which the plan bounds
      const rows = (suffix: string) => p.rows.filter((r) => r.model.endsWith(`#${suffix}`));
      const exact = (suffix: string) => rows(suffix).filter((r) => r.atMost.length === 0).reduce((n, r) => n + r.fresh.requests, 0);
      const most = (suffix: string) => rows(suffix).reduce((n, r) => n + r.fresh.requests, 0);
      expect(p.rows.filter((r) => r.atMost.length > 0).map((r) => r.condition)).toEqual(['attention-sort-proxy', 'attention-sort-proxy']);
      expect(exact('judge')).toBe(sentBy.get('judge'));
      expect(most('judge')).toBe(sentBy.get('judge'));
      for (const m of ['m1', 'm2']) {
        const attention = rows(m).find((r) => r.condition === 'attention-sort-proxy')!.fresh.requests;
        // attention sort: one request per record at least (the first order), iterations + 1 at most
        expect(sentBy.get(m)!, m).toBeGreaterThanOrEqual(exact(m) + attention / 2);
        expect(sentBy.get(m)!, m).toBeLessThanOrEqual(most(m));
      }
      expect(sent).toBeGreaterThanOrEqual(p.totals.requests.freshExact);
      expect(sent).toBeLessThanOrEqual(p.totals.requests.fresh);
      // many conditions: more than one condition row per generator
      expect(new Set(p.rows.filter((r) => r.model.endsWith('#m1')).map((r) => r.condition)).size).toBeGreaterThan(5);
      // generation requests carry generation.maxTokens
      const gen = p.rows.filter((r) => !r.model.endsWith('#judge'));
      expect(gen.every((r) => r.fresh.unlimited === 0)).toBe(true);
      expect(outputTokens).toBeLessThanOrEqual(gen.reduce((n, r) => n + r.fresh.outputTokensMax, 0) + 1 * (sentBy.get('judge') ?? 0));
      // no price in the table for these models: "no price", never $0
      expect(p.rows.every((r) => r.price === null)).toBe(true);
      expect(p.unpriced.length).toBe(3);
      // a judge on this machine gets the local label limit (64 tokens): every output is bounded
      expect(p.unbounded).toEqual([]);
      const judgeRows = rows('judge');
      expect(judgeRows.reduce((n, r) => n + r.fresh.outputTokensMax, 0)).toBe(64 * sentBy.get('judge')!);
    } finally {
      await s.close();
    }
  });
});
