import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-count.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { writeTinyGguf } from '../helpers/tiny-gguf.js';
import { MITIGATIONS } from '../../src/mitigations/registry.js';

const ROOT = resolve(import.meta.dirname, '../..');

let server: LoopbackServer;
beforeAll(async () => {
  // answers depend on the prompt, so distinct requests give distinct summaries
  server = await startOpenAIServer({
    latencyMs: 15,
    respond: (p) => {
      const words = p.replace(/[^a-z ]/gi, ' ').split(/\s+/).filter((w) => w.length > 3);
      return { text: `FINAL_SUMMARY: ${words.slice(-12).join(' ')} works well.`, inputTokens: words.length, outputTokens: 14 };
    },
  });
});
afterAll(async () => server.close());

function project(limit: number, concurrency: number): { dir: string; config: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-mitig-'));
  const db = join(dir, 'slant.db');
  const config = join(dir, 'slant.yaml');
  writeFileSync(
    config,
    [
      `store: ${db}`,
      `reports: ${join(dir, 'reports')}`,
      `concurrency: ${concurrency}`,
      `providers: { openai: { baseURL: ${server.url}/v1 } }`,
      `models: [{ id: 'builtin:lead-3' }, { id: 'openai:gpt-4o-mini', label: loopback }]`,
      `datasets: [{ name: reviews, builtin: demo-reviews, limit: ${limit} }]`,
      `probes: [{ name: framing }, { name: primacy }]`,
      `mitigations: all`,
      '',
    ].join('\n'),
  );
  return { dir, config, db };
}

// every mitigation on two models end to end: about 20 s alone, several times that on a machine
// shared with another suite, so these get more than the default minute (no assertion on time)
describe('slant run with mitigations: all (2 models × every applicable mitigation × demo reviews, offline)', { timeout: 240_000 }, () => {
  it('reports each condition, not-applicable cells with their reason, paired effects and costs', async () => {
    process.env.OPENAI_API_KEY = 'sk-loopback';
    const { config, db } = project(5, 4);
    const res = await runCli(['--json', 'run', '-c', config]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { status: string; reportDir: string; results: Results };
    expect(out.status).toBe('completed');
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(out.reportDir, 'results.json'), 'utf8')));
    const primacy = results.probes.find((p) => p.probe === 'primacy')!;
    const group = (model: string, condition: string) => primacy.groups.find((g) => g.labels.model === model && g.labels.condition === condition);
    // prompt mitigations cannot change what an extractive model does: reported, not run as baseline
    expect(group('builtin:lead-3', 'self-awareness')).toMatchObject({ n: 0, notApplicable: expect.stringMatching(/does not read prompts/) });
    // chunk and re-rank mitigations run on it
    expect(group('builtin:lead-3', 'partial-summaries')?.n).toBe(5);
    for (const c of ['baseline', 'self-awareness', 'chain-of-thought', 'cloze-style', 'cognitive-counterfactual-simulation', 'self-help-debias', 'partial-summaries', 'weighted-summaries', 'attention-sort-proxy', 'position-invariant-shuffle']) {
      expect(group('loopback', c)?.n, c).toBe(5);
    }
    // ρ_pri is reported beside ψ_pri
    expect(group('loopback', 'baseline')?.metrics.find((m) => m.name === 'rho_pri')).toBeDefined();
    // paired effects: one per (model, dataset, condition, metric), Holm beside raw
    const eff = primacy.effects!.filter((e) => e.labels.model === 'loopback' && e.labels.condition === 'weighted-summaries');
    expect(eff.map((e) => e.metric)).toEqual(expect.arrayContaining(['psi_pri', 'rho_pri', 'mean_s_b', 'coverage', 'mean_s_b_minus_s_m']));
    for (const e of eff) {
      expect(e.n).toBe(5);
      if (e.test?.pValue !== null && e.test?.pValue !== undefined) expect(e.pHolm).toBeGreaterThanOrEqual(e.test.pValue);
    }
    expect(eff.find((e) => e.metric === 'psi_pri')?.test?.name).toMatch(/McNemar/);
    expect(eff.find((e) => e.metric === 'coverage')?.test?.name).toMatch(/paired t-test/);
    // costs: Partial Summaries makes 4 calls per record where the baseline makes 1
    const cost = (model: string, c: string) => primacy.costs!.find((x) => x.labels.model === model && x.labels.condition === c);
    expect(cost('loopback', 'partial-summaries')).toMatchObject({ calls: 20, relative: { calls: 4 } });
    expect(cost('loopback', 'self-help-debias')?.relative?.calls).toBe(3);
    expect(cost('loopback', 'baseline')?.relative?.calls).toBe(1);
    expect(cost('builtin:lead-3', 'partial-summaries')?.relative?.calls).toBe(4);
    // fact-check and certainty mitigations do not wrap the summarize task: said once each
    expect(results.warnings.some((w) => w.source === 'mitigation epistemic-tagging' && /does not apply to the summarize task/.test(w.message))).toBe(true);
    // the intermediate steps travel with the items of mitigated conditions
    const shuffled = primacy.items.find((i) => i.labels.model === 'loopback' && i.labels.condition === 'position-invariant-shuffle');
    expect(shuffled?.steps?.[0]).toMatchObject({ name: 'permutation', data: { seed: 42 } });
    expect(primacy.items.find((i) => i.labels.condition === 'baseline')?.steps).toBeUndefined();
    // the intermediate steps (the shuffle permutation) are stored with the outputs: 2 models × 5 records
    expect(countRows(db, "SELECT count(*) AS n FROM outputs WHERE cell_key LIKE '%|position-invariant-shuffle' AND output_json LIKE '%\"permutation\"%'")).toBe(10);
  });

  it('kill -9 in the middle, then --resume finishes without re-sending an answered request', async () => {
    const { config, db } = project(20, 4);
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-q', 'run', '-c', config], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, OPENAI_API_KEY: 'sk-loopback' },
    });
    const exited = new Promise((res) => child.on('exit', res));
    // the run plans before its first paid request (seconds of tokenizer work on a loaded machine), so
    // the wait for 80 paid answers is bounded generously; the assertion below is on the count, not the time
    const waitUntil = Date.now() + 150_000;
    while (Date.now() < waitUntil && countRows(db, 'SELECT count(*) AS n FROM cache') < 80) await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGKILL');
    await exited;
    const paidBefore = countRows(db, 'SELECT count(*) AS n FROM cache');
    expect(paidBefore).toBeGreaterThanOrEqual(80);
    const sentBefore = server.count('/v1/chat/completions');

    process.env.OPENAI_API_KEY = 'sk-loopback';
    const res = await runCli(['--json', 'run', '--resume', '--store', db]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { status: string; results: Results };
    expect(out.status).toBe('completed');
    const primacy = out.results.probes.find((p) => p.probe === 'primacy')!;
    expect(primacy.groups.find((g) => g.labels.model === 'loopback' && g.labels.condition === 'self-help-debias')?.n).toBe(20);
    const paidAfter = countRows(db, 'SELECT count(*) AS n FROM cache');
    expect(paidAfter).toBeGreaterThan(paidBefore);
    // every request the resumed run sent was one whose answer had not been stored before the kill
    expect(server.count('/v1/chat/completions') - sentBefore).toBe(paidAfter - paidBefore);
  });
});

