/**
 * A budget reserves the judge calls an item will still need when it pays for the item's
 * generation: a run stopped by its budget leaves no generation it paid for unjudged, and what the
 * provider billed stays within the budget. Against a loopback provider that counts requests and
 * bills tokens (a generator and a dearer LLM framing judge).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { trackServers } from '../helpers/loopback/tracked.js';
import { runCli } from '../helpers/run-cli.js';

const track = trackServers();
const RECORDS = 16;
/** USD per million tokens: the generator $1 per 1,000 tokens, the judge ten times that */
const GEN = 1000;
const JUDGE = 10_000;

describe('budget: judge calls reserved ahead', () => {
  it('a run stopped by its budget has judged every generation it paid for; the resume judges the rest and sends nothing twice', async () => {
    let billed = 0;
    const s = track(
      await startOpenAIServer({
        latencyMs: 30,
        respond: (prompt, body) => {
          const input = prompt.split(/\s+/).filter(Boolean).length;
          const judge = String(body.model) === 'judge';
          const output = judge ? 1 : 8;
          billed += ((input + output) * (judge ? JUDGE : GEN)) / 1e6;
          // each summary carries its prompt's mark, so the judge's prompts show which summaries it read
          const mark = /Review (\d+)/.exec(prompt)?.[1] ?? '?';
          return { text: judge ? 'Neutral' : `FINAL_SUMMARY: summary of review ${mark} is short`, inputTokens: input, outputTokens: output };
        },
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'slant-budget-judges-'));
    writeFileSync(join(dir, 'reviews.jsonl'), Array.from({ length: RECORDS }, (_, i) => JSON.stringify({ id: `r${i}`, text: `Review ${i}: the lamp is bright and warm, and it looks great on the desk. The switch is stiff.` })).join('\n') + '\n');
    const config = join(dir, 'slant.yaml');
    const yaml = (usd: number) =>
      `store: slant.db\nreports: reports\nconcurrency: 4\nprices:\n  "openai-compatible:${s.url}/v1#m": { input: ${GEN}, output: ${GEN} }\n  "openai-compatible:${s.url}/v1#judge": { input: ${JUDGE}, output: ${JUDGE} }\nmodels:\n  - id: openai-compatible:${s.url}/v1#m\ndatasets:\n  - { name: reviews, path: reviews.jsonl, fields: { source: text } }\nprobes:\n  - name: framing\njudges:\n  framing: openai-compatible:${s.url}/v1#judge\ngeneration: { maxTokens: 40 }\nbudget: { usd: ${usd} }\n`;
    writeFileSync(config, yaml(6));
    const first = await runCli(['run', '-c', config]);
    expect(first.code, first.stderr).toBe(4);
    expect(billed).toBeLessThanOrEqual(6);
    const generations = () => s.requests.filter((r) => (r.body as { model: string }).model === 'm').map((r) => JSON.stringify((r.body as { messages: unknown }).messages));
    const judged = () => new Set(s.requests.filter((r) => (r.body as { model: string }).model === 'judge').map((r) => /summary of review (\d+)/.exec(JSON.stringify(r.body))?.[1]).filter((m) => m !== undefined));
    const generated = generations().map((g) => /Review (\d+)/.exec(g)![1]!);
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.length).toBeLessThan(RECORDS);
    // every summary the run paid for was read by the judge before the stop
    for (const g of generated) expect(judged().has(g), `summary of review ${g} judged`).toBe(true);
    const runId = /run (\S+) stopped/.exec(first.stderr)![1]!;
    const second = await runCli(['--json', 'run', '-c', config, '--resume', runId, '--max-cost', '100']);
    expect(second.code, second.stderr).toBe(0);
    // each generation and each judge prompt sent once over both invocations
    const prompts = s.requests.map((r) => JSON.stringify(r.body));
    expect(new Set(prompts).size).toBe(prompts.length);
    expect(generations()).toHaveLength(RECORDS);
    const results = resultsSchema.parse((JSON.parse(second.stdout) as { results: unknown }).results);
    expect(results.probes[0]?.groups[0]?.n).toBe(RECORDS);
    expect(results.spend?.budget?.spent.usd).toBeCloseTo(billed, 8);
  });
});
