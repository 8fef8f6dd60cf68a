import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { countRows } from '../helpers/db-count.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

/** The instruction preserve-certainty adds to seed 004's rewrite prompt (Appendix C.2). */
const INSTRUCTION = 'Preserve the degree of certainty in the original text.';

let server: LoopbackServer;
beforeAll(async () => {
  // a rewriter that states the claim as a fact unless told to keep its certainty
  server = await startOpenAIServer({
    respond: (_prompt, body) => ({ text: JSON.stringify(body.messages).includes(INSTRUCTION) ? 'Coffee may be linked to a lower risk of stroke.' : 'Coffee lowers the risk of stroke.', inputTokens: 40, outputTokens: 9 }),
  });
});
afterAll(async () => server.close());

describe('slant run with a chained condition (a prompt mitigation, then a decoding one) against a loopback server', () => {
  it('keys the condition by its steps joined with "+", sends one request with both, and results and report name the chain', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-chain-'));
    const db = join(dir, 'slant.db');
    writeFileSync(join(dir, 'claims.jsonl'), ['Coffee may be associated with a lower risk of stroke.', 'Exercise might improve sleep in some adults.'].map((t, i) => JSON.stringify({ id: `c${i}`, original: t })).join('\n') + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      [
        `store: ${db}`,
        `reports: ${join(dir, 'reports')}`,
        `providers: { openai: { baseURL: ${server.url}/v1 } }`,
        `models: [{ id: 'openai:gen' }]`,
        'datasets: [{ name: claims, path: claims.jsonl }]',
        'probes: [{ name: certainty, options: { comparator: offline } }]',
        'mitigations:',
        '  - preserve-certainty',
        '  - greedy-decoding',
        '  - { chain: [preserve-certainty, greedy-decoding] }',
        '',
      ].join('\n'),
    );
    process.env.OPENAI_API_KEY = 'sk-loopback';
    const before = server.requests.length;
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { status: string; reportDir: string };
    expect(out.status).toBe('completed');

    // what reached the server: per record, one request per condition; the chain's carries the
    // instruction and greedy decoding's temperature 0 together, each single step only its own part
    const sent = server.requests.slice(before).filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as { messages: { content: string }[]; temperature?: number; top_p?: number });
    const shape = (b: (typeof sent)[number]): string => `${JSON.stringify(b.messages).includes(INSTRUCTION) ? 'instruction' : 'task'}@T=${b.temperature ?? 'default'}${b.top_p === undefined ? '' : `,p=${b.top_p}`}`;
    const counts = new Map<string, number>();
    for (const b of sent) counts.set(shape(b), (counts.get(shape(b)) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ 'task@T=1,p=0.9': 2, 'instruction@T=1,p=0.9': 2, 'task@T=0': 2, 'instruction@T=0': 2 });

    // results.json: the chain is a condition of its own, measured on the chained outputs
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(out.reportDir, 'results.json'), 'utf8')));
    const certainty = results.probes.find((p) => p.probe === 'certainty')!;
    const CHAIN = 'preserve-certainty+greedy-decoding';
    expect(certainty.groups.map((g) => [g.labels.condition, g.n])).toEqual([
      ['baseline', 2],
      ['preserve-certainty', 2],
      ['greedy-decoding', 2],
      [CHAIN, 2],
    ]);
    // the offline comparator read the chain's rewrite, which kept the hedge, and greedy decoding's, which did not
    const reasoning = (condition: string) => (certainty.items.find((i) => i.labels.condition === condition && i.recordId === 'c0')?.measurement as { calls: { reasoning: string }[] } | undefined)?.calls[0]?.reasoning;
    expect(reasoning(CHAIN)).toMatch(/Text B markers: may be/);
    expect(reasoning('greedy-decoding')).toMatch(/Text B markers: lowers/);
    // compared with the baseline like any condition
    expect(certainty.effects?.some((e) => e.labels.condition === CHAIN)).toBe(true);

    // the store keeps the chain's cells and outputs under its key
    expect(countRows(db, `SELECT count(*) AS n FROM cells WHERE condition = '${CHAIN}'`)).toBe(1);
    expect(countRows(db, `SELECT count(*) AS n FROM outputs WHERE cell_key LIKE '%${CHAIN}%' AND output_json LIKE '%Coffee may be linked%'`)).toBe(2);

    // the report names it
    const html = readFileSync(join(out.reportDir, 'report.html'), 'utf8');
    expect(html).toContain(CHAIN);
  }, 240_000);
});