describe('slant run with fact-check strategies and certainty interventions as conditions', () => {
  it('prints seed 000 Table 4 and seed 004 Table 5 layouts with paired effects', async () => {
    const fc = await startOpenAIServer({
      respond: (prompt, body) => {
        const system = String((body.messages as { content: string }[])[0]?.content ?? '');
        if (system.includes('strict guidelines')) return { text: 'False', inputTokens: 5, outputTokens: 1 };
        if (system.includes('epistemic tags')) return { text: prompt.includes('not') ? 'False [High Confidence]' : 'True [Low Confidence]', inputTokens: 5, outputTokens: 3 };
        if (system.includes('certainty')) return { text: 'Coffee is linked to a lower stroke risk.', inputTokens: 5, outputTokens: 8 };
        if (system.includes('paraphrase')) return { text: 'Coffee definitely prevents stroke.', inputTokens: 5, outputTokens: 5 };
        return { text: 'True', inputTokens: 5, outputTokens: 1 };
      },
    });
    try {
      process.env.OPENAI_API_KEY = 'sk-loopback';
      const dir = mkdtempSync(join(tmpdir(), 'slant-mitig-fc-'));
      const pairs = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, date: i < 3 ? '2020-05-01' : '2026-05-01', true_text: `Event ${i} happened.`, false_text: `Event ${i} did not happen.` }));
      writeFileSync(join(dir, 'pairs.jsonl'), pairs.map((r) => JSON.stringify(r)).join('\n') + '\n');
      writeFileSync(join(dir, 'claims.jsonl'), ['may be associated with', 'might reduce', 'suggests'].map((v, i) => JSON.stringify({ id: `c${i}`, original: `Coffee ${v} a lower risk of stroke.` })).join('\n') + '\n');
      writeFileSync(
        join(dir, 'slant.yaml'),
        [
          `store: ${join(dir, 'db')}`,
          `reports: ${join(dir, 'r')}`,
          `providers: { openai: { baseURL: ${fc.url}/v1 } }`,
          `models: [{ id: 'openai:gpt-4o-mini' }]`,
          `datasets: [{ name: pairs, path: pairs.jsonl }]`,
          `probes: [{ name: hallucination }]`,
          `mitigations: [baseline, prompt-calibration, knowledge-boundary-awareness, epistemic-tagging]`,
          '',
        ].join('\n'),
      );
      // a wide terminal (stdout is not one here: COLUMNS says how wide), so Table 6 is a table, not a list
      process.env.COLUMNS = '200';
      const res = await runCli(['--verbose', 'run', '-c', join(dir, 'slant.yaml')]).finally(() => delete process.env.COLUMNS);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain('Fact-check accuracy per strategy, openai:gpt-4o-mini on pairs — Alessa et al. 2025, Table 4');
      // Table 6 with the papers' tables: one row per tagged condition and cutoff period
      expect(res.stdout).toContain('Confidence tags (High, Low) before and after the cutoff — Alessa et al. 2025, Table 6');
      expect(res.stdout).toMatch(/openai:gpt-4o-mini\s*│\s*pairs\s*│\s*epistemic-tagging\s*│\s*pre/);
      const resultsPath = /results: (.*results\.json)/.exec(res.stdout)?.[1];
      const results = resultsSchema.parse(JSON.parse(readFileSync(resultsPath!, 'utf8')));
      const h = results.probes[0]!;
      const metric = (cond: string, name: string) => h.groups.find((g) => g.labels.condition === cond && g.labels.dataset === 'pairs')?.metrics.find((m) => m.name === name)?.value;
      // baseline answers True to everything; calibration False to everything; epistemic gets both right
      expect(metric('baseline', 'actual_acc_pre')).toBe(1);
      expect(metric('prompt-calibration', 'falsified_acc_pre')).toBe(1);
      expect(metric('epistemic-tagging', 'strict_acc_post')).toBe(1);
      // Table 6: confidence shares parsed from the tags
      expect(metric('epistemic-tagging', 'high_conf_falsified_post')).toBe(1);
      const strict = h.effects!.find((e) => e.labels.condition === 'epistemic-tagging' && e.metric === 'strict_acc_pre')!;
      expect(strict).toMatchObject({ baseline: 0, mitigated: 1, difference: 1, n: 3 });
      // 3 discordant pairs all one way: binomtest(0, 3) p = 0.25
      expect(strict.test?.pValue).toBeCloseTo(0.25, 12);
      // the knowledge cutoff was written into the prompt
      expect(fc.requests.some((r) => JSON.stringify(r.body).includes('with knowledge up to'))).toBe(true);

      // certainty: C.2's cumulative interventions as conditions, Table 5 layout
      writeFileSync(
        join(dir, 'certainty.yaml'),
        [
          `store: ${join(dir, 'db2')}`,
          `reports: ${join(dir, 'r2')}`,
          `providers: { openai: { baseURL: ${fc.url}/v1 } }`,
          `models: [{ id: 'openai:gpt-4o-mini' }]`,
          `datasets: [{ name: claims, path: claims.jsonl }]`,
          `probes: [{ name: certainty, options: { comparator: offline } }]`,
          `mitigations: [baseline, preserve-semantics, do-not-hallucinate, preserve-certainty]`,
          '',
        ].join('\n'),
      );
      const c = await runCli(['--verbose', 'run', '-c', join(dir, 'certainty.yaml')]);
      expect(c.code, c.stderr).toBe(0);
      expect(c.stdout).toContain('Certainty distortion per intervention, openai:gpt-4o-mini on claims — Belem et al. 2026, Table 5');
      for (const cond of ['preserve-semantics', 'do-not-hallucinate', 'preserve-certainty']) expect(c.stdout).toContain(cond);
    } finally {
      await fc.close();
    }
  });
});

