import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { resultsSchema } from '../../src/results/schema.js';
import { runCli } from '../helpers/run-cli.js';

let server: LoopbackServer;
beforeAll(async () => {
  // each rewrite drops one hedge: the telephone inflates certainty turn by turn
  server = await startOpenAIServer({
    respond: (prompt) => {
      const text = prompt; // the paraphrase tasks send the text itself as the user message
      return { text: text.replace(/\bmay\b/, 'does').replace(/\bpossibly\b/, 'clearly'), inputTokens: 30, outputTokens: 10 };
    },
  });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

describe('slant certainty telephone', () => {
  it('is a stored run: T turns each from the previous output, Figure 4 by turn in results and at the terminal, resumable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-tel-'));
    const input = join(dir, 'claims.jsonl');
    writeFileSync(input, [{ id: 'a', original: 'Coffee may possibly reduce the risk of stroke.' }, { id: 'b', original: 'The drug may lower blood pressure.' }].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const out = join(dir, 'telephone.json');
    const store = join(dir, 'db');
    const res = await runCli(['--verbose', 'certainty', 'telephone', input, '--model', 'openai:gpt-4o-mini', '--turns', '3', '--decoding', 'greedy', '-o', out, '--store', store, '--reports', join(dir, 'reports')]);
    // --verbose logs each model request on stderr, and nothing else goes there
    expect(res.stderr.split('\n').filter((l) => l !== '' && !/^request openai:gpt-4o-mini: /.test(l))).toEqual([]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Figure 4: broken telephone/);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const tel = results.probes[0]?.groups.find((g) => g.labels.condition === 'broken-telephone (3 turns)');
    expect(tel?.tables?.find((t) => t.name === 'telephone')?.rows.map((r) => r[0])).toEqual([1, 2, 3]);
    // Figure 4 (CD↑ and CD↓ by turn) is in the run's report
    const html = readFileSync(/report: (\S+)/.exec(res.stdout)![1]!, 'utf8');
    expect(html).toContain('Broken telephone: certainty raised and lowered by turn — Belem et al. 2026, Figure 4');
    // turn 2 rewrote turn 1's output, not the original; every turn greedy
    expect(server.requests.some((r) => JSON.stringify(r.body).includes('Coffee does clearly reduce'))).toBe(true);
    expect(server.requests.filter((r) => JSON.stringify(r.body).includes('Coffee does clearly reduce')).every((r) => (r.body as { temperature?: number }).temperature === 0)).toBe(true);
    // stored like any run: listed, and resumable from the store
    const runs = await runCli(['--json', 'runs', '--store', store]);
    const listed = JSON.parse(runs.stdout) as { id: string; command: string; status: string }[];
    expect(listed.map((r) => [r.command, r.status])).toEqual([['certainty telephone', 'completed']]);
    const sent = server.requests.length;
    const again = await runCli(['run', '--resume', listed[0]!.id, '--store', store]);
    expect(again.code, again.stderr).toBe(0);
    expect(server.requests.length).toBe(sent);
  });

  it('refuses an unknown task with the allowed values', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-tel-'));
    writeFileSync(join(dir, 'c.jsonl'), JSON.stringify({ original: 'x' }) + '\n');
    const res = await runCli(['certainty', 'telephone', join(dir, 'c.jsonl'), '--model', 'openai:gpt-4o-mini', '--task', 'poetry', '--store', join(dir, 'db')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--task');
  });
});

describe('slant certainty humans', () => {
  it('reports τ_b with the leave-one-out consensus, α and κ from a label file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-hum-'));
    const rows = ['item,annotator,label'];
    const truth = [-2, -1, 0, 1, 2, 1, 0, -1];
    truth.forEach((t, i) => {
      rows.push(`p${i},ann1,${t}`, `p${i},ann2,${t}`, `p${i},ann3,${i === 3 ? 0 : t}`, `p${i},gpt,${-t}`);
    });
    writeFileSync(join(dir, 'labels.csv'), rows.join('\n') + '\n');
    const res = await runCli(['--json', 'certainty', 'humans', join(dir, 'labels.csv'), '--judge-annotators', 'gpt']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { annotators: { annotator: string; tauB: number }[]; judges: { judge: string; tauB: number }[]; items: number; fleissRaters: number };
    expect(out.items).toBe(8);
    expect(out.annotators.map((a) => a.annotator).sort()).toEqual(['ann1', 'ann2', 'ann3']);
    // ann1 agrees perfectly with the consensus of ann2 and ann3 in order; the judge is reversed
    expect(out.annotators.find((a) => a.annotator === 'ann1')?.tauB).toBeGreaterThan(0.9);
    expect(out.judges[0]?.tauB).toBeLessThan(-0.9);
    expect(out.fleissRaters).toBe(3);
  });
});

describe('slant certainty rank', () => {
  it('ranks texts into 25/50/25 strata with intervals and writes a file measure can read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-rank-'));
    const input = join(dir, 'claims.jsonl');
    const texts = [
      'Coffee clearly reduces stroke risk.',
      'Coffee reduces stroke risk.',
      'Coffee is linked to lower stroke risk.',
      'Coffee may be associated with lower stroke risk.',
      'Coffee might possibly be associated with lower stroke risk.',
      'It is unclear whether coffee could perhaps affect stroke risk.',
    ];
    writeFileSync(input, texts.map((t, i) => JSON.stringify({ id: `c${i}`, text: t })).join('\n') + '\n');
    const out = join(dir, 'ranked.jsonl');
    const res = await runCli(['certainty', 'rank', input, '--field', 'original=text', '--k1', '3', '--k2', '1', '--votes', '1', '--prior', '0.5', '--resamples', '20', '-o', out, '--store', join(dir, 'db')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/6 texts, \d+ \+ \d+ pairs/);
    const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rank: number; stratum: string; sourceCertainty: number; lambdaLow?: number; lambdaHigh?: number });
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    // N = 6: ⌈6/4⌉ = 2 high, 2 medium, 2 low
    expect(rows.map((r) => r.stratum)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
    for (let k = 1; k < rows.length; k++) expect(rows[k]!.sourceCertainty).toBeLessThanOrEqual(rows[k - 1]!.sourceCertainty);
    for (const r of rows) if (r.lambdaLow !== undefined) expect(r.lambdaLow).toBeLessThanOrEqual(r.lambdaHigh!);
    const bad = await runCli(['certainty', 'rank', input, '--field', 'text', '--k2', '-1', '--store', join(dir, 'db')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--k2 expects a whole number ≥ 0/);
  });

  it('a fully tied ranking (every text the same): texts in their given order, strata by that order, and a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-rank-tied-'));
    const input = join(dir, 'tied.jsonl');
    writeFileSync(input, Array.from({ length: 8 }, (_, i) => JSON.stringify({ id: `t${i + 1}`, original: 'The drug reduces pain in adults.' })).join('\n') + '\n');
    const res = await runCli(['certainty', 'rank', input, '--store', join(dir, 'db')]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('warning: strata: all 8 texts are tied (equal certainty): the ranking orders nothing, and their strata follow the listing order (earlier = more certain)');
    const json = await runCli(['--json', 'certainty', 'rank', input, '--store', join(dir, 'db')]);
    const out = JSON.parse(json.stdout) as { strataWarning?: string; ranking: { id: string; rank: number; stratum: string }[] };
    expect(out.strataWarning).toMatch(/all 8 texts are tied/);
    expect(out.ranking.map((r) => r.id)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8']);
    expect(out.ranking.map((r) => r.stratum)).toEqual(['high', 'high', 'medium', 'medium', 'medium', 'medium', 'low', 'low']);
  });
});
