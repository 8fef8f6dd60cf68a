/**
 * A budget stops `slant run` before a request would pass it (requests in flight counted), exit 4
 * with everything finished stored; `--resume` with a higher budget finishes the run and sends no
 * request twice. Against a loopback provider that counts requests and the tokens it bills.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { trackServers } from '../helpers/loopback/tracked.js';
import { runCli } from '../helpers/run-cli.js';

const track = trackServers();
const RECORDS = 12;
/** $1 per 1,000 tokens in and out: the test's arithmetic stays readable */
const PRICE = 1000;

function project(url: string, extra: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'slant-budget-'));
  const text = (i: number) => `Review ${i}: the lamp is bright and warm, and it looks great on the desk. The switch is stiff.`;
  writeFileSync(join(dir, 'reviews.jsonl'), Array.from({ length: RECORDS }, (_, i) => JSON.stringify({ id: `r${i}`, text: text(i) })).join('\n') + '\n');
  writeFileSync(
    join(dir, 'slant.yaml'),
    `store: slant.db\nreports: reports\nconcurrency: 3\nprices:\n  "openai-compatible:*": { input: ${PRICE}, output: ${PRICE} }\nmodels:\n  - id: openai-compatible:${url}/v1#m\ndatasets:\n  - { name: reviews, path: reviews.jsonl, fields: { source: text } }\nprobes:\n  - name: primacy\ngeneration: { maxTokens: 40 }\n${extra}`,
  );
  return join(dir, 'slant.yaml');
}

