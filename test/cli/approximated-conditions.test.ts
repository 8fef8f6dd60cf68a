/**
 * A condition the model can only approximate (weighted token decoding as a static logit bias on a
 * llama.cpp server, the attention-sort proxy) is marked where its numbers are: results.json, the
 * Table A6 layout, the effects and costs tables, the terminal and report.html.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProject } from '../faults/project.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLlamaCppServer({ respond: (p) => ({ text: `The product works well, the battery is fine. ${p.slice(20, 60)}`, finish: 'stop', inputTokens: 40, outputTokens: 12 }) });
});
afterAll(async () => server.close());

describe('approximated conditions', () => {
  it('are marked in results.json, Table A6, the effects table, the terminal and the report', async () => {
    const p = makeProject(server, { n: 4, probes: '[{ name: framing }]' });
    writeFileSync(p.config, readFileSync(p.config, 'utf8').replace("models: [{ id: 'openai:gpt-4o-mini' }]", `models: [{ id: 'llamacpp:${server.url}' }]\nmitigations: [weighted-token-decoding, attention-sort-proxy, self-awareness]`));
    const res = await runCli(['--verbose', 'run', '-c', p.config]);
    expect(res.code).toBe(0);
    const runId = /run (\S+): completed/.exec(res.stdout)?.[1] ?? '';
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(p.reports, runId, 'results.json'), 'utf8')));
    const groups = results.probes[0]!.groups;
    const of = (c: string) => groups.find((g) => g.labels.condition === c);
    expect(of('weighted-token-decoding')?.approximated?.[0]).toMatch(/static string logit bias over the whole answer instead of per-step weights/);
    expect(of('attention-sort-proxy')?.approximated?.[0]).toMatch(/proxy/i);
    // exact conditions carry no mark
    expect(of('self-awareness')?.approximated).toBeUndefined();
    expect(groups.find((g) => g.labels.condition === undefined)?.approximated).toBeUndefined();

    // Table A6 layout at the terminal: the rows are marked and the note says what the mark means
    expect(res.stdout).toMatch(/│ weighted-token-decoding ≈/);
    expect(res.stdout).toMatch(/│ attention-sort-proxy ≈/);
    expect(res.stdout).not.toMatch(/self-awareness ≈/);
    expect(res.stdout.replace(/\n\s+/g, ' ')).toMatch(/≈ approximated on this model, not the paper's method: weighted-token-decoding: llamacpp: static string logit bias/);
    const html = readFileSync(join(p.reports, runId, 'report.html'), 'utf8');
    expect(html).toContain('weighted-token-decoding ≈');
    expect(html).toContain('≈ approximated on this model, not the paper&#39;s method');
  });
});
