import { buildReportModel } from '../../src/report/model.js';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { startExamplesServer } from '../helpers/examples-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const EXAMPLES = fileURLToPath(new URL('../../examples', import.meta.url));
let server: LoopbackServer;
let dir: string;
beforeAll(async () => {
  server = await startExamplesServer();
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
  dir = mkdtempSync(join(tmpdir(), 'slant-examples-'));
  cpSync(EXAMPLES, dir, { recursive: true });
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

async function run(config: string): Promise<{ results: Results; terminal: string; html: string }> {
  const res = await runCli(['--json', 'run', '-c', join(dir, config)]);
  expect(res.stderr, config).toBe('');
  expect(res.code, config).toBe(0);
  const out = JSON.parse(res.stdout) as { results: unknown; reportDir: string };
  const results = resultsSchema.parse(out.results);
  const html = readFileSync(join(out.reportDir, 'report.html'), 'utf8');
  // every table at the terminal is the verbose view (the default shows findings and one compact table per probe),
  // read on a 200-column terminal so that no title is broken across lines
  process.env.COLUMNS = '200';
  const again = await runCli(['--verbose', 'run', '-c', join(dir, config)]).finally(() => delete process.env.COLUMNS);
  expect(again.code, config).toBe(0);
  return { results, terminal: again.stdout, html };
}

/** the papers' tables of the report model (what report.html, the terminal and the exports show) */
const paper = (r: Results) => buildReportModel(r).paperTables;
const probe = (r: Results, name: string) => r.probes.find((p) => p.probe === name);
const metric = (r: Results, p: string, m: string) => probe(r, p)?.groups.find((g) => (g.labels.condition ?? 'baseline') === 'baseline')?.metrics.find((x) => x.name === m);

describe('examples/: one config per paper runs end to end', () => {
  it('seed000.yaml: framing + primacy (articles) and hallucination (pairs) with fact-check strategies as conditions', async () => {
    const { results, terminal, html } = await run('seed000.yaml');
    expect(html).toContain('<section id="tables"><h2>Tables</h2>');
    expect(html).toContain('Framing and primacy per model — Alessa et al. 2025, Table 1');
    expect(probe(results, 'framing')?.groups.map((g) => g.labels.dataset)).toContain('news');
    for (const m of ['phi_frame']) expect(metric(results, 'framing', m)).toBeDefined();
    for (const m of ['mean_s_b', 'mean_s_m', 'mean_s_e', 'psi_pri']) expect(metric(results, 'primacy', m), m).toBeDefined();
    expect(probe(results, 'hallucination')?.groups.every((g) => g.labels.dataset === 'pairs')).toBe(true);
    expect(metric(results, 'hallucination', 'strict_acc_pre')).toBeDefined();
    // Table 4: each fact-check strategy is a condition with paired effects
    expect(new Set(probe(results, 'hallucination')?.groups.map((g) => g.labels.condition ?? 'baseline'))).toEqual(new Set(['baseline', 'prompt-calibration', 'knowledge-boundary-awareness', 'epistemic-tagging']));
    expect(terminal).toMatch(/Table 4/);
    // seed 000 Tables 1 and 2 laid out as printed, in results and at the terminal
    expect(paper(results).find((t) => t.id === 'seed000-table1')?.rows).toHaveLength(1);
    expect(paper(results).find((t) => t.id === 'seed000_table2')?.columns).toContain('Neu→Neg');
    expect(terminal).toMatch(/Framing and primacy per model — Alessa et al\. 2025, Table 1/);
    expect(terminal).toMatch(/Framing transitions from source to summary/);
  });

  it('seed003.yaml: position bias with ROUGE against the references, role-play and top-k mapping (App. I) as conditions', async () => {
    const before = server.requests.length;
    const { results, terminal, html } = await run('seed003.yaml');
    for (const m of ['wasserstein', 'rouge1_f']) expect(metric(results, 'position', m), m).toBeDefined();
    const groups = probe(results, 'position')?.groups ?? [];
    expect(groups.map((g) => g.labels.condition)).toEqual(['baseline', 'role-play', 'top-2', 'top-3']);
    // App. I measures the baseline's summaries again: no request of its own (baseline + role-play only)
    const records = readFileSync(join(dir, 'data/news-references.jsonl'), 'utf8').trim().split('\n').length;
    expect(server.requests.length - before).toBe(2 * records);
    // top-k maps each summary sentence to more article sentences: a different distribution, paired against top-1
    const w = (c: string) => groups.find((g) => g.labels.condition === c)?.metrics.find((m) => m.name === 'wasserstein')?.value;
    expect(w('top-2')).not.toBe(w('baseline'));
    expect(terminal).toMatch(/Position bias per condition, [^\n]*— Chhabra et al\. 2024[^\n]*\n(.*\n)+.*│ top-2 .*\n(.*\n)+.*│ top-3 /);
    expect(html).toContain('top-3');
    // one model in the example: the Spearman row says why it is undefined
    expect(paper(results).find((t) => t.id === 'seed003_spearman')?.rows[0]?.[2]).toBe('— (n = 1 models, need 3)');
  });

  it('seed004-sentence.yaml: ranking table with intervals, CD by stratum, moderator, greedy vs top-p and Table 5', async () => {
    const { results, terminal } = await run('seed004-sentence.yaml');
    const base = probe(results, 'certainty')?.groups.find((g) => (g.labels.condition ?? 'baseline') === 'baseline');
    expect(base?.tables?.find((t) => t.name === 'source_ranking')?.rows).toHaveLength(8);
    for (const s of ['low', 'medium', 'high']) expect(base?.metrics.some((m) => m.name === `cd_up@${s}`), s).toBe(true);
    expect(new Set(probe(results, 'certainty')?.groups.map((g) => g.labels.condition ?? 'baseline'))).toEqual(new Set(['baseline', 'greedy-decoding', 'preserve-certainty', 'broken-telephone:{"turns":3}']));
    const tel = probe(results, 'certainty')?.groups.find((g) => g.labels.condition?.startsWith('broken-telephone'));
    expect(tel?.tables?.find((t) => t.name === 'telephone')?.rows.map((r) => r[0])).toEqual([1, 2, 3]);
    expect(terminal).toMatch(/Figure 4: broken telephone/);
    expect(probe(results, 'certainty')?.judges.some((j) => j.id === 'openai:gpt-4.1')).toBe(true);
    expect(terminal).toMatch(/Table 5/);
    expect(paper(results).find((t) => t.id === 'seed004_table1')?.columns).toEqual(['model', 'claims', 'Avg']);
    expect(terminal).toMatch(/More certain CD↑, less certain CD↓ and R per model and dataset — Belem et al\. 2026, Table 2/);
  });

  it('seed004-document.yaml: claim-aligned document judge, ranking and strata, greedy vs top-p', async () => {
    const { results } = await run('seed004-document.yaml');
    const base = probe(results, 'certainty')?.groups.find((g) => (g.labels.condition ?? 'baseline') === 'baseline');
    expect(base?.n).toBe(4);
    expect(base?.tables?.find((t) => t.name === 'source_ranking')?.rows).toHaveLength(4);
    expect(metric(results, 'certainty', 'cd')).toBeDefined();
    // the items went through the aligner first
    expect(server.requests.some((r) => JSON.stringify(r.body).includes('You align claims'))).toBe(true);
    expect(paper(results).find((t) => t.id === 'seed004_table1')?.columns).toEqual(['model', 'abstracts', 'Avg']);
  });

  it('wildframe.yaml: Pearson r with humans and Figure 3 beside humans', async () => {
    const { results, terminal } = await run('wildframe.yaml');
    expect(metric(results, 'wildframe', 'pearson_r')?.value).not.toBeNull();
    expect(metric(results, 'wildframe', 'human_shift_rate_base_positive')).toBeDefined();
    expect(terminal).toMatch(/Figure 3: sentiment shift by base polarity, model beside humans/);
  });
});