/** Answers after a delay (so requests are in flight together), billing input = words, output = 6. */
async function billingServer() {
  let billed = 0;
  const s = track(
    await startOpenAIServer({
      latencyMs: 40,
      respond: (prompt) => {
        const input = prompt.split(/\s+/).filter(Boolean).length;
        billed += ((input + 6) * PRICE) / 1e6;
        return { text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(-12).join(' ')}`, inputTokens: input, outputTokens: 6 };
      },
    }),
  );
  return { s, billed: () => billed };
}

describe('budget', () => {
  it('stops before the budget with requests in flight counted (exit 4), and --resume with a higher budget finishes without sending a request twice', async () => {
    const { s, billed } = await billingServer();
    // The twelve answers bill $0.37 in all and each request reserves about $0.065: $0.25 is
    // reached whether or not the requests overlap (on a loaded machine they may run one at a
    // time, and $0.5 was then never reached); when they overlap, the reservations in flight are
    // what keep the bill under it.
    const config = project(s.url, 'budget: { usd: 0.25 }\n');
    const first = await runCli(['run', '-c', config]);
    expect(first.code).toBe(4);
    expect(first.stderr).toMatch(/stopped before a request would pass its budget: the run's \$0\.25/);
    expect(first.stderr).toMatch(/--resume \S+ --max-cost/);
    const sentFirst = s.requests.length;
    expect(sentFirst).toBeGreaterThan(0);
    expect(sentFirst).toBeLessThan(RECORDS);
    // what the provider billed stays within the budget
    expect(billed()).toBeLessThanOrEqual(0.25);
    const runId = /run (\S+) stopped/.exec(first.stderr)![1]!;
    const second = await runCli(['--json', 'run', '-c', config, '--resume', runId, '--max-cost', '5']);
    expect(second.code, second.stderr).toBe(0);
    const prompts = s.requests.map((r) => JSON.stringify((r.body as { messages: unknown }).messages));
    expect(prompts).toHaveLength(RECORDS);
    expect(new Set(prompts).size).toBe(RECORDS);
    const results = resultsSchema.parse((JSON.parse(second.stdout) as { results: unknown }).results);
    expect(results.probes[0]?.groups[0]?.n).toBe(RECORDS);
    // the whole run's spend: both invocations, within the higher budget
    expect(results.spend?.budget?.spent.usd).toBeCloseTo(billed(), 10);
    expect(results.spend?.budget?.reached).toBeNull();
    expect(results.spend?.rows.map((r) => [r.model.endsWith('#m'), r.condition])).toEqual([[true, 'baseline']]);
    // report.html (and the viewer's run page, which renders it) shows the spend and the budget
    const html = readFileSync(join((JSON.parse(second.stdout) as { reportDir: string }).reportDir, 'report.html'), 'utf8');
    expect(html).toContain('<h3>Spend by model and condition</h3>');
    expect(html).toMatch(/budget \$5\.00: spent \$0\.\d{4}, \d+ tokens/);
  });

  it('a token budget; and an unpriced model under a USD-only budget is allowed and named in a warning', async () => {
    const { s } = await billingServer();
    const tokens = await runCli(['run', '-c', project(s.url, 'budget: { tokens: 200 }\n')]);
    expect(tokens.code).toBe(4);
    expect(tokens.stderr).toMatch(/the run's 200 tokens/);
    const unpricedConfig = project(s.url, 'budget: { usd: 0.01 }\n');
    writeFileSync(unpricedConfig, readFileSync(unpricedConfig, 'utf8').replace(/prices:\n.*\n/, ''));
    const r = await runCli(['run', '-c', unpricedConfig]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/#m has no price: its requests are not counted against the USD budget/);
  });

  it('every run that may pay records its plan beside the actual: results.json, the terminal summary, report.html', async () => {
    const { s, billed } = await billingServer();
    const r = await runCli(['--json', 'run', '-c', project(s.url, '')]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { results: unknown; reportDir: string };
    const results = resultsSchema.parse(out.results);
    // the plan counted the requests the run then sent, and its upper price holds what was billed
    // (its lower price, the input alone, is estimated at 4 characters a token: this server bills a word a token)
    expect(results.spend?.plan?.requests).toBe(RECORDS);
    expect(s.requests).toHaveLength(RECORDS);
    expect(results.spend!.plan!.priceHigh!).toBeGreaterThanOrEqual(billed());
    expect(readFileSync(join(out.reportDir, 'report.html'), 'utf8')).toMatch(new RegExp(`plan before the run: ${RECORDS} request\\(s\\), \\$[\\d.]+ – \\$[\\d.]+; actual: ${RECORDS} sent`));
    const { s: s2 } = await billingServer();
    const text = await runCli(['run', '-c', project(s2.url, '')]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`plan vs actual: ${RECORDS} request\\(s\\) planned, ${RECORDS} sent; \\$[\\d.]+ – \\$[\\d.]+ planned, \\$[\\d.]+ spent`));
  });

  it('--batch: each generation is priced at batch prices before the batch is submitted; only what fits goes in, and --resume submits the rest', async () => {
    const prompts: string[] = [];
    let billed = 0;
    const s = track(
      await startOpenAIServer({
        respond: (prompt) => {
          const input = prompt.split(/\s+/).filter(Boolean).length;
          prompts.push(prompt);
          // batch prices: half the list price
          billed += ((input + 6) * PRICE * 0.5) / 1e6;
          return { text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(-12).join(' ')}`, inputTokens: input, outputTokens: 6 };
        },
      }),
    );
    const key = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-loopback';
    process.env.SLANT_BATCH_POLL_MS = '1';
    try {
      const config = project(s.url, 'budget: { usd: 0.2 }\n');
      writeFileSync(config, readFileSync(config, 'utf8').replace(/openai-compatible:\S+#m/, 'openai:gpt-4o-mini').replace('"openai-compatible:*"', '"openai:gpt-4o-mini"') + `providers: { openai: { baseURL: ${s.url}/v1 } }\n`);
      const first = await runCli(['run', '--batch', '-c', config]);
      expect(first.code, first.stderr).toBe(4);
      expect(first.stderr).toMatch(/stopped before a request would pass its budget: the run's \$0\.2/);
      // nothing was sent live; the batch held only the generations that fit
      expect(s.count('/v1/chat/completions')).toBe(0);
      expect(prompts.length).toBeGreaterThan(0);
      expect(prompts.length).toBeLessThan(RECORDS);
      expect(billed).toBeLessThanOrEqual(0.2);
      const runId = /run (\S+) stopped/.exec(first.stderr)![1]!;
      const second = await runCli(['--json', 'run', '--batch', '-c', config, '--resume', runId, '--max-cost', '5']);
      expect(second.code, second.stderr).toBe(0);
      expect(s.count('/v1/chat/completions')).toBe(0);
      // each record's generation went into a batch once over both invocations
      expect(prompts).toHaveLength(RECORDS);
      expect(new Set(prompts).size).toBe(RECORDS);
      const results = resultsSchema.parse((JSON.parse(second.stdout) as { results: unknown }).results);
      expect(results.probes[0]?.groups[0]?.n).toBe(RECORDS);
    } finally {
      process.env.OPENAI_API_KEY = key;
      delete process.env.SLANT_BATCH_POLL_MS;
    }
  });

  it('--max-cost with --workers on a SQLite store: the shared store it needs is named, nothing sent (the shared budget: test/pipeline/distributed/shared-budget.test.ts)', async () => {
    const { s } = await billingServer();
    const r = await runCli(['run', '--workers', '--max-cost', '1', '-c', project(s.url, '')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workers needs a shared store');
    expect(s.requests).toHaveLength(0);
  });
});