describe('a mitigated cell never silently equals the baseline', () => {
  it('refuses to measure a fact-check condition from recorded answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-mitig-rec-'));
    writeFileSync(join(dir, 'pairs.jsonl'), JSON.stringify({ id: 'p0', date: '2020-05-01', true_text: 'A.', false_text: 'Not A.', true_answer: 'True', false_answer: 'False' }) + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nproviders: { openai: { baseURL: ${server.url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: pairs, path: pairs.jsonl }]\nprobes: [{ name: hallucination, options: { cutoff: '2023-03' } }]\nmitigations: [baseline, epistemic-tagging]\n`,
    );
    process.env.OPENAI_API_KEY = 'sk-loopback';
    const res = await runCli(['run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr.replace(/\s+/g, ' ')).toMatch(/recorded answers, so the mitigation "epistemic-tagging" cannot apply/);
    expect(res.stderr).toMatch(/evaluator: llm/);
  });
});

describe('slant run with every mitigation on the test GGUF (in process) and a built-in model', () => {
  it('runs every mitigation that applies, step-wise decoders included, and reports the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-mitig-gguf-'));
    writeTinyGguf(join(dir, 'tiny.gguf'));
    const docs = [
      { id: 'd1', text: 'The battery lasts two days. The screen is bright.\n\nThe speaker crackles. Support was slow.' },
      { id: 'd2', text: 'Setup took five minutes. The app crashed twice.\n\nSupport answered within an hour. I like it.' },
    ];
    writeFileSync(join(dir, 'docs.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      [
        `store: ${join(dir, 'db')}`,
        `reports: ${join(dir, 'r')}`,
        `models: [{ id: 'builtin:lead-3' }, { id: 'gguf:${join(dir, 'tiny.gguf')}', label: tiny, options: { contextSize: 1024 } }]`,
        `datasets: [{ name: docs, path: ${join(dir, 'docs.jsonl')}, fields: { source: text } }]`,
        `probes: [{ name: primacy }]`,
        `generation: { maxTokens: 6 }`,
        // every registered mitigation; self-debias with a bias prefix in the tiny vocabulary (its
        // default prefix is spelled letter by letter there: more than Table A5's 30 tokens, refused)
        `mitigations: ${JSON.stringify(MITIGATIONS.map((m) => (m.id === 'self-debias' ? { id: m.id, options: { prefix: 'the news is very sad and terrible and bad:' } } : m.id)))}`,
        '',
      ].join('\n'),
    );
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code, res.stderr).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    const groups = results.probes[0]!.groups;
    const tiny = groups.filter((g) => g.labels.model === 'tiny');
    const selfDebias = 'self-debias:{"prefix":"the news is very sad and terrible and bad:"}';
    for (const c of ['baseline', 'self-awareness', 'partial-summaries', 'position-invariant-shuffle', 'mirostat', 'weighted-token-decoding', selfDebias]) {
      expect(tiny.find((g) => g.labels.condition === c)?.n, c).toBe(2);
    }
    const lead = groups.filter((g) => g.labels.model === 'builtin:lead-3');
    expect(lead.find((g) => g.labels.condition === 'mirostat')?.notApplicable).toMatch(/step-wise/);
    expect(lead.find((g) => g.labels.condition === 'weighted-summaries')?.n).toBe(2);
    // every condition that ran on the GGUF has its paired effects and its cost
    const ran = tiny.filter((g) => g.labels.condition !== 'baseline' && g.notApplicable === undefined).map((g) => g.labels.condition);
    for (const c of ran) expect(results.probes[0]!.costs!.some((x) => x.labels.model === 'tiny' && x.labels.condition === c), c).toBe(true);
  });
  it('reports self-debias as not applicable when its default prefix is 30+ tokens of the model, and finishes the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-mitig-prefix-'));
    writeTinyGguf(join(dir, 'tiny.gguf'));
    writeFileSync(join(dir, 'docs.jsonl'), JSON.stringify({ id: 'd1', text: 'The battery lasts two days. The screen is bright. The speaker crackles.' }) + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      [
        `store: ${join(dir, 'db')}`,
        `reports: ${join(dir, 'r')}`,
        `models: [{ id: 'gguf:${join(dir, 'tiny.gguf')}', label: tiny, options: { contextSize: 1024 } }]`,
        `datasets: [{ name: docs, path: ${join(dir, 'docs.jsonl')}, fields: { source: text } }]`,
        `probes: [{ name: primacy }]`,
        `generation: { maxTokens: 4 }`,
        `mitigations: [baseline, self-debias]`,
        '',
      ].join('\n'),
    );
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code, res.stderr).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    const groups = results.probes[0]!.groups;
    expect(groups.find((g) => g.labels.condition === 'baseline')?.n).toBe(1);
    const debias = groups.find((g) => g.labels.condition === 'self-debias');
    expect(debias?.n).toBe(0);
    expect(debias?.notApplicable).toMatch(/bias prefix is \d+ tokens of this model/);
  });
});
